import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { setAllowedValues } from './rebuild-sqlite-table.js';

const MAIL_KINDS = ['placed', 'paid', 'shipped', 'cancelled-unpaid', 'cancelled', 'refunded'];

/**
 * A refund the provider accepted and later could not make (Stripe's `refund.failed`: the card
 * was closed since) puts the order back to paid with the bank's reason, kept in
 * `refund_failure` for the shop; `refund_id` keeps the failed refund's id, so the next refund
 * is a new one at the provider. The customer hears of it by email.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('orders').addColumn('refund_failure', 'text').execute();
  await setAllowedValues(db, postgres, 'order_mail_outbox', 'kind', [...MAIL_KINDS, 'refund-failed']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`delete from order_mail_outbox where kind = 'refund-failed'`.execute(db);
  await setAllowedValues(db, postgres, 'order_mail_outbox', 'kind', MAIL_KINDS);
  await db.schema.alterTable('orders').dropColumn('refund_failure').execute();
}
