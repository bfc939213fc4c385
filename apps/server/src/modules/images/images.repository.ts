import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { takeAccountTurn } from '../../db/account-turn.js';
import type { ShopDatabase } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/** The key space of stored images' PostgreSQL advisory locks, apart from the shop's other advisory locks. */
const IMAGE_LOCK_SPACE = 7007;

/** No product (its first photo or a further one), review or profile names the row's image. */
const usedByNoRecord = sql<SqlBool>`not exists (select 1 from products where products.img = image_uploads.path)
  and not exists (select 1 from product_images where product_images.img = image_uploads.path)
  and not exists (select 1 from reviews where reviews.img = image_uploads.path)
  and not exists (select 1 from users where users.image = image_uploads.path)`;

/**
 * Runs `work` in a transaction holding the lock of one stored image, so its removal by the
 * sweep, a record being saved with it and an upload of it take turns. (SQLite's write
 * transaction is that lock, for every image at once.)
 */
export async function withImageLock<T>(database: ShopDatabase, publicPath: string, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return database.db.transaction().execute(async (trx) => {
    if (database.dialect === 'postgres') {
      await sql`select pg_advisory_xact_lock(${IMAGE_LOCK_SPACE}::int, hashtext(${publicPath}))`.execute(trx);
    }
    return work(trx);
  });
}

/** The queries of uploads, on the database or inside one of its transactions. */
function uploadQueries(db: Kysely<Database>) {
  return {
    /** What an account has uploaded since `since` (ISO time): bytes, uploads, and when the oldest of them was. */
    async uploadsSince(userId: string, since: string) {
      const row = await db
        .selectFrom('image_uploads')
        .select((eb) => [
          eb.fn.coalesce(eb.fn.sum<number>('bytes'), sql<number>`0`).as('bytes'),
          eb.fn.countAll<number>().as('uploads'),
          eb.fn.min('created_at').as('oldest'),
        ])
        .where('user_id', '=', userId)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return { bytes: Number(row.bytes), uploads: Number(row.uploads), oldest: row.oldest as string | null };
    },

    /** The images an account's uploads added that no record uses, and the last use of the longest unused one. */
    async unusedImagesOf(userId: string) {
      const row = await db
        .selectFrom('image_uploads')
        .select((eb) => [eb.fn.count<number>('path').distinct().as('images'), eb.fn.min('last_used_at').as('oldest')])
        .where('user_id', '=', userId)
        .where('path', 'is not', null)
        .where(usedByNoRecord)
        .executeTakeFirstOrThrow();
      return { images: Number(row.images), oldest: row.oldest as string | null };
    },

    async insertUpload(row: { id: string; userId: string; bytes: number; at: string }) {
      await db
        .insertInto('image_uploads')
        .values({ id: row.id, user_id: row.userId, path: null, bytes: row.bytes, created_at: row.at, last_used_at: row.at })
        .execute();
    },

    /** Whether any upload lists the image as its own (of one account, when given). */
    async isListed(path: string, userId?: string): Promise<boolean> {
      let query = db.selectFrom('image_uploads').select('id').where('path', '=', path);
      if (userId) query = query.where('user_id', '=', userId);
      return (await query.limit(1).executeTakeFirst()) !== undefined;
    },

    async listAsOwn(uploadId: string, path: string) {
      await db.updateTable('image_uploads').set({ path }).where('id', '=', uploadId).execute();
    },

    async markUsed(path: string, at: string) {
      await db.updateTable('image_uploads').set({ last_used_at: at }).where('path', '=', path).execute();
    },

    /** Images listed by uploads, unused since `cutoff` and used by no record: what the sweep looks at. */
    async unusedImagesSince(cutoff: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('image_uploads')
        .select('path')
        .distinct()
        .where('path', 'is not', null)
        .where('last_used_at', '<', cutoff)
        .where(usedByNoRecord)
        .limit(limit)
        .execute();
      return rows.map((row) => row.path as string);
    },

    async usedSince(path: string, cutoff: string): Promise<boolean> {
      const row = await db.selectFrom('image_uploads').select('id').where('path', '=', path).where('last_used_at', '>=', cutoff).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    async isUsedByRecord(path: string): Promise<boolean> {
      const { rows } = await sql<{ used: number }>`select 1 as used where
        exists (select 1 from products where img = ${path})
        or exists (select 1 from product_images where img = ${path})
        or exists (select 1 from reviews where img = ${path})
        or exists (select 1 from users where image = ${path})`.execute(db);
      return rows.length > 0;
    },

    async deleteUpload(uploadId: string) {
      await db.deleteFrom('image_uploads').where('id', '=', uploadId).execute();
    },

    /** Removes the uploads listing an image; answers how many there were. */
    async deleteUploadsOf(path: string): Promise<number> {
      const result = await db.deleteFrom('image_uploads').where('path', '=', path).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Uploads that added no image of their own only count towards their day's budget; after it they go. */
    async deleteCountOnlyUploadsBefore(cutoff: string): Promise<number> {
      const result = await db.deleteFrom('image_uploads').where('path', 'is', null).where('created_at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type UploadQueries = ReturnType<typeof uploadQueries>;

export function createImagesRepository(database: ShopDatabase) {
  return {
    ...uploadQueries(database.db),
    /** Runs `work` holding one image's lock (see `withImageLock`), its queries inside that transaction. */
    lockingImage<T>(publicPath: string, work: (locked: UploadQueries) => Promise<T>): Promise<T> {
      return withImageLock(database, publicPath, (trx) => work(uploadQueries(trx)));
    },
    /**
     * Runs `work` in a transaction where one account's uploads take turns (PostgreSQL: on the
     * account's row; SQLite: the write transaction), so uploads sent at once cannot all pass
     * on the same remaining budget.
     */
    takingAccountTurn<T>(userId: string, work: (locked: UploadQueries) => Promise<T>): Promise<T> {
      return database.db.transaction().execute(async (trx) => {
        await takeAccountTurn(trx, database.dialect, userId);
        return work(uploadQueries(trx));
      });
    },
  };
}
export type ImagesRepository = ReturnType<typeof createImagesRepository>;
