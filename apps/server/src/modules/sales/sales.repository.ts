import { addDays, daysInRange, ORDER_STATUSES, SALES_RANGES } from '@shop/shared';
import { sql } from 'kysely';
import type { ShopDatabase } from '../../db/database.js';
import type { OrderStatus } from '../../db/schema.js';

/** A UTC day's range, both ends included (YYYY-MM-DD), and the day it is today (UTC). */
export interface DayRange {
  from: string;
  to: string;
  today: string;
}

/** PostgreSQL answers sums and bigints as strings. */
const toNumber = (value: number | string | bigint | null | undefined): number => Number(value ?? 0);

/**
 * The sales figures, read from the daily sales and orders by status the orders module keeps
 * (decisions 017 and 019): the database sums, nothing loads every order.
 */
export function createSalesRepository(database: ShopDatabase) {
  const { db } = database;

  /**
   * The closed days of a range the sales page offers (the last 7, 30 or 90 days): all but today
   * and yesterday, whose sales may still move (a payment's transaction open at midnight). Their
   * part sales are summed once, by whichever request or instance comes first, and read from then on.
   */
  async function closedWindow({ from, to, today }: DayRange): Promise<{ from: string; through: string } | undefined> {
    const through = addDays(today, -2);
    const days = daysInRange(from, to);
    if (to < addDays(today, -1) || from > through || !SALES_RANGES.some((range) => range === days)) return undefined;
    const window = { from_day: from, through_day: through };
    const summed = await db.selectFrom('sales_windows').select('from_day').where('from_day', '=', from).where('through_day', '=', through).executeTakeFirst();
    if (summed) return { from, through };
    await database.writeTransaction(async (trx) => {
      // The first to mark it sums it; another waits for that mark and finds it summed.
      const marked = await trx.insertInto('sales_windows').values(window).onConflict((oc) => oc.doNothing()).returning('from_day').executeTakeFirst();
      if (!marked) return;
      await trx.deleteFrom('sales_part_windows').where('through_day', '<', through).execute();
      await trx.deleteFrom('sales_windows').where('through_day', '<', through).execute();
      await trx
        .insertInto('sales_part_windows')
        .columns(['from_day', 'through_day', 'product_id', 'quantity', 'cents'])
        .expression(
          trx
            .selectFrom('sales_part_days')
            .select([sql<string>`${from}`.as('from_day'), sql<string>`${through}`.as('through_day'), 'product_id', (eb) => eb.fn.sum<number>('quantity').as('quantity'), (eb) => eb.fn.sum<number>('cents').as('cents')])
            .where('day', '>=', from)
            .where('day', '<=', through)
            .groupBy('product_id'),
        )
        .execute();
    });
    return { from, through };
  }

  /** Each part's pieces and money in the range, refunds taken off: a closed window and the days after it, or the days themselves. */
  async function partSales(range: DayRange) {
    const window = await closedWindow(range);
    const days = (from: string) =>
      db.selectFrom('sales_part_days').select(['product_id', 'quantity', 'cents']).where('day', '>=', from).where('day', '<=', range.to);
    const rows = window
      ? db
          .selectFrom('sales_part_windows')
          .select(['product_id', 'quantity', 'cents'])
          .where('from_day', '=', window.from)
          .where('through_day', '=', window.through)
          .unionAll(days(addDays(window.through, 1)))
      : days(range.from);
    return db
      .selectFrom(rows.as('rows'))
      .select(['rows.product_id', (eb) => eb.fn.sum<number>('rows.quantity').as('sold'), (eb) => eb.fn.sum<number>('rows.cents').as('cents')])
      .groupBy('rows.product_id');
  }

  return {
    /** The range's days that took or gave back anything. */
    async days({ from, to }: Pick<DayRange, 'from' | 'to'>) {
      const rows = await db.selectFrom('sales_days').selectAll().where('day', '>=', from).where('day', '<=', to).orderBy('day').execute();
      return rows.map((row) => ({
        day: row.day,
        paidOrders: toNumber(row.paid_orders),
        paidCents: toNumber(row.paid_cents),
        refundedOrders: toNumber(row.refunded_orders),
        refundedCents: toNumber(row.refunded_cents),
        taxCents: toNumber(row.tax_cents),
      }));
    },

    /**
     * How many of the orders placed in the range are in each status now: those that left
     * 'waiting' summed from the range's days, those still waiting counted in the (status,
     * created_at) index (the sweep cancels them, so they are few).
     */
    async statuses({ from, to }: Pick<DayRange, 'from' | 'to'>): Promise<Map<OrderStatus, number>> {
      const [moved, waiting] = await Promise.all([
        db
          .selectFrom('order_status_days')
          .select((eb) => [eb.fn.sum<number>('paid').as('paid'), eb.fn.sum<number>('shipped').as('shipped'), eb.fn.sum<number>('cancelled').as('cancelled'), eb.fn.sum<number>('refunded').as('refunded')])
          .where('day', '>=', from)
          .where('day', '<=', to)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('orders'))
          .where('status', '=', 'waiting')
          .where('created_at', '>=', from)
          .where('created_at', '<', addDays(to, 1))
          .executeTakeFirstOrThrow(),
      ]);
      const counts = { ...moved, waiting: waiting.orders };
      return new Map(ORDER_STATUSES.map((status) => [status, toNumber(counts[status])]));
    },

    /** The parts that sold the most pieces in the range (more than none), with their names now or, for a part deleted since, as last ordered. */
    async bestSellers(range: DayRange, limit: number) {
      const rows = await db
        .selectFrom((await partSales(range)).as('sales'))
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
        .leftJoin((await partSales(range)).as('sales'), 'sales.product_id', 'products.id')
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
