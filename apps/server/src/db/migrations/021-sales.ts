import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Sales (SPEC-2 section 6): what each UTC day took and gave back, and what each part sold that
 * day, kept by the orders module in the same transaction that marks orders paid or refunded
 * (decision 017). A payment counts on the day it was made, a refund on the day it was made, so
 * a closed day never changes, and a range's closed days can be summed per part once. Existing
 * orders are counted once here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('sales_days')
    .addColumn('day', 'varchar(10)', (col) => col.primaryKey())
    .addColumn('paid_orders', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('paid_cents', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('refunded_orders', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('refunded_cents', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  // Read by a range of days, summed per part: the key holds every column the sum reads.
  await db.schema
    .createTable('sales_part_days')
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('product_id', 'varchar(24)', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('cents', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('sales_part_days_pk', ['day', 'product_id'])
    .$call((table) => (postgres ? table : table.modifyEnd(sql`without rowid`)))
    .execute();
  // A range's closed days summed per part once (the sales page asks the same ranges all day);
  // `sales_windows` marks a window as summed, parts or none.
  await db.schema
    .createTable('sales_windows')
    .addColumn('from_day', 'varchar(10)', (col) => col.notNull())
    .addColumn('through_day', 'varchar(10)', (col) => col.notNull())
    .addPrimaryKeyConstraint('sales_windows_pk', ['from_day', 'through_day'])
    .execute();
  await db.schema
    .createTable('sales_part_windows')
    .addColumn('from_day', 'varchar(10)', (col) => col.notNull())
    .addColumn('through_day', 'varchar(10)', (col) => col.notNull())
    .addColumn('product_id', 'varchar(24)', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('cents', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('sales_part_windows_pk', ['from_day', 'through_day', 'product_id'])
    .$call((table) => (postgres ? table : table.modifyEnd(sql`without rowid`)))
    .execute();
  // Orders by status: the orders of one status placed in a range of days, counted in the index.
  await db.schema.createIndex('orders_status_created_at').on('orders').columns(['status', 'created_at']).execute();
  // Counted in the index alone only where the table's pages are marked all-visible: recent
  // orders change status daily, so PostgreSQL vacuums the table after 2 % of it changed, not 20 %.
  if (postgres) await sql`alter table orders set (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02)`.execute(db);
  await countExistingOrders(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`alter table orders reset (autovacuum_vacuum_scale_factor, autovacuum_analyze_scale_factor)`.execute(db);
  await db.schema.dropIndex('orders_status_created_at').execute();
  await db.schema.dropTable('sales_part_windows').execute();
  await db.schema.dropTable('sales_windows').execute();
  await db.schema.dropTable('sales_part_days').execute();
  await db.schema.dropTable('sales_days').execute();
}

/** The sales of the orders already paid and refunded; the tables are empty before. */
export async function countExistingOrders(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into sales_days (day, paid_orders, paid_cents, refunded_orders, refunded_cents)
    select day, sum(paid_orders), sum(paid_cents), sum(refunded_orders), sum(refunded_cents) from (
      select substr(paid_at, 1, 10) as day, count(*) as paid_orders, sum(total_cents) as paid_cents, 0 as refunded_orders, 0 as refunded_cents
      from orders where paid_at is not null group by substr(paid_at, 1, 10)
      union all
      select substr(refunded_at, 1, 10), 0, 0, count(*), sum(total_cents)
      from orders where refunded_at is not null group by substr(refunded_at, 1, 10)
    ) as days group by day`.execute(db);
  await sql`
    insert into sales_part_days (day, product_id, quantity, cents)
    select day, product_id, sum(quantity), sum(cents) from (
      select substr(paid_at, 1, 10) as day, product_id, quantity, total_cents as cents from orders where paid_at is not null
      union all
      select substr(refunded_at, 1, 10), product_id, -quantity, -total_cents from orders where refunded_at is not null
    ) as sales group by day, product_id`.execute(db);
}
