import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database, OrderRow, OrderStatus } from '../../db/schema.js';
import { lineNetCents } from '../../lib/pricing.js';

type Sale = Pick<OrderRow, 'purchase_id' | 'product_id' | 'quantity' | 'total_cents' | 'discount_cents' | 'tax_cents'>;

/**
 * What a line sold for and the tax it collected (decision 033's stored amounts, so a refund takes
 * back exactly what the payment counted): its total less its discount, less its tax where the
 * purchase's prices contained it; the tax apart. Delivery is not a line and not revenue; its tax
 * is counted with the tax (deliveryTaxOf).
 */
function lineSale(line: Pick<Sale, 'total_cents' | 'discount_cents' | 'tax_cents'>, pricesIncludeTax: boolean): { cents: number; taxCents: number } {
  return { cents: lineNetCents(line, pricesIncludeTax), taxCents: Number(line.tax_cents) };
}

type PurchaseTax = { prices_include_tax: boolean | number; tax_cents: number | string; lines_tax_cents: number | string | null };

/** The purchases of these lines: whether their prices contain tax, their tax, and their lines' tax. */
async function purchasesOf(trx: Transaction<Database>, orders: Sale[]): Promise<Map<string, PurchaseTax>> {
  const rows = await trx
    .selectFrom('purchases')
    .select(['purchases.id', 'purchases.prices_include_tax', 'purchases.tax_cents'])
    .select((eb) => [
      eb.selectFrom('orders').select((inner) => inner.fn.sum<number | string>('orders.tax_cents').as('sum')).whereRef('orders.purchase_id', '=', 'purchases.id').as('lines_tax_cents'),
    ])
    .where('purchases.id', 'in', [...new Set(orders.map((order) => order.purchase_id))])
    .execute();
  return new Map(rows.map(({ id, ...purchase }) => [id, purchase]));
}

/** The tax on delivery (where the rate taxes it) that a payment collects: the purchase's tax beyond its lines'. The refund that returns the delivery gives it back (the ledger's `deliveryIn`). */
function deliveryTaxOf(purchases: Map<string, PurchaseTax>): number {
  let cents = 0;
  for (const purchase of purchases.values()) cents += Number(purchase.tax_cents) - Number(purchase.lines_tax_cents ?? 0);
  return cents;
}

/** For an upsert of counts: on a key already there, each of these columns adds the new row's value to its own. */
function addingUp<Table extends keyof Database, Column extends keyof Database[Table] & string>(table: Table, columns: readonly Column[]): Record<Column, RawBuilder<number>> {
  return Object.fromEntries(columns.map((column) => [column, sql<number>`${sql.ref(`${table}.${column}`)} + ${sql.ref(`excluded.${column}`)}`])) as Record<Column, RawBuilder<number>>;
}

/**
 * Counts these orders' payment in the sales of the UTC day of `stamp` (decision 017): what the
 * day took and what each part sold. Refunds are counted by the ledger, one refund at a time
 * (`countRefund`). Called in the transaction that marks them paid, after its other writes (the
 * day's row, then the parts' in id order, as every caller locks them).
 */
