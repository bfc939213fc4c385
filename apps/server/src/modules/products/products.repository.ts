import { centsToDollars, type ProductFilter, type ProductSort } from '@shop/shared';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { ShopDatabase } from '../../db/database.js';
import type { Database, NewProductRow } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { type Actor, changesBetween, recordActivity } from '../activity/activity.plugin.js';
import { type ProductChanges, type ProductWithCategory, toProductActivity } from './products.mapper.js';

/**
 * The rows a Manage Products filter keeps. `low`: a part that cannot be ordered, its stock below
 * its minimum (SPEC's out of stock, `isOutOfStock` in @shop/shared; the sales page's parts running
 * low start with these). `waiting`: a part that orders waiting for payment hold; those orders are
 * few (the unpaid sweeper cancels them) and found through their status index.
 */
const filters: Record<ProductFilter, (eb: ExpressionBuilder<Database, 'products'>) => Expression<SqlBool>> = {
  low: (eb) => eb('products.quantity', '<', eb.ref('products.minimum')),
  waiting: (eb) => eb('products.id', 'in', eb.selectFrom('orders').select('orders.product_id').where('orders.status', '=', 'waiting')),
};

/** Manage Products' sorts; ties in catalogue order. Names compare without case on both databases. */
const sorts: Record<ProductSort, { by: 'name' | 'price_cents' | 'quantity'; direction: 'asc' | 'desc' }> = {
  name: { by: 'name', direction: 'asc' },
  '-name': { by: 'name', direction: 'desc' },
  price: { by: 'price_cents', direction: 'asc' },
  '-price': { by: 'price_cents', direction: 'desc' },
  stock: { by: 'quantity', direction: 'asc' },
  '-stock': { by: 'quantity', direction: 'desc' },
};

export interface AdminListing {
  sort?: ProductSort | undefined;
  filter?: ProductFilter | undefined;
}

