import type { Insertable, Kysely } from 'kysely';
import type { ContactMessageTable, Database } from '../../db/schema.js';

export type NewContactMessageRow = Insertable<ContactMessageTable>;

export function createContactRepository(db: Kysely<Database>) {
  return {
    async insert(message: NewContactMessageRow): Promise<void> {
      await db.insertInto('contact_messages').values(message).execute();
    },
  };
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
