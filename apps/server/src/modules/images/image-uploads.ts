import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { AppConfig } from '../../config.js';
import type { ShopDatabase } from '../../db/database.js';
import type { Role } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { responsiveVariants } from '../../lib/responsive-images.js';
import { withImageLock } from '../../lib/stored-image.js';
import type { ProcessedImage } from './image-processing.js';
import { insertUpload, isListed, listAsOwn, markUsed, unusedImagesOf, uploadsSince } from './images.repository.js';

/** The budget of uploads is counted over the last 24 hours. */
export const UPLOAD_DAY_MS = 24 * 60 * 60 * 1000;
/** An uploaded image no record uses is kept this long after its last use (an upload of it, or a record saved with it). */
export const UNUSED_IMAGE_GRACE_MS = 24 * 60 * 60 * 1000;
/** Images an account may hold that no record uses yet: the photos of forms being filled in. */
export const UNUSED_IMAGES_PER_ACCOUNT = 20;
/** Admins fill the catalogue: every limit is this many times a customer's. */
export const ADMIN_UPLOAD_FACTOR = 10;

export interface UploadQuota {
  bytesPerDay: number;
  uploadsPerDay: number;
  unusedImages: number;
}

export function uploadQuota(config: AppConfig, role: Role): UploadQuota {
  const factor = role === 'admin' ? ADMIN_UPLOAD_FACTOR : 1;
  return {
    bytesPerDay: config.imageUploadsPerDay.bytes * factor,
    uploadsPerDay: config.imageUploadsPerDay.uploads * factor,
    unusedImages: UNUSED_IMAGES_PER_ACCOUNT * factor,
  };
}

interface QuotaRefusal {
  message: string;
  retryAfterSeconds: number;
}

const secondsUntil = (from: string | null, afterMs: number, now: number) =>
  Math.max(1, Math.ceil(((from ? Date.parse(from) : now) + afterMs - now) / 1000));

/** Why an upload of `bytes` more would go over the account's budget, or null when it fits. */
async function quotaRefusal(db: ShopDatabase['db'], userId: string, quota: UploadQuota, bytes: number, now: number): Promise<QuotaRefusal | null> {
  const day = await uploadsSince(db, userId, new Date(now - UPLOAD_DAY_MS).toISOString());
  if (day.uploads + 1 > quota.uploadsPerDay || day.bytes + bytes > quota.bytesPerDay) {
    return {
      message: 'You have uploaded a lot of images today. Please try again tomorrow.',
      retryAfterSeconds: secondsUntil(day.oldest, UPLOAD_DAY_MS, now),
    };
  }
  const unused = await unusedImagesOf(db, userId);
  if (unused.images >= quota.unusedImages) {
    return {
      message: 'You have uploaded many images that are not used anywhere yet. Please use them first, or try again tomorrow.',
      retryAfterSeconds: secondsUntil(unused.oldest, UNUSED_IMAGE_GRACE_MS, now),
    };
  }
  return null;
}

function refuse(reply: FastifyReply, refusal: QuotaRefusal): never {
  reply.header('retry-after', String(refusal.retryAfterSeconds));
  throw new AppError(429, 'UPLOAD_QUOTA_EXCEEDED', refusal.message);
}

/** Refuses, before the body is even read, an account whose budget has no room for another upload. */
export async function assertUploadRoom(app: FastifyInstance, reply: FastifyReply, userId: string, quota: UploadQuota): Promise<void> {
  const refusal = await quotaRefusal(app.database.db, userId, quota, 1, Date.now());
  if (refusal) refuse(reply, refusal);
}

/**
 * Counts an upload of `bytes` against the account's budget, or refuses it, before any of its
 * pixels are looked at. Answers the upload's id. One account's uploads take turns here
 * (PostgreSQL: on the account's row; SQLite: the write transaction), so uploads sent at once
 * cannot all pass on the same remaining budget. Every upload that passes counts, whatever
 * processing it then finds: processing is what the budget bounds.
 */
export async function reserveUpload(
  app: FastifyInstance,
  reply: FastifyReply,
  userId: string,
  quota: UploadQuota,
  bytes: number,
): Promise<string> {
  const { database } = app;
  const now = Date.now();
  const outcome = await database.db.transaction().execute(async (trx): Promise<{ id: string } | QuotaRefusal> => {
    if (database.dialect === 'postgres') await sql`select id from users where id = ${userId} for update`.execute(trx);
    const refusal = await quotaRefusal(trx, userId, quota, bytes, now);
    if (refusal) return refusal;
    const id = newId(now);
    await insertUpload(trx, { id, userId, bytes, at: new Date(now).toISOString() });
    return { id };
  });
  if (!('id' in outcome)) refuse(reply, outcome);
  return outcome.id;
}

/**
 * Stores a processed upload with its renditions and answers its public path. The upload lists
 * the image as its own (so the sweep removes it once no record uses it) unless its account
 * already lists it, or the shop holds the image without any upload listing it (the demo seed's
 * images, images stored before uploads were recorded): those are never the sweep's. This is
 * decided under the image's lock, where no sweep is halfway through removing it, and the image
 * is marked as just used there, so no sweep removes it while its files are being written.
 */
export async function storeUpload(app: FastifyInstance, uploadId: string, userId: string, image: ProcessedImage): Promise<string> {
  const { database, images } = app;
  const variants = await responsiveVariants(image.bytes);
  const path = images.pathOf(image.bytes, 'webp');
  await withImageLock(database, path, async (trx) => {
    const heldWithoutUpload = !(await isListed(trx, path)) && (await images.exists(path));
    if (!heldWithoutUpload && !(await isListed(trx, path, userId))) await listAsOwn(trx, uploadId, path);
    await markUsed(trx, path, new Date().toISOString());
  });
  await images.put(image.bytes, 'webp', variants);
  return path;
}
