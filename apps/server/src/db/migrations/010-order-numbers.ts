import { type Kysely, PostgresAdapter, sql } from 'kysely';

/** The first order number; customers read '#10001', never '#1'. */
const FIRST_ORDER_NUMBER = 10001;

/**
 * Every order gets a short number a customer can read out on the phone (#10234), unique and in
 * the order the orders were placed. The orders already there are numbered by their time. On
 * PostgreSQL a sequence hands out the next number, so concurrent orders never wait on each
 * other for it; on SQLite the order statement takes the largest number plus one under the
 * write lock it holds anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('number', 'integer').execute();
  await sql`
    update orders set number = numbered.number
    from (select id, ${sql.lit(FIRST_ORDER_NUMBER - 1)} + row_number() over (order by created_at, id) as number from orders) as numbered
    where numbered.id = orders.id
  `.execute(db);
  await db.schema.createIndex('orders_number').unique().on('orders').column('number').execute();
  if (isPostgres(db)) {
    await sql`create sequence order_numbers start with ${sql.lit(FIRST_ORDER_NUMBER)} owned by orders.number`.execute(db);
    await sql`select setval('order_numbers', max(number)) from orders having count(*) > 0`.execute(db);
    await sql`alter table orders alter column number set default nextval('order_numbers'), alter column number set not null`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_number').execute();
  // On PostgreSQL the sequence belongs to the column and goes with it.
  await db.schema.alterTable('orders').dropColumn('number').execute();
}

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;
