import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { setAllowedValues } from './rebuild-sqlite-table.js';

const STATUSES = ['waiting', 'paid', 'shipped', 'cancelled'];
const MAIL_KINDS = ['placed', 'paid', 'shipped', 'cancelled-unpaid', 'cancelled'];

/**
 * Running the shop (SPEC-2 section 6): a paid order can be refunded (status 'refunded', with the
 * provider's refund id and time; `refund_claimed_until` marks a refund under way, so two admins
 * never refund one order twice), a shipment can carry a carrier and a tracking number, and the
 * customer hears of a refund by email. Test mode keeps its refunds as Stripe would. Manage All
 * Orders lists one status newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await setAllowedValues(db, postgres, 'orders', 'status', [...STATUSES, 'refunded']);
  await setAllowedValues(db, postgres, 'order_mail_outbox', 'kind', [...MAIL_KINDS, 'refunded']);
  for (const column of ['refund_id', 'refunded_at', 'refund_claimed_until', 'carrier', 'tracking_number']) {
    await db.schema.alterTable('orders').addColumn(column, 'text').execute();
  }
  await db.schema
    .createTable('test_refunds')
    .addColumn('id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('intent_id', 'varchar(40)', (col) => col.notNull().references('test_payment_intents.id'))
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('succeeded', 'failed')`))
    .addColumn('failure_reason', 'text')
    .addColumn('metadata', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('test_refunds_intent_id').on('test_refunds').column('intent_id').execute();
  // Manage All Orders: one status, newest first, a page at a time.
  await db.schema.createIndex('orders_status_number').on('orders').columns(['status', 'number']).execute();
}

/** Back to no refunds: refunded orders read as paid again, their refund emails dropped. */
export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropIndex('orders_status_number').execute();
  await db.schema.dropTable('test_refunds').execute();
  for (const column of ['refund_id', 'refunded_at', 'refund_claimed_until', 'carrier', 'tracking_number']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
  await sql`delete from order_mail_outbox where kind = 'refunded'`.execute(db);
  await setAllowedValues(db, postgres, 'order_mail_outbox', 'kind', MAIL_KINDS);
  await sql`update orders set status = 'paid' where status = 'refunded'`.execute(db);
  await setAllowedValues(db, postgres, 'orders', 'status', STATUSES);
}
