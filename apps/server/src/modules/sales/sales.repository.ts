import { type Kysely, sql } from 'kysely';
import type { Database, OrderStatus } from '../../db/schema.js';

/** A UTC day's range, both ends included (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

/** PostgreSQL answers sums and bigints as strings. */
const toNumber = (value: number | string | bigint | null | undefined): number => Number(value ?? 0);

/**
 * The sales figures, read from the daily sales the orders module keeps (decision 017) and,
 * for orders by status, from the orders placed in the range through their (created_at, status)
 * index: the database sums, nothing loads every order.
 */
export function createSalesRepository(db: Kysely<Database>) {
  /** Each part's pieces and money in the range, refunds taken off. */
  const partSales = ({ from, to }: DayRange) =>
    db
      .selectFrom('sales_part_days')
      .select(['product_id', (eb) => eb.fn.sum<number>('quantity').as('sold'), (eb) => eb.fn.sum<number>('cents').as('cents')])
      .where('day', '>=', from)
      .where('day', '<=', to)
      .groupBy('product_id');

  return {
    /** The range's days that took or gave back anything. */
    async days({ from, to }: DayRange) {
      const rows = await db.selectFrom('sales_days').selectAll().where('day', '>=', from).where('day', '<=', to).orderBy('day').execute();
      return rows.map((row) => ({
        day: row.day,
        paidOrders: toNumber(row.paid_orders),
        paidCents: toNumber(row.paid_cents),
        refundedOrders: toNumber(row.refunded_orders),
        refundedCents: toNumber(row.refunded_cents),
      }));
    },

    /** How many of the orders placed in the range are in each status now. */
    async statuses({ from, to }: DayRange): Promise<Map<OrderStatus, number>> {
      const rows = await db
        .selectFrom('orders')
        .select(['status', (eb) => eb.fn.countAll<number>().as('orders')])
        .where('created_at', '>=', from)
        .where('created_at', '<', nextDay(to))
        .groupBy('status')
        .execute();
      return new Map(rows.map((row) => [row.status, toNumber(row.orders)]));
    },

    /** The parts that sold the most pieces in the range (more than none), with their names now or, for a part deleted since, as last ordered. */
    async bestSellers(range: DayRange, limit: number) {
      const rows = await db
        .selectFrom(partSales(range).as('sales'))
        .leftJoin('products', 'products.id', 'sales.product_id')
        .select(['sales.product_id', 'sales.sold', 'sales.cents', 'products.name', 'products.part_number'])
        .where('sales.sold', '>', 0)
        .orderBy('sales.sold', 'desc')
        .orderBy('sales.cents', 'desc')
        .orderBy('sales.product_id')
        .limit(limit)
        .execute();
      const gone = rows.filter((row) => row.name === null).map((row) => row.product_id);
      const lastNames = new Map<string, string>();
      for (const productId of gone) {
        const last = await db.selectFrom('orders').select('tool_name').where('product_id', '=', productId).orderBy('number', 'desc').limit(1).executeTakeFirst();
        lastNames.set(productId, last?.tool_name ?? '');
      }
      return rows.map((row) => ({
        productId: row.product_id,
        name: row.name ?? lastNames.get(row.product_id) ?? '',
        partNumber: row.part_number,
        quantity: toNumber(row.sold),
        cents: toNumber(row.cents),
      }));
    },

    /**
     * Parts under their minimum (cannot be ordered), then parts whose stock lasts fewer than
     * `lowDays` days at the rate the range's `days` sold them, soonest out first.
     */
    async lowStock(range: DayRange & { days: number }, lowDays: number, limit: number) {
      const { days } = range;
      const sold = sql<number>`coalesce(sales.sold, 0)`;
      const rows = await db
        .selectFrom('products')
        .leftJoin(partSales(range).as('sales'), 'sales.product_id', 'products.id')
        .select(['products.id', 'products.name', 'products.part_number', 'products.quantity', 'products.minimum', sold.as('sold')])
        .where((eb) => eb.or([eb('products.quantity', '<', eb.ref('products.minimum')), eb.and([eb(sold, '>', 0), sql<boolean>`products.quantity * ${days} < ${sold} * ${lowDays}`])]))
        // Out of stock first, the best selling of those first; then by the days the stock lasts.
        .orderBy(sql`case when products.quantity < products.minimum then 0 else 1 end`)
        .orderBy(sql`case when products.quantity < products.minimum then -${sold} else products.quantity * 1.0 * ${days} / ${sold} end`)
        .orderBy('products.name')
        .limit(limit)
        .execute();
      return rows.map((row) => {
        const soldPieces = toNumber(row.sold);
        const daysLeft = row.quantity < row.minimum ? 0 : Math.floor((row.quantity * days) / soldPieces);
        return { productId: row.id, name: row.name, partNumber: row.part_number, quantity: row.quantity, minimum: row.minimum, sold: soldPieces, daysLeft };
      });
    },
  };
}
export type SalesRepository = ReturnType<typeof createSalesRepository>;

/** The day after `day`, where a range's last day ends (created_at is an ISO time in UTC). */
const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
