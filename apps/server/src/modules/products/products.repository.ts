import type { Kysely } from 'kysely';
import type { Database, NewProductRow, ProductRow } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

export function createProductsRepository(db: Kysely<Database>) {
  return {
    /**
     * Products in catalogue order (order of arrival). Positions are dense, so the page starting
     * at `offset` is an index range: a deep page costs what the first one does.
     */
    listPage(offset: number, limit: number): Promise<ProductRow[]> {
      return db.selectFrom('products').selectAll().where('position', '>=', offset).orderBy('position').limit(limit).execute();
    },
    listAll(): Promise<ProductRow[]> {
      return db.selectFrom('products').selectAll().orderBy('position').execute();
    },
    /** The highest position plus one: one index lookup however large the catalogue is. */
    async count(): Promise<number> {
      const row = await db.selectFrom('products').select((eb) => eb.fn.max('position').as('last')).executeTakeFirstOrThrow();
      return row.last === null ? 0 : Number(row.last) + 1;
    },
    findById(id: string): Promise<ProductRow | undefined> {
      return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async insert(product: Omit<NewProductRow, 'id' | 'created_at' | 'updated_at'>): Promise<string> {
      const id = newId();
      const now = new Date().toISOString();
      await db.insertInto('products').values({ ...product, id, created_at: now, updated_at: now }).execute();
      return id;
    },
    async update(id: string, changes: Partial<Pick<ProductRow, 'description' | 'price_cents' | 'quantity' | 'minimum' | 'img'>>) {
      const result = await db
        .updateTable('products')
        .set({ ...changes, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async remove(id: string) {
      const result = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type ProductsRepository = ReturnType<typeof createProductsRepository>;
