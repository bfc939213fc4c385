import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

export interface CategoryCountRow {
  id: string;
  name: string;
  count: number;
}

const countParts = async (db: Kysely<Database>, id: string): Promise<number> =>
  Number((await db.selectFrom('products').select(sql<number>`count(*)`.as('n')).where('category_id', '=', id).executeTakeFirstOrThrow()).n);

/** Database access of the categories the admin keeps. */
export function createCategoriesRepository(db: Kysely<Database>) {
  return {
    /** Every category by name, with how many parts it holds. */
    async listWithCounts(): Promise<CategoryCountRow[]> {
      const rows = await db
        .selectFrom('categories')
        .leftJoin('products', 'products.category_id', 'categories.id')
        .select(['categories.id', 'categories.name', sql<number>`count(products.id)`.as('count')])
        .groupBy(['categories.id', 'categories.name'])
        .orderBy('categories.name_key')
        .execute();
      return rows.map((row) => ({ ...row, count: Number(row.count) }));
    },

    findByKey(key: string) {
      return db.selectFrom('categories').select(['id', 'name']).where('name_key', '=', key).executeTakeFirst();
    },

    findById(id: string) {
      return db.selectFrom('categories').select(['id', 'name', 'name_key']).where('id', '=', id).executeTakeFirst();
    },

    /** Adds a category unless one of the same key exists; answers its id, or undefined when taken. */
    async insert(name: string, key: string): Promise<string | undefined> {
      const id = newId();
      const inserted = await db
        .insertInto('categories')
        .values({ id, name, name_key: key, created_at: new Date().toISOString() })
        .onConflict((conflict) => conflict.column('name_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted?.id;
    },

    /** Renames; 'taken' when another category has that key. */
    async rename(id: string, name: string, key: string): Promise<'renamed' | 'not-found' | 'taken'> {
      const other = await db.selectFrom('categories').select('id').where('name_key', '=', key).where('id', '<>', id).executeTakeFirst();
      if (other) return 'taken';
      const result = await db.updateTable('categories').set({ name, name_key: key }).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0 ? 'renamed' : 'not-found';
    },

    /** Deletes a category that holds no part; otherwise answers how many it holds. */
    async removeIfEmpty(id: string): Promise<{ outcome: 'removed' | 'not-found' } | { outcome: 'holds-parts'; count: number }> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom('categories')
          .where('id', '=', id)
          .where(({ not, exists, selectFrom }) => not(exists(selectFrom('products').select('products.id').whereRef('products.category_id', '=', 'categories.id'))))
          .executeTakeFirst();
        if (Number(result.numDeletedRows) > 0) return { outcome: 'removed' as const };
        const exists = await trx.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst();
        return exists ? { outcome: 'holds-parts' as const, count: await countParts(trx, id) } : { outcome: 'not-found' as const };
      });
    },
    /**
     * Moves every part of category `from` to category `to` in one transaction; answers how many
     * moved, or which of the two the shop does not have. Each moved part is written like any
     * product edit, so the change log (and every search index) follows it.
     */
    async moveParts(from: string, to: string): Promise<{ outcome: 'moved'; count: number } | { outcome: 'no-source' } | { outcome: 'no-target' }> {
      return db.transaction().execute(async (trx) => {
        const found = await trx.selectFrom('categories').select('id').where('id', 'in', [from, to]).execute();
        if (!found.some((row) => row.id === from)) return { outcome: 'no-source' as const };
        if (!found.some((row) => row.id === to)) return { outcome: 'no-target' as const };
        const result = await trx.updateTable('products').set({ category_id: to, updated_at: new Date().toISOString() }).where('category_id', '=', from).executeTakeFirst();
        return { outcome: 'moved' as const, count: Number(result.numUpdatedRows) };
      });
    },
    countParts: (id: string) => countParts(db, id),
  };
}
export type CategoriesRepository = ReturnType<typeof createCategoriesRepository>;
