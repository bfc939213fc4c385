import type { FastifyInstance } from 'fastify';
import { RESPONSIVE_VARIANT_NAMES } from '../../lib/responsive-images.js';
import { withImageLock } from '../../lib/stored-image.js';
import { UNUSED_IMAGE_GRACE_MS, UPLOAD_DAY_MS } from './image-uploads.js';
import { deleteCountOnlyUploadsBefore, deleteUploadsOf, isUsedByRecord, unusedImagesSince, usedSince } from './images.repository.js';

const BATCH = 100;
const MAX_BATCHES = 20;

/**
 * Removes uploaded images that no product, review or profile uses and that nobody has uploaded
 * or saved a record with for the grace period: their files (the image and its renditions) and
 * their uploads' rows. Only images that uploads list are ever looked at, so the demo seed's
 * images and images stored before uploads were recorded stay. Every instance may sweep: each
 * image is decided and removed under its lock, where its last use and the records are read
 * again, so an image a record is being saved with right now is kept, or the record refused.
 * Answers how many images were removed.
 */
export async function sweepUnusedImages(app: FastifyInstance, now = Date.now()): Promise<number> {
  const { database, images, log } = app;
  // The uploads that added no image of their own have served their day's budget.
  await deleteCountOnlyUploadsBefore(database.db, new Date(now - UPLOAD_DAY_MS).toISOString());

  const cutoff = new Date(now - UNUSED_IMAGE_GRACE_MS).toISOString();
  let removed = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const paths = await unusedImagesSince(database.db, cutoff, BATCH);
    for (const path of paths) {
      try {
        const gone = await withImageLock(database, path, async (trx) => {
          if ((await usedSince(trx, path, cutoff)) || (await isUsedByRecord(trx, path))) return false;
          // Another instance's sweep may have taken it already.
          if ((await deleteUploadsOf(trx, path)) === 0) return false;
          // Still under the lock: should the files not go, the rows come back with the rollback.
          await images.remove(path, RESPONSIVE_VARIANT_NAMES);
          return true;
        });
        if (gone) removed++;
      } catch (error) {
        log.error({ err: error, path }, 'could not remove an unused image');
      }
    }
    if (paths.length < BATCH) break;
  }
  if (removed > 0) log.info({ removed }, 'unused uploaded images removed');
  return removed;
}
