import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { rebuildSqliteTable } from './rebuild-sqlite-table.js';

/**
 * Checkouts (SPEC-2 section 5): the orders placed together from one cart share a checkout id,
 * are paid by one payment and cancelled together. A payment is recorded against what it pays,
 * an order or a checkout (`payments.order_id` holds either id); test mode's intents remember
 * which of the two their metadata names. The lines of a checkout carry the same transaction id,
 * so an order's transaction id is no longer unique (a payment's intent still is, in `payments`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await dropUniqueTransactionId(db);
  await db.schema.alterTable('orders').addColumn('checkout_id', 'varchar(24)').execute();
  await db.schema.createIndex('orders_checkout_id_idx').on('orders').column('checkout_id').execute();
  await db.schema
    .alterTable('test_payment_intents')
    .addColumn('pays_for', 'varchar(16)', (col) => col.notNull().defaultTo('order'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('test_payment_intents').dropColumn('pays_for').execute();
  await db.schema.dropIndex('orders_checkout_id_idx').execute();
  await db.schema.alterTable('orders').dropColumn('checkout_id').execute();
  await restoreUniqueTransactionId(db);
}

/**
 * PostgreSQL drops the constraint. SQLite cannot drop a column's UNIQUE, so the table is
 * rebuilt from its own definition without it (no table references orders), in one transaction.
 */
async function dropUniqueTransactionId(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table orders drop constraint if exists orders_transaction_id_key`.execute(db);
    return;
  }
  await rebuildSqliteTable(db, 'orders', (definition) => definition.replace(/("transaction_id" text) unique/i, '$1'));
}

/** Back to one order per transaction id: refused while two orders share one. */
async function restoreUniqueTransactionId(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table orders add constraint orders_transaction_id_key unique (transaction_id)`.execute(db);
    return;
  }
  await rebuildSqliteTable(db, 'orders', (definition) => definition.replace(/("transaction_id" text)(?! unique)/i, '$1 unique'));
}
