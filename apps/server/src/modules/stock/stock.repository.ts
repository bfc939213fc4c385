import { type Kysely, sql } from 'kysely';
import type { Database, StockMovementRow } from '../../db/schema.js';

/** A part whose stock does not add up to its movements. */
export interface StockMismatch {
  id: string;
  name: string;
  stock: number;
  /** The sum of its movements' changes. */
  sum: number;
  /** Its newest movement's stock after, or null when it has none. */
  lastStockAfter: number | null;
}

/** Database access of the stock history (its rows are written by the products table's triggers). */
export function createStockRepository(db: Kysely<Database>) {
  return {
    /** The part's stock now, or undefined for no such part. */
    async stockOf(productId: string): Promise<number | undefined> {
      return (await db.selectFrom('products').select('quantity').where('id', '=', productId).executeTakeFirst())?.quantity;
    },

    /** `limit` movements of the part, newest first, after skipping `offset`. */
    movements(productId: string, offset: number, limit: number): Promise<StockMovementRow[]> {
      return db.selectFrom('stock_movements').selectAll().where('product_id', '=', productId).orderBy('id', 'desc').limit(limit).offset(offset).execute();
    },

    /** The numbers customers see of these orders (a deleted order has none). */
    async orderNumbers(orderIds: string[]): Promise<Map<string, number>> {
      if (orderIds.length === 0) return new Map();
      const rows = await db.selectFrom('orders').select(['id', 'number']).where('id', 'in', orderIds).execute();
      return new Map(rows.map((row) => [row.id, Number(row.number)]));
    },
  };
}
export type StockRepository = ReturnType<typeof createStockRepository>;

/** How many parts the shop has. */
export async function countParts(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('products').select((eb) => eb.fn.countAll<number | string>().as('parts')).executeTakeFirstOrThrow();
  return Number(row.parts);
}

/**
 * Every part whose stock is not the sum of its movements' changes, or not its newest movement's
 * stock after: one query, the movements grouped on their (product_id, id) index.
 */
export async function checkStock(db: Kysely<Database>): Promise<StockMismatch[]> {
  const rows = await db
    .selectFrom('products')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('stock_movements')
          .select(['product_id', (m) => m.fn.sum<number | string>('change').as('total'), (m) => m.fn.max('id').as('last_id')])
          .groupBy('product_id')
          .as('sums'),
      (join) => join.onRef('sums.product_id', '=', 'products.id'),
    )
    .leftJoin('stock_movements as last', 'last.id', 'sums.last_id')
    .select(['products.id', 'products.name', 'products.quantity as stock', sql<number | string>`coalesce(sums.total, 0)`.as('sum'), 'last.stock_after'])
    .where((eb) =>
      eb.or([eb('products.quantity', '<>', sql<number>`coalesce(sums.total, 0)`), eb.and([eb('last.id', 'is not', null), eb('last.stock_after', '<>', eb.ref('products.quantity'))])]),
    )
    .orderBy('products.id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, stock: row.stock, sum: Number(row.sum), lastStockAfter: row.stock_after ?? null }));
}
