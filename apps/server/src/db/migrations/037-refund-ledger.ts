import { type Kysely, sql } from 'kysely';
import { newId } from '../../lib/ids.js';

interface RefundedLine {
  id: string;
  purchase_id: string;
  quantity: number;
  total_cents: number;
  discount_cents: number | string;
  tax_cents: number | string;
  refund_id: string | null;
  refunded_at: string | null;
  updated_at: string;
  number: number;
  prices_include_tax: boolean | number;
  purchase_total_cents: number | string;
  purchase_tax_cents: number | string;
  /** Lines of its purchase, and how many of them are refunded. */
  lines: number | string;
  refunded_lines: number | string;
  lines_charged_cents: number | string | null;
  lines_tax_cents: number | string | null;
  credit_note_cents: number | string | null;
}

const charged = (line: RefundedLine) => line.total_cents - Number(line.discount_cents) + (line.prices_include_tax ? 0 : Number(line.tax_cents));

/**
 * Refunds as a ledger (SPEC-3 sections 1 and 4): a line can be given back part of its amount,
 * several times, and a purchase never more than it paid.
 *
 * - `refunds`: one row per refund asked of the provider (or found in its events), of one line
 *   (`order_id`) of a purchase. 'pending' from the moment it is reserved (counted against what
 *   is left of the payment, so concurrent admins cannot give back more than was paid) until the
 *   provider answers: 'succeeded' with the provider's refund id, or 'failed' with its reason.
 *   `tax_cents` is the tax share it gives back, `shipping_cents` the delivery in it (neither is
 *   revenue, decision 037), `restock_quantity` the pieces it put back on the shelf. The provider's id is unique per line (a refund made in the provider's dashboard of a
 *   whole purchase is recorded on each line it gives back).
 * - `orders.refunded_cents`: what has been given back for the line (succeeded refunds).
 * - `order_mail_outbox.refund_id`: the refund a 'refunded' or 'refund-failed' email tells of.
 *
 * Backfill: each line already refunded gets a succeeded row of what it was given back: its
 * credit note's amount where it has one, else what was charged for it, the last line of a
 * purchase refunded in full taking the rest of the payment (delivery and its tax), as the
 * refunds before this migration did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('refunds')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('purchase_id', 'varchar(24)', (col) => col.notNull().references('purchases.id').onDelete('restrict'))
    .addColumn('order_id', 'varchar(24)', (col) => col.notNull().references('orders.id').onDelete('restrict'))
    .addColumn('return_id', 'text')
    .addColumn('amount_cents', 'bigint', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn('tax_cents', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('shipping_cents', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('restock_quantity', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('pending', 'succeeded', 'failed')`))
    .addColumn('provider_refund_id', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('refunds_purchase_id').on('refunds').column('purchase_id').execute();
  await db.schema.createIndex('refunds_order_id').on('refunds').column('order_id').execute();
  await db.schema.createIndex('refunds_provider_refund_id').on('refunds').columns(['provider_refund_id', 'order_id']).unique().execute();
  await db.schema.alterTable('orders').addColumn('refunded_cents', 'bigint', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('order_mail_outbox').addColumn('refund_id', 'text').execute();

  const { rows } = await sql<RefundedLine>`
    select o.id, o.purchase_id, o.quantity, o.total_cents, o.discount_cents, o.tax_cents, o.refund_id, o.refunded_at, o.updated_at, o.number,
      p.prices_include_tax, p.total_cents as purchase_total_cents, p.tax_cents as purchase_tax_cents,
      (select count(*) from orders l where l.purchase_id = o.purchase_id) as lines,
      (select count(*) from orders l where l.purchase_id = o.purchase_id and l.status = 'refunded') as refunded_lines,
      (select sum(l.tax_cents) from orders l where l.purchase_id = o.purchase_id) as lines_tax_cents,
      (select sum(l.total_cents - l.discount_cents + case when p.prices_include_tax then 0 else l.tax_cents end) from orders l where l.purchase_id = o.purchase_id) as lines_charged_cents,
      (select c.amount_cents from credit_notes c where c.refund_id = o.refund_id) as credit_note_cents
    from orders o join purchases p on p.id = o.purchase_id
    where o.status = 'refunded'
    order by o.purchase_id, o.refunded_at, o.number`.execute(db);

  const byPurchase = new Map<string, RefundedLine[]>();
  for (const line of rows) byPurchase.set(line.purchase_id, [...(byPurchase.get(line.purchase_id) ?? []), line]);
  for (const lines of byPurchase.values()) {
    const first = lines[0]!;
    const wholly = Number(first.refunded_lines) === Number(first.lines);
    // The delivery went back with the line refunded last.
    const last = lines.at(-1)!;
    for (const line of lines) {
      let amount = charged(line);
      let tax = Number(line.tax_cents);
      let shipping = 0;
      if (wholly && line === last) {
        const deliveryTax = Number(line.purchase_tax_cents) - Number(line.lines_tax_cents ?? 0);
        amount += Number(line.purchase_total_cents) - Number(line.lines_charged_cents ?? 0);
        tax += deliveryTax;
        shipping = Number(line.purchase_total_cents) - Number(line.lines_charged_cents ?? 0) - deliveryTax;
      }
      // A credit note says what was given back; one refund of several lines has it on one of them only.
      if (line.credit_note_cents !== null && lines.filter((other) => other.refund_id === line.refund_id).length === 1) amount = Number(line.credit_note_cents);
      if (amount <= 0) continue;
      const stamp = line.refunded_at ?? line.updated_at;
      tax = Math.max(0, Math.min(tax, amount));
      shipping = Math.max(0, Math.min(shipping, amount - tax));
      await sql`insert into refunds (id, purchase_id, order_id, amount_cents, tax_cents, shipping_cents, restock_quantity, status, provider_refund_id, idempotency_key, created_at, completed_at)
        values (${newId(Date.parse(stamp) || Date.now())}, ${line.purchase_id}, ${line.id}, ${amount}, ${tax}, ${shipping}, ${line.quantity}, 'succeeded', ${line.refund_id}, ${null}, ${stamp}, ${stamp})`.execute(db);
      await sql`update orders set refunded_cents = ${amount} where id = ${line.id}`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_mail_outbox').dropColumn('refund_id').execute();
  await db.schema.alterTable('orders').dropColumn('refunded_cents').execute();
  await db.schema.dropTable('refunds').execute();
}
