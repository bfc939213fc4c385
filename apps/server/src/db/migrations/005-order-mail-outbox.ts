import { type Kysely, sql } from 'kysely';

/**
 * Order emails waiting to be sent. A row is written in the same transaction as the order change
 * it tells about, so no committed order misses its email and no rolled-back one sends one; a
 * background dispatcher sends them and removes the rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_mail_outbox')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('order_id', 'varchar(24)', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('placed', 'paid', 'shipped', 'cancelled-unpaid')`))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('claimed_until', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('order_mail_outbox_due').on('order_mail_outbox').columns(['next_attempt_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_mail_outbox').ifExists().execute();
}
