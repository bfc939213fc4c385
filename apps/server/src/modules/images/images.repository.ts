import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.js';

/** No product, review or profile names the row's image. */
const usedByNoRecord = sql<SqlBool>`not exists (select 1 from products where products.img = image_uploads.path)
  and not exists (select 1 from reviews where reviews.img = image_uploads.path)
  and not exists (select 1 from users where users.image = image_uploads.path)`;

/** What an account has uploaded since `since` (ISO time): bytes, uploads, and when the oldest of them was. */
export async function uploadsSince(db: Kysely<Database>, userId: string, since: string) {
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
}

/** The images an account's uploads added that no record uses, and the last use of the longest unused one. */
export async function unusedImagesOf(db: Kysely<Database>, userId: string) {
  const row = await db
    .selectFrom('image_uploads')
    .select((eb) => [eb.fn.count<number>('path').distinct().as('images'), eb.fn.min('last_used_at').as('oldest')])
    .where('user_id', '=', userId)
    .where('path', 'is not', null)
    .where(usedByNoRecord)
    .executeTakeFirstOrThrow();
  return { images: Number(row.images), oldest: row.oldest as string | null };
}

export async function insertUpload(db: Kysely<Database>, row: { id: string; userId: string; bytes: number; at: string }) {
  await db
    .insertInto('image_uploads')
    .values({ id: row.id, user_id: row.userId, path: null, bytes: row.bytes, created_at: row.at, last_used_at: row.at })
    .execute();
}

/** Whether any upload lists the image as its own (of one account, when given). */
export async function isListed(db: Kysely<Database>, path: string, userId?: string): Promise<boolean> {
  let query = db.selectFrom('image_uploads').select('id').where('path', '=', path);
  if (userId) query = query.where('user_id', '=', userId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

export async function listAsOwn(db: Kysely<Database>, uploadId: string, path: string) {
  await db.updateTable('image_uploads').set({ path }).where('id', '=', uploadId).execute();
}

export async function markUsed(db: Kysely<Database>, path: string, at: string) {
  await db.updateTable('image_uploads').set({ last_used_at: at }).where('path', '=', path).execute();
}

/** Images listed by uploads, unused since `cutoff` and used by no record: what the sweep looks at. */
export async function unusedImagesSince(db: Kysely<Database>, cutoff: string, limit: number): Promise<string[]> {
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
}

export async function usedSince(db: Kysely<Database>, path: string, cutoff: string): Promise<boolean> {
  const row = await db.selectFrom('image_uploads').select('id').where('path', '=', path).where('last_used_at', '>=', cutoff).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function isUsedByRecord(db: Kysely<Database>, path: string): Promise<boolean> {
  const { rows } = await sql<{ used: number }>`select 1 as used where
    exists (select 1 from products where img = ${path})
    or exists (select 1 from reviews where img = ${path})
    or exists (select 1 from users where image = ${path})`.execute(db);
  return rows.length > 0;
}

/** Removes the uploads listing an image; answers how many there were. */
export async function deleteUploadsOf(db: Kysely<Database>, path: string): Promise<number> {
  const result = await db.deleteFrom('image_uploads').where('path', '=', path).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Uploads that added no image of their own only count towards their day's budget; after it they go. */
export async function deleteCountOnlyUploadsBefore(db: Kysely<Database>, cutoff: string): Promise<number> {
  const result = await db.deleteFrom('image_uploads').where('path', 'is', null).where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
