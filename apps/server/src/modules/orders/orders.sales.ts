import type { Transaction } from 'kysely';
import type { Database, OrderRow } from '../../db/schema.js';

type Sale = Pick<OrderRow, 'product_id' | 'quantity' | 'total_cents'>;

/**
 * Counts these orders in the sales of the UTC day of `stamp` (decision 017): a payment adds
 * them to what the day took and what each part sold; a refund adds them to what the day gave
 * back and takes them off what each part sold. Called in the transaction that changes their
 * status, after its other writes (the day's row, then the parts' in id order, as every caller
 * locks them).
 */
export async function countSales(trx: Transaction<Database>, orders: Sale[], event: 'paid' | 'refunded', stamp: string): Promise<void> {
  if (orders.length === 0) return;
  const day = stamp.slice(0, 10);
  const cents = orders.reduce((sum, order) => sum + order.total_cents, 0);
  const paid = event === 'paid';
  await trx
    .insertInto('sales_days')
    .values({ day, paid_orders: paid ? orders.length : 0, paid_cents: paid ? cents : 0, refunded_orders: paid ? 0 : orders.length, refunded_cents: paid ? 0 : cents })
    .onConflict((oc) =>
      oc.column('day').doUpdateSet((eb) => ({
        paid_orders: eb('sales_days.paid_orders', '+', eb.ref('excluded.paid_orders')),
        paid_cents: eb('sales_days.paid_cents', '+', eb.ref('excluded.paid_cents')),
        refunded_orders: eb('sales_days.refunded_orders', '+', eb.ref('excluded.refunded_orders')),
        refunded_cents: eb('sales_days.refunded_cents', '+', eb.ref('excluded.refunded_cents')),
      })),
    )
    .execute();

  const parts = new Map<string, { quantity: number; cents: number }>();
  for (const order of orders) {
    const part = parts.get(order.product_id) ?? { quantity: 0, cents: 0 };
    part.quantity += order.quantity;
    part.cents += order.total_cents;
    parts.set(order.product_id, part);
  }
  const sign = paid ? 1 : -1;
  await trx
    .insertInto('sales_part_days')
    .values(
      [...parts.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([productId, part]) => ({ day, product_id: productId, quantity: sign * part.quantity, cents: sign * part.cents })),
    )
    .onConflict((oc) =>
      oc.columns(['day', 'product_id']).doUpdateSet((eb) => ({
        quantity: eb('sales_part_days.quantity', '+', eb.ref('excluded.quantity')),
        cents: eb('sales_part_days.cents', '+', eb.ref('excluded.cents')),
      })),
    )
    .execute();
}
