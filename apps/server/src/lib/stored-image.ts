import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { ShopDatabase } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { AppError } from './errors.js';

/** The key space of stored images' PostgreSQL advisory locks, apart from the shop's other advisory locks. */
const IMAGE_LOCK_SPACE = 7007;

/**
 * Runs `work` in a transaction holding the lock of one stored image, so its removal by the
 * sweep, a record being saved with it and an upload of it take turns. (SQLite's write
 * transaction is that lock, for every image at once.)
 */
export async function withImageLock<T>(
  database: ShopDatabase,
  publicPath: string,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return database.db.transaction().execute(async (trx) => {
    if (database.dialect === 'postgres') {
      await sql`select pg_advisory_xact_lock(${IMAGE_LOCK_SPACE}::int, hashtext(${publicPath}))`.execute(trx);
    }
    return work(trx);
  });
}

/**
 * A record may only point at an image the shop really holds, never at a missing file. The
 * image's uploads are marked as just used, under its lock, before the file is looked at: a
 * sweep after that sees the image in use and keeps it (the record is saved long before the
 * grace period ends), and a sweep before it has already removed the file, so the record is
 * refused.
 */
export async function assertStoredImage(app: FastifyInstance, publicPath: string, field = 'img'): Promise<void> {
  const refuse = () => {
    const message = 'Please upload the image again';
    return new AppError(422, 'VALIDATION_FAILED', message, { [field]: [message] });
  };
  // Anything that is not a stored image is refused without a write.
  if (!(await app.images.exists(publicPath))) throw refuse();
  const now = new Date().toISOString();
  await withImageLock(app.database, publicPath, (trx) =>
    trx.updateTable('image_uploads').set({ last_used_at: now }).where('path', '=', publicPath).execute(),
  );
  if (!(await app.images.exists(publicPath))) throw refuse();
}
