import type { Kysely } from 'kysely';
import type { Database, ProductRow } from '../../db/schema.js';

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
  };
}
export type ProductsRepository = ReturnType<typeof createProductsRepository>;
