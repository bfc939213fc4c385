import type { Kysely } from 'kysely';
import type { Database, NewProductRow, ProductRow } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

export function createProductsRepository(db: Kysely<Database>) {
  return {
    /** Ids are time-ordered, so id order is insertion order and stable across pages. */
    listPage(offset: number, limit: number): Promise<ProductRow[]> {
      return db.selectFrom('products').selectAll().orderBy('id').limit(limit).offset(offset).execute();
    },
    listAll(): Promise<ProductRow[]> {
      return db.selectFrom('products').selectAll().orderBy('id').execute();
    },
    async count(): Promise<number> {
      const row = await db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      return Number(row.count);
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
