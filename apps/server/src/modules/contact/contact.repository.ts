import { sql, type Insertable, type Kysely } from 'kysely';
import type { ContactMessageRow, ContactMessageTable, Database } from '../../db/schema.js';

export type NewContactMessageRow = Insertable<ContactMessageTable>;

/** Database access of the contact form's messages, the shop's inbox. */
export function createContactRepository(db: Kysely<Database>) {
  const countWhere = async (unreadOnly: boolean): Promise<number> => {
    let query = db.selectFrom('contact_messages').select(sql<number>`count(*)`.as('n'));
    if (unreadOnly) query = query.where('read_at', 'is', null);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };

  return {
    async insert(message: NewContactMessageRow): Promise<void> {
      await db.insertInto('contact_messages').values(message).execute();
    },

    /** A page of messages, newest first. */
    listPage({ offset, limit }: { offset: number; limit: number }): Promise<ContactMessageRow[]> {
      return db.selectFrom('contact_messages').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
    },

    count: () => countWhere(false),
    countUnread: () => countWhere(true),

    /** Marks a message read (now) or unread; answers whether the message exists. */
    async setReadAt(id: string, readAt: string | null): Promise<boolean> {
      const result = await db.updateTable('contact_messages').set({ read_at: readAt }).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
