import { type Kysely, sql } from 'kysely';

/**
 * Payments: one payment intent per order (reused on retry), the test-mode provider's own
 * intents, and the webhook events already processed (each exactly once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('paid_at', 'text').execute();
  await db.schema.alterTable('orders').addColumn('shipped_at', 'text').execute();
  await db.schema.alterTable('orders').addColumn('cancelled_at', 'text').execute();

  await db.schema
    .createTable('payments')
    .addColumn('order_id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('provider', 'text', (col) => col.notNull().check(sql`provider in ('test', 'stripe')`))
    .addColumn('intent_id', 'text', (col) => col.notNull().unique())
    .addColumn('client_secret', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('test_payment_intents')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('client_secret', 'text', (col) => col.notNull().unique())
    .addColumn('idempotency_key', 'text', (col) => col.unique())
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('order_id', 'varchar(24)', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('requires_payment_method', 'processing', 'succeeded', 'canceled')`),
    )
    .addColumn('last_error', 'text')
    .addColumn('card_last4', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('webhook_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['webhook_events', 'test_payment_intents', 'payments']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  for (const column of ['cancelled_at', 'shipped_at', 'paid_at']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
}
