import type { Kysely } from 'kysely';

/**
 * The contact form's messages become the shop's inbox: each is unread until an admin marks it
 * read, and the Messages page reads them newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contact_messages').addColumn('read_at', 'text').execute();
  await db.schema.createIndex('contact_messages_newest').on('contact_messages').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('contact_messages_read').on('contact_messages').column('read_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('contact_messages_read').execute();
  await db.schema.dropIndex('contact_messages_newest').execute();
  await db.schema.alterTable('contact_messages').dropColumn('read_at').execute();
}
