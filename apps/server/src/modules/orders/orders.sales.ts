import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database, OrderRow, OrderStatus } from '../../db/schema.js';
import { lineNetCents } from '../../lib/pricing.js';

type Sale = Pick<OrderRow, 'purchase_id' | 'product_id' | 'quantity' | 'total_cents' | 'discount_cents' | 'tax_cents'>;

/**
 * What a line sold for and the tax it collected (decision 033's stored amounts, so a refund takes
 * back exactly what the payment counted): its total less its discount, less its tax where the
 * purchase's prices contained it; the tax apart. Delivery is not a line and not revenue.
 */
function lineSale(line: Pick<Sale, 'total_cents' | 'discount_cents' | 'tax_cents'>, pricesIncludeTax: boolean): { cents: number; taxCents: number } {
  return { cents: lineNetCents(line, pricesIncludeTax), taxCents: Number(line.tax_cents) };
}

/** For an upsert of counts: on a key already there, each of these columns adds the new row's value to its own. */
function addingUp<Table extends keyof Database, Column extends keyof Database[Table] & string>(table: Table, columns: readonly Column[]): Record<Column, RawBuilder<number>> {
  return Object.fromEntries(columns.map((column) => [column, sql<number>`${sql.ref(`${table}.${column}`)} + ${sql.ref(`excluded.${column}`)}`])) as Record<Column, RawBuilder<number>>;
}

/**
 * Counts these orders in the sales of the UTC day of `stamp` (decision 017): a payment adds
 * them to what the day took and what each part sold; a refund adds them to what the day gave
 * back and takes them off what each part sold; a refund that failed after it was counted
 * undoes that on its own day. Called in the transaction that changes their
 * status, after its other writes (the day's row, then the parts' in id order, as every caller
 * locks them).
 */
export async function countSales(trx: Transaction<Database>, orders: Sale[], event: 'paid' | 'refunded' | 'refund-failed', stamp: string): Promise<void> {
  if (orders.length === 0) return;
  const day = stamp.slice(0, 10);
  // Whether the prices contained the tax matters only to lines that carry some: untaxed purchases skip the read.
  const taxed = [...new Set(orders.filter((order) => Number(order.tax_cents) !== 0).map((order) => order.purchase_id))];
  const taxIncluded = new Set(
    taxed.length === 0
      ? []
      : (await trx.selectFrom('purchases').select(['id', 'prices_include_tax']).where('id', 'in', taxed).execute()).filter((purchase) => Boolean(purchase.prices_include_tax)).map((purchase) => purchase.id),
  );
  const sold = orders.map((order) => ({ order, ...lineSale(order, taxIncluded.has(order.purchase_id)) }));
  const cents = sold.reduce((sum, line) => sum + line.cents, 0);
  const taxCents = sold.reduce((sum, line) => sum + line.taxCents, 0);
  const paid = event === 'paid';
  const refunded = event === 'paid' ? 0 : event === 'refunded' ? 1 : -1;
  await trx
    .insertInto('sales_days')
    .values({
      day,
      paid_orders: paid ? orders.length : 0,
      paid_cents: paid ? cents : 0,
      refunded_orders: refunded * orders.length,
      refunded_cents: refunded * cents,
      // The tax the day kept: collected by its payments, less what its refunds gave back.
      tax_cents: paid ? taxCents : -refunded * taxCents,
    })
    .onConflict((oc) => oc.column('day').doUpdateSet(addingUp('sales_days', ['paid_orders', 'paid_cents', 'refunded_orders', 'refunded_cents', 'tax_cents'])))
    .execute();

  const parts = new Map<string, { quantity: number; cents: number }>();
  for (const { order, cents: lineCents } of sold) {
    const part = parts.get(order.product_id) ?? { quantity: 0, cents: 0 };
    part.quantity += order.quantity;
    part.cents += lineCents;
    parts.set(order.product_id, part);
  }
  const sign = event === 'refunded' ? -1 : 1;
  await trx
    .insertInto('sales_part_days')
    .values(
      [...parts.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([productId, part]) => ({ day, product_id: productId, quantity: sign * part.quantity, cents: sign * part.cents })),
    )
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
