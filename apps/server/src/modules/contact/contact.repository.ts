import { sql, type Insertable, type Kysely } from 'kysely';
import type { ContactMessageRow, ContactMessageTable, Database } from '../../db/schema.js';
import { type Actor, changesBetween, recordActivity } from '../activity/activity.plugin.js';

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

    /** Marks a message read (now) or unread, with `actor`'s entry; answers whether the message exists. */
    async setReadAt(id: string, readAt: string | null, actor?: Actor): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('contact_messages').select(['subject', 'name', 'read_at']).where('id', '=', id).executeTakeFirst();
        if (!before) return false;
        await trx.updateTable('contact_messages').set({ read_at: readAt }).where('id', '=', id).execute();
        await recordActivity(trx, actor, {
          action: 'message.updated',
          record: { type: 'message', id, label: `${before.subject} (${before.name})` },
          changes: changesBetween({ read: before.read_at !== null }, { read: readAt !== null }),
        });
        return true;
      });
    },
  };
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
