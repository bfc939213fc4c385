import type { Kysely } from 'kysely';
import type { Database, NewProductRow } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import type { ProductChanges, ProductWithCategory } from './products.mapper.js';

export function createProductsRepository(db: Kysely<Database>) {
  /** Products with the name of their category. */
  const products = () =>
    db.selectFrom('products').leftJoin('categories', 'categories.id', 'products.category_id').selectAll('products').select('categories.name as category_name');

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
    async insert(product: Omit<NewProductRow, 'id' | 'created_at' | 'updated_at'>): Promise<string> {
      const id = newId();
      const now = new Date().toISOString();
      await db.insertInto('products').values({ ...product, id, created_at: now, updated_at: now }).execute();
      return id;
    },
    /**
     * Changes a product. A writer who says what stock they saw (the shop's form, `quantitySeen`)
     * writes the stock only when it differs from that, and only if the shelf still holds it;
     * otherwise nothing changes and the answer is the stock now, for the writer to look at again.
     * A writer who does not (SPEC's calls) sets the stock it names, as SPEC says.
     */
    async update(
      id: string,
      changes: ProductChanges,
      stock?: { quantity: number; seen: number | undefined },
    ): Promise<{ outcome: 'updated' | 'not-found' } | { outcome: 'stock-changed'; stockNow: number }> {
      const writesStock = stock !== undefined && stock.quantity !== stock.seen;
      const conditional = writesStock && stock.seen !== undefined;
      const result = await db
        .updateTable('products')
        .set({ ...changes, ...(writesStock ? { quantity: stock.quantity } : {}), updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .$if(conditional, (query) => query.where('quantity', '=', stock!.seen!))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) return { outcome: 'updated' };
      const current = await db.selectFrom('products').select('quantity').where('id', '=', id).executeTakeFirst();
      return current ? { outcome: 'stock-changed', stockNow: current.quantity } : { outcome: 'not-found' };
    },
    async remove(id: string) {
      const result = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type ProductsRepository = ReturnType<typeof createProductsRepository>;
