import { type Kysely, sql } from 'kysely';

/**
 * The order email outbox also takes the email of an order its customer cancelled. Its kinds are a
 * check constraint, which SQLite cannot change in place: the table is rebuilt on both databases,
 * its waiting emails carried over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, ['placed', 'paid', 'shipped', 'cancelled-unpaid', 'cancelled']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from order_mail_outbox where kind = 'cancelled'`.execute(db);
  await rebuild(db, ['placed', 'paid', 'shipped', 'cancelled-unpaid']);
}

async function rebuild(db: Kysely<unknown>, kinds: readonly string[]): Promise<void> {
  await db.schema
    .createTable('order_mail_outbox_next')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('order_id', 'varchar(24)', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in (${sql.join(kinds.map((kind) => sql.lit(kind)))})`))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('claimed_until', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await sql`insert into order_mail_outbox_next (id, order_id, kind, created_at, next_attempt_at, attempts, claimed_until, last_error)
    select id, order_id, kind, created_at, next_attempt_at, attempts, claimed_until, last_error from order_mail_outbox`.execute(db);
  await db.schema.dropTable('order_mail_outbox').execute();
  await db.schema.alterTable('order_mail_outbox_next').renameTo('order_mail_outbox').execute();
  await db.schema.createIndex('order_mail_outbox_due').on('order_mail_outbox').columns(['next_attempt_at', 'id']).execute();
}
