import { sql } from 'kysely';
import type { ShopDatabase } from '../../db/database.js';

/** A part's page as a sitemap names it: its id and when it last changed. */
export interface PartPageRow {
  id: string;
  updated_at: string;
}

/** One parts sitemap of the index: how many parts it holds and the newest change among them. */
interface PartsFileRow {
  parts: number;
  lastmod: string;
}

/** The category changes a search page shows: a category added, renamed, emptied or deleted. */
const CATEGORY_ACTIONS = ['category.created', 'category.updated', 'category.moved', 'category.deleted'];

/** Database access of what the sitemaps list: every part page (in id order) and every category. */
export function createSeoRepository(database: ShopDatabase) {
  const { db } = database;
  return {
    /**
     * The parts in id order, cut into files of `perFile`: each file's size and newest
     * `updated_at`, in one pass over the catalogue. No file when there are no parts.
     */
    async partsFiles(perFile: number): Promise<PartsFileRow[]> {
      const numbered = db
        .selectFrom('products')
        .select(['updated_at', sql<number>`(row_number() over (order by id) - 1) / ${sql.lit(perFile)}`.as('file')]);
      const rows = await db
        .selectFrom(numbered.as('numbered'))
        .select((eb) => ['file', eb.fn.countAll<number>().as('parts'), eb.fn.max('updated_at').as('lastmod')])
        .groupBy('file')
        .orderBy('file')
        .execute();
      return rows.map((row) => ({ parts: Number(row.parts), lastmod: row.lastmod }));
    },

    /** The id of the part at `offset` (0-based) in id order; undefined past the last one. */
    async partIdAt(offset: number): Promise<string | undefined> {
      const row = await db.selectFrom('products').select('id').orderBy('id').limit(1).offset(offset).executeTakeFirst();
      return row?.id;
    },

    /** Up to `limit` parts from id `from` on (itself included or not), in id order: one page of a keyset walk. */
    partsFrom(from: string, { inclusive, limit }: { inclusive: boolean; limit: number }): Promise<PartPageRow[]> {
      return db
        .selectFrom('products')
        .select(['id', 'updated_at'])
        .where('id', inclusive ? '>=' : '>', from)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Every category's name, by name. */
    async categoryNames(): Promise<string[]> {
      const rows = await db.selectFrom('categories').select('name').orderBy('name_key').execute();
      return rows.map((row) => row.name);
    },

    /**
     * The newest change a category's search page can show, as the database keeps them: a part
     * written, a part added, removed or moved (the search change log, which is pruned as
     * instances catch up), a category added, and an admin's category change (the activity log).
     */
    async newestCatalogueChanges(): Promise<Array<string | null>> {
      const [part, searchChange, category, activity] = await Promise.all([
        db.selectFrom('products').select((eb) => eb.fn.max('updated_at').as('at')).executeTakeFirstOrThrow(),
        db.selectFrom('catalogue_changes').select((eb) => eb.fn.max('changed_at').as('at')).executeTakeFirstOrThrow(),
        db.selectFrom('categories').select((eb) => eb.fn.max('created_at').as('at')).executeTakeFirstOrThrow(),
        db.selectFrom('activity').select((eb) => eb.fn.max('created_at').as('at')).where('action', 'in', CATEGORY_ACTIONS).executeTakeFirstOrThrow(),
      ]);
      return [part.at, searchChange.at, category.at, activity.at];
    },
  };
}
export type SeoRepository = ReturnType<typeof createSeoRepository>;
