import { sql, type Kysely, type Transaction } from 'kysely';
import type { ShopDatabase } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { type Actor, changesBetween, recordActivity } from '../activity/activity.plugin.js';

export interface CategoryCountRow {
  id: string;
  name: string;
  count: number;
}

const countParts = async (db: Kysely<Database>, id: string): Promise<number> =>
  Number((await db.selectFrom('products').select(sql<number>`count(*)`.as('n')).where('category_id', '=', id).executeTakeFirstOrThrow()).n);

/** Database access of the categories the admin keeps. */
export function createCategoriesRepository(database: ShopDatabase) {
  const { db } = database;
  /** A category a write transaction is about to change, locked on PostgreSQL until the commit (SQLite's write transaction holds the write lock). */
  const lockedCategory = (trx: Transaction<Database>, id: string) => {
    const query = trx.selectFrom('categories').select(['id', 'name']).where('id', '=', id);
    return (database.dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  };
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

    /** Adds a category unless one of the same key exists, with `actor`'s entry; answers its id, or undefined when taken. */
    async insert(name: string, key: string, actor?: Actor): Promise<string | undefined> {
      const id = newId();
      return database.writeTransaction(async (trx) => {
        const inserted = await trx
          .insertInto('categories')
          .values({ id, name, name_key: key, created_at: new Date().toISOString() })
          .onConflict((conflict) => conflict.column('name_key').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (inserted) await recordActivity(trx, actor, { action: 'category.created', record: { type: 'category', id, label: name } });
        return inserted?.id;
      });
    },

    /** Renames, with `actor`'s entry; 'taken' when another category has that key. */
    async rename(id: string, name: string, key: string, actor?: Actor): Promise<'renamed' | 'not-found' | 'taken'> {
      return database.writeTransaction(async (trx) => {
        const before = await lockedCategory(trx, id);
        if (!before) return 'not-found';
        const other = await trx.selectFrom('categories').select('id').where('name_key', '=', key).where('id', '<>', id).executeTakeFirst();
        if (other) return 'taken';
        await trx.updateTable('categories').set({ name, name_key: key }).where('id', '=', id).execute();
        await recordActivity(trx, actor, { action: 'category.updated', record: { type: 'category', id, label: name }, changes: changesBetween({ name: before.name }, { name }) });
        return 'renamed';
      });
    },

    /** Deletes a category that holds no part, with `actor`'s entry; otherwise answers how many it holds. */
    async removeIfEmpty(id: string, actor?: Actor): Promise<{ outcome: 'removed' | 'not-found' } | { outcome: 'holds-parts'; count: number }> {
      return database.writeTransaction(async (trx) => {
        const before = await lockedCategory(trx, id);
        if (!before) return { outcome: 'not-found' as const };
        const result = await trx
          .deleteFrom('categories')
          .where('id', '=', id)
          .where(({ not, exists, selectFrom }) => not(exists(selectFrom('products').select('products.id').whereRef('products.category_id', '=', 'categories.id'))))
          .executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return { outcome: 'holds-parts' as const, count: await countParts(trx, id) };
        await recordActivity(trx, actor, { action: 'category.deleted', record: { type: 'category', id, label: before.name } });
        return { outcome: 'removed' as const };
      });
    },
    /**
     * Moves every part of category `from` to category `to` in one transaction; answers how many
     * moved, or which of the two the shop does not have. Each moved part is written like any
     * product edit, so the change log (and every search index) follows it.
     */
    async moveParts(from: string, to: string, actor?: Actor): Promise<{ outcome: 'moved'; count: number } | { outcome: 'no-source' } | { outcome: 'no-target' }> {
      return database.writeTransaction(async (trx) => {
        const found = await trx.selectFrom('categories').select(['id', 'name']).where('id', 'in', [from, to]).execute();
        const source = found.find((row) => row.id === from);
        const target = found.find((row) => row.id === to);
        if (!source) return { outcome: 'no-source' as const };
        if (!target) return { outcome: 'no-target' as const };
        const result = await trx.updateTable('products').set({ category_id: to, updated_at: new Date().toISOString() }).where('category_id', '=', from).executeTakeFirst();
        const count = Number(result.numUpdatedRows);
        await recordActivity(trx, actor, {
          action: 'category.moved',
          record: { type: 'category', id: from, label: source.name },
          summary: `${count} ${count === 1 ? 'part' : 'parts'} moved to ${target.name}`,
        });
        return { outcome: 'moved' as const, count };
      });
    },
    countParts: (id: string) => countParts(db, id),
  };
}
export type CategoriesRepository = ReturnType<typeof createCategoriesRepository>;
