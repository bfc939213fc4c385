import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { rebuildSqliteTable } from './rebuild-sqlite-table.js';

/** What moves from every line of a purchase to the purchase: the buyer, where it goes, and its payment. */
const PURCHASE_COLUMNS = ['customer_name', 'email', 'location', 'phone', 'transaction_id', 'client_address'] as const;
const REQUIRED = new Set<string>(['customer_name', 'email', 'location', 'phone']);

/**
 * The purchase as a table (decision 021): what a customer pays for at once, a one-part
 * order or a cart's checkout, with SPEC's orders as its lines. Its id is the checkout's id, or
 * the one-part order's own id, so every URL and payment naming either names the purchase. The
 * buyer, the delivery address, the client address its holds count against, its status (waiting,
 * paid, cancelled), total and transaction are the purchase's; shipping and refunds stay line
 * events. A payment (and a test-mode intent) names the purchase it pays.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('purchases')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('customer_name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('location', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('waiting', 'paid', 'cancelled')`))
    .addColumn('total_cents', 'bigint', (col) => col.notNull())
    .addColumn('transaction_id', 'text')
    .addColumn('client_address', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('cancelled_at', 'text')
    .execute();
  await db.schema.createIndex('purchases_user_status').on('purchases').columns(['user_id', 'status']).execute();
  await db.schema.createIndex('purchases_status_created_at').on('purchases').columns(['status', 'created_at']).execute();

  await db.schema.alterTable('orders').addColumn('purchase_id', 'varchar(24)').execute();
  await sql`update orders set purchase_id = coalesce(checkout_id, id)`.execute(db);
  await db.schema.createIndex('orders_purchase_id').on('orders').columns(['purchase_id', 'number']).execute();
  // Each purchase from its first line (the lowest number), its status as its lines had it: any
  // line cancelled, cancelled; any waiting, waiting; otherwise paid (shipped and refunded lines were paid).
  await sql`
    insert into purchases (id, user_id, customer_name, email, location, phone, status, total_cents, transaction_id, client_address,
      created_at, updated_at, paid_at, cancelled_at)
    select first.purchase_id, first.user_id, first.customer_name, first.email, first.location, first.phone,
      case when lines.cancelled > 0 then 'cancelled' when lines.waiting > 0 then 'waiting' else 'paid' end,
      lines.total_cents, first.transaction_id, first.client_address, first.created_at, lines.updated_at, first.paid_at, first.cancelled_at
    from orders as first
    join (
      select purchase_id, min(number) as number, sum(total_cents) as total_cents, max(updated_at) as updated_at,
        sum(case when status = 'cancelled' then 1 else 0 end) as cancelled, sum(case when status = 'waiting' then 1 else 0 end) as waiting
      from orders group by purchase_id
    ) as lines on lines.purchase_id = first.purchase_id and lines.number = first.number`.execute(db);

  await db.schema.dropIndex('orders_checkout_id_idx').execute();
  await db.schema.alterTable('orders').dropColumn('checkout_id').execute();
  for (const column of PURCHASE_COLUMNS) await db.schema.alterTable('orders').dropColumn(column).execute();
  if (postgres) await sql`alter table orders alter column purchase_id set not null`.execute(db);
  else await rebuildSqliteTable(db, 'orders', (definition) => definition.replace(/("purchase_id" varchar\(24\))(?! not null)/i, '$1 not null'));

  await db.schema.alterTable('payments').renameColumn('order_id', 'purchase_id').execute();
  await db.schema.alterTable('test_payment_intents').renameColumn('order_id', 'purchase_id').execute();
  await db.schema.alterTable('test_payment_intents').dropColumn('pays_for').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('test_payment_intents').addColumn('pays_for', 'varchar(16)', (col) => col.notNull().defaultTo('order')).execute();
  await sql`update test_payment_intents set pays_for = 'checkout' where purchase_id not in (select id from orders)`.execute(db);
  await db.schema.alterTable('test_payment_intents').renameColumn('purchase_id', 'order_id').execute();
  await db.schema.alterTable('payments').renameColumn('purchase_id', 'order_id').execute();

  for (const column of PURCHASE_COLUMNS) {
    await db.schema
      .alterTable('orders')
      .addColumn(column, 'text', (col) => (REQUIRED.has(column) ? col.notNull().defaultTo('') : col))
      .execute();
    await sql`update orders set ${sql.ref(column)} = (select ${sql.ref(`purchases.${column}`)} from purchases where purchases.id = orders.purchase_id)`.execute(db);
    if (postgres && REQUIRED.has(column)) await sql`alter table orders alter column ${sql.ref(column)} drop default`.execute(db);
  }
  await db.schema.alterTable('orders').addColumn('checkout_id', 'varchar(24)').execute();
  await sql`update orders set checkout_id = purchase_id where purchase_id <> id`.execute(db);
  await db.schema.createIndex('orders_checkout_id_idx').on('orders').column('checkout_id').execute();
  await db.schema.dropIndex('orders_purchase_id').execute();
  await db.schema.alterTable('orders').dropColumn('purchase_id').execute();
  await db.schema.dropTable('purchases').execute();
}
