import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Orders by status on the sales page (decision 019): per UTC day of placement, how many of the
 * orders placed that day are paid, shipped, cancelled or refunded now, kept by the orders module
 * in the transaction that moves them there. Orders still waiting for payment are few (the sweep
 * cancels them) and are counted in the (status, created_at) index. Existing orders are counted once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('order_status_days')
    .addColumn('day', 'varchar(10)', (col) => col.primaryKey())
    .addColumn('paid', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('shipped', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('cancelled', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('refunded', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // Orders by status no longer count every order of a range in the index: the default vacuum.
  if (postgres) await sql`alter table orders reset (autovacuum_vacuum_scale_factor, autovacuum_analyze_scale_factor)`.execute(db);
  await countExistingStatuses(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table orders set (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02)`.execute(db);
  }
  await db.schema.dropTable('order_status_days').execute();
}

/** The orders already there, by the day they were placed and the status they are in; the table is empty before. */
export async function countExistingStatuses(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into order_status_days (day, paid, shipped, cancelled, refunded)
    select substr(created_at, 1, 10),
      sum(case when status = 'paid' then 1 else 0 end),
      sum(case when status = 'shipped' then 1 else 0 end),
      sum(case when status = 'cancelled' then 1 else 0 end),
      sum(case when status = 'refunded' then 1 else 0 end)
    from orders where status <> 'waiting' group by substr(created_at, 1, 10)`.execute(db);
}