export function createProductsRepository(database: ShopDatabase) {
  const { db } = database;
  /** Products with the name of their category. */
  const products = (from: Kysely<Database> = db) =>
    from.selectFrom('products').leftJoin('categories', 'categories.id', 'products.category_id').selectAll('products').select('categories.name as category_name');
  /**
   * A part as a write transaction sees it before changing it: on PostgreSQL its row locked until
   * the commit, so the entry's before-values are the ones the change replaced (SQLite's write
   * transaction holds the write lock throughout).
   */
  const lockedPart = (trx: Transaction<Database>, id: string): Promise<ProductWithCategory | undefined> => {
    const query = products(trx).where('products.id', '=', id);
    return database.dialect === 'postgres' ? query.forUpdate('products').executeTakeFirst() : query.executeTakeFirst();
  };

  return {
    /**
     * Products in catalogue order (order of arrival). Positions are dense, so the page starting
     * at `offset` is an index range: a deep page costs what the first one does.
     */
    listPage(offset: number, limit: number): Promise<ProductWithCategory[]> {
      return products().where('products.position', '>=', offset).orderBy('products.position').limit(limit).execute();
    },
    listAll(): Promise<ProductWithCategory[]> {
      return products().orderBy('products.position').execute();
    },
    /** The admin's list: the parts a filter keeps, in a sort's order; a page of them, or all without a limit. */
    listForAdmin({ sort, filter }: AdminListing, offset: number, limit: number | undefined): Promise<ProductWithCategory[]> {
      const order = sort ? sorts[sort] : undefined;
      return products()
        .$if(filter !== undefined, (query) => query.where(filters[filter!]))
        .$if(order !== undefined, (query) =>
          query.orderBy(order!.by === 'name' ? sql`lower(products.name)` : sql.ref(`products.${order!.by}`), order!.direction),
        )
        .orderBy('products.position')
        .$if(limit !== undefined, (query) => query.limit(limit!).offset(offset))
        .execute();
    },
    /** How many parts a filter keeps. */
    async countForAdmin(filter: ProductFilter): Promise<number> {
      const row = await db.selectFrom('products').select((eb) => eb.fn.countAll<number | string>().as('count')).where(filters[filter]).executeTakeFirstOrThrow();
      return Number(row.count);
    },
    /** The highest position plus one: one index lookup however large the catalogue is. */
    async count(): Promise<number> {
      const row = await db.selectFrom('products').select((eb) => eb.fn.max('position').as('last')).executeTakeFirstOrThrow();
      return row.last === null ? 0 : Number(row.last) + 1;
    },
    findByIds(ids: string[]): Promise<ProductWithCategory[]> {
      return ids.length === 0 ? Promise.resolve([]) : products().where('products.id', 'in', ids).execute();
    },
    findById(id: string): Promise<ProductWithCategory | undefined> {
      return products().where('products.id', '=', id).executeTakeFirst();
    },
    /**
     * Adds a part with its activity entry; `stockReason` is what its opening stock's movement says
     * ('created:{name}').
     */
    async insert(product: Omit<NewProductRow, 'id' | 'created_at' | 'updated_at' | 'stock_reason'>, stockReason: string, actor?: Actor): Promise<string> {
      const id = newId();
      const now = new Date().toISOString();
      return database.writeTransaction(async (trx) => {
        await trx.insertInto('products').values({ ...product, stock_reason: stockReason, id, created_at: now, updated_at: now }).execute();
        const opening = { price: centsToDollars(product.price_cents), quantity: product.quantity, minimum: product.minimum };
        await recordActivity(trx, actor, { action: 'product.created', record: { type: 'product', id, label: product.name }, changes: changesBetween({}, opening) });
        return id;
      });
    },
    /**
     * Changes a product. A writer who says what stock they saw (the shop's form, `quantitySeen`)
     * writes the stock only when it differs from that, and only if the shelf still holds it;
     * otherwise nothing changes and the answer is the stock now, for the writer to look at again.
     * A writer who does not (SPEC's calls) sets the stock it names, as SPEC says. With
     * `quantityPricesSeen`, only while the part's quantity prices are still that column's text.
     * A stock written keeps `stock.reason` in its movement ('set:{name}'). A change made is
     * `actor`'s 'product.updated' entry, in its transaction, with the fields it changed (none
     * when no field changed).
     */
    async update(
      id: string,
      changes: ProductChanges,
      stock?: { quantity: number; seen: number | undefined; reason: string },
      quantityPricesSeen?: string,
      actor?: Actor,
    ): Promise<{ outcome: 'updated' | 'not-found' | 'quantity-prices-changed' } | { outcome: 'stock-changed'; stockNow: number }> {
      const writesStock = stock !== undefined && stock.quantity !== stock.seen;
      const conditional = writesStock && stock.seen !== undefined;
      return database.writeTransaction(async (trx) => {
        const before = await lockedPart(trx, id);
        if (!before) return { outcome: 'not-found' as const };
        const result = await trx
          .updateTable('products')
          .set({ ...changes, ...(writesStock ? { quantity: stock.quantity, stock_reason: stock.reason } : {}), updated_at: new Date().toISOString() })
          .where('id', '=', id)
          .$if(conditional, (query) => query.where('quantity', '=', stock!.seen!))
          .$if(quantityPricesSeen !== undefined, (query) => query.where('quantity_prices', '=', quantityPricesSeen!))
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) {
          // Nothing written: the row read above, locked, is the one the conditions were tried on.
          if (quantityPricesSeen !== undefined && before.quantity_prices !== quantityPricesSeen) return { outcome: 'quantity-prices-changed' as const };
          return { outcome: 'stock-changed' as const, stockNow: before.quantity };
        }
        const after = await products(trx).where('products.id', '=', id).executeTakeFirstOrThrow();
        const changed = changesBetween(toProductActivity(before), toProductActivity(after));
        // Saving the form unchanged is no change of the shop's.
        if (changed.length > 0) await recordActivity(trx, actor, { action: 'product.updated', record: { type: 'product', id, label: after.name }, changes: changed });
        return { outcome: 'updated' as const };
      });
    },
    /** A part's quantity prices column as it stands. */
    async quantityPricesColumnOf(id: string): Promise<string | undefined> {
      return (await db.selectFrom('products').select('quantity_prices').where('id', '=', id).executeTakeFirst())?.quantity_prices;
    },
    /** Deletes a part with `actor`'s entry; answers how many rows went (0 for an unknown part). */
    async remove(id: string, actor?: Actor): Promise<number> {
      return database.writeTransaction(async (trx) => {
        const before = await lockedPart(trx, id);
        if (!before) return 0;
        const result = await trx.deleteFrom('products').where('id', '=', id).executeTakeFirst();
        const { price, quantity } = toProductActivity(before);
        await recordActivity(trx, actor, { action: 'product.deleted', record: { type: 'product', id, label: before.name }, changes: changesBetween({ price, quantity }, { price: null, quantity: null }) });
        return Number(result.numDeletedRows);
      });
    },
  };
}
export type ProductsRepository = ReturnType<typeof createProductsRepository>;