export async function countPayment(trx: Transaction<Database>, orders: Sale[], stamp: string): Promise<void> {
  if (orders.length === 0) return;
  const day = stamp.slice(0, 10);
  const purchases = await purchasesOf(trx, orders);
  const sold = orders.map((order) => ({ order, ...lineSale(order, Boolean(purchases.get(order.purchase_id)?.prices_include_tax)) }));
  const cents = sold.reduce((sum, line) => sum + line.cents, 0);
  const taxCents = sold.reduce((sum, line) => sum + line.taxCents, 0) + deliveryTaxOf(purchases);
  await trx
    .insertInto('sales_days')
    .values({ day, paid_orders: orders.length, paid_cents: cents, refunded_orders: 0, refunded_cents: 0, tax_cents: taxCents })
    .onConflict((oc) => oc.column('day').doUpdateSet(addingUp('sales_days', ['paid_orders', 'paid_cents', 'refunded_orders', 'refunded_cents', 'tax_cents'])))
    .execute();

  const parts = new Map<string, { quantity: number; cents: number }>();
  for (const { order, cents: lineCents } of sold) {
    const part = parts.get(order.product_id) ?? { quantity: 0, cents: 0 };
    part.quantity += order.quantity;
    part.cents += lineCents;
    parts.set(order.product_id, part);
  }
  await trx
    .insertInto('sales_part_days')
    .values(
      [...parts.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([productId, part]) => ({ day, product_id: productId, quantity: part.quantity, cents: part.cents })),
    )
    .onConflict((oc) => oc.columns(['day', 'product_id']).doUpdateSet(addingUp('sales_part_days', ['quantity', 'cents'])))
    .execute();
}

/** One refund of the ledger as the sales count it: its line's part, the revenue it gave back (without tax and delivery) and its tax share, the pieces it put back, and whether it refunded the line. */
export interface CountedRefund {
  productId: string;
  revenueCents: number;
  taxCents: number;
  quantity: number;
  /** 1 when it moved its line to refunded (or, failing, back to paid). */
  lines: 0 | 1;
}

/**
 * Counts one refund of the ledger in the sales of the UTC day of `stamp`: what the day gave back
 * grows by its amount without its tax share and its delivery (decision 037), the day's tax
 * shrinks by that share, and its part
 * sold that much less (and the pieces it put back fewer); a refund the bank sent back undoes it
 * on its own day. The refund's own amounts, so a part of a line counts as a part. Same lock
 * order as `countPayment`: the day's row, then the part's.
 */
export async function countRefund(trx: Transaction<Database>, refund: CountedRefund, event: 'refunded' | 'refund-failed', stamp: string): Promise<void> {
  const day = stamp.slice(0, 10);
  const sign = event === 'refunded' ? 1 : -1;
  const net = refund.revenueCents;
  await trx
    .insertInto('sales_days')
    .values({ day, paid_orders: 0, paid_cents: 0, refunded_orders: sign * refund.lines, refunded_cents: sign * net, tax_cents: -sign * refund.taxCents })
    .onConflict((oc) => oc.column('day').doUpdateSet(addingUp('sales_days', ['paid_orders', 'paid_cents', 'refunded_orders', 'refunded_cents', 'tax_cents'])))
    .execute();
  await trx
    .insertInto('sales_part_days')
    .values({ day, product_id: refund.productId, quantity: -sign * refund.quantity, cents: -sign * net })
    .onConflict((oc) => oc.columns(['day', 'product_id']).doUpdateSet(addingUp('sales_part_days', ['quantity', 'cents'])))
    .execute();
}

type Moved = Pick<OrderRow, 'created_at'>;
type CountedStatus = Exclude<OrderStatus, 'waiting'>;

/**
 * Moves these orders from one status to another in the orders by status of the UTC day each was
 * placed (decision 019); 'waiting' is not kept there (it is counted in the orders' index). Called
 * in the transaction that changes their status, as its last write (one row per day, in day order).
 */
export async function countStatusMove(trx: Transaction<Database>, orders: Moved[], from: OrderStatus, to: CountedStatus): Promise<void> {
  const perDay = new Map<string, number>();
  for (const order of orders) {
    const day = order.created_at.slice(0, 10);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  const delta = (status: CountedStatus, count: number) => (status === to ? count : 0) - (status === from ? count : 0);
  for (const [day, count] of [...perDay.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await trx
      .insertInto('order_status_days')
      .values({ day, paid: delta('paid', count), shipped: delta('shipped', count), cancelled: delta('cancelled', count), refunded: delta('refunded', count) })
      .onConflict((oc) => oc.column('day').doUpdateSet(addingUp('order_status_days', ['paid', 'shipped', 'cancelled', 'refunded'])))
      .execute();
  }
}
