import { type Kysely, sql } from 'kysely';

/** Products, reviews, orders and contact messages. Money is integer cents, times are ISO-8601 UTC text. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('products')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('price_cents', 'integer', (col) => col.notNull().check(sql`price_cents > 0`))
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity >= 0`))
    .addColumn('minimum', 'integer', (col) => col.notNull().check(sql`minimum >= 1`))
    .addColumn('img', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('review', 'text', (col) => col.notNull())
    .addColumn('ratings', 'integer', (col) => col.notNull().check(sql`ratings between 1 and 5`))
    .addColumn('img', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('reviews_user_id_idx').on('reviews').column('user_id').execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('product_id', 'varchar(24)', (col) => col.notNull())
    .addColumn('customer_name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('tool_name', 'text', (col) => col.notNull())
    .addColumn('unit_price_cents', 'integer', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn('total_cents', 'integer', (col) => col.notNull())
    .addColumn('location', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('waiting', 'paid', 'shipped', 'cancelled')`),
    )
    .addColumn('transaction_id', 'text', (col) => col.unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('orders_user_id_idx').on('orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('orders_status_idx').on('orders').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['contact_messages', 'orders', 'reviews', 'products']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
