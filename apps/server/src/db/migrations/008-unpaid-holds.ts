import { type Kysely, sql } from 'kysely';

/**
 * What each account holds in orders waiting for payment, and how many orders it placed in the
 * current minute, kept beside the orders so the order statement checks an account's limits on
 * one row it locks (under concurrency, PostgreSQL re-reads a locked row as it is now, while a
 * count of other rows would be taken as of the statement's start). Filled from the orders
 * already waiting.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('unpaid_holds')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('orders', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('units', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('window_started_at', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('placed_in_window', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`
    insert into unpaid_holds (user_id, orders, units)
    select user_id, count(*), sum(quantity) from orders where status = 'waiting' group by user_id
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('unpaid_holds').ifExists().execute();
}
