import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../app-config.js';
import type { Role } from '../../db/schema.js';
import { AppError, RetryLaterError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { ImageStorageError, type ImageStorage } from '../../lib/image-storage.js';
import { RESPONSIVE_VARIANT_NAMES, responsiveVariants } from '../../lib/responsive-images.js';
import { processImage, type ProcessedImage } from './image-processing.js';
import type { ImagesRepository, UploadQueries } from './images.repository.js';

/** The budget of uploads is counted over the last 24 hours. */
const UPLOAD_DAY_MS = 24 * 60 * 60 * 1000;
/** An uploaded image no record uses is kept this long after its last use (an upload of it, or a record saved with it). */
const UNUSED_IMAGE_GRACE_MS = 24 * 60 * 60 * 1000;
/** Images an account may hold that no record uses yet: the photos of forms being filled in. */
const UNUSED_IMAGES_PER_ACCOUNT = 20;
/** Admins fill the catalogue: every limit is this many times a customer's. */
const ADMIN_UPLOAD_FACTOR = 10;

const SWEEP_BATCH = 100;
const SWEEP_MAX_BATCHES = 20;

interface UploadQuota {
  bytesPerDay: number;
  uploadsPerDay: number;
  unusedImages: number;
}

export interface StoredUpload {
  /** The public path of the stored image. */
  url: string;
  image: ProcessedImage;
}

const secondsUntil = (from: string | null, afterMs: number, now: number) =>
  Math.max(1, Math.ceil(((from ? Date.parse(from) : now) + afterMs - now) / 1000));

const quotaExceeded = (message: string, retryAfterSeconds: number) => new RetryLaterError(429, 'UPLOAD_QUOTA_EXCEEDED', message, retryAfterSeconds);

/**
 * Uploaded images: each account's budget, the processing and storing of an upload, the check
 * that a record points at an image the shop holds, and the sweep of images no record uses.
 */
export function createImagesService({
  repository,
  storage,
  config,
  log,
}: {
  repository: ImagesRepository;
  storage: ImageStorage;
  config: AppConfig;
  log: FastifyBaseLogger;
}) {
  const quotaOf = (role: Role): UploadQuota => {
    const factor = role === 'admin' ? ADMIN_UPLOAD_FACTOR : 1;
    return {
      bytesPerDay: config.imageUploadsPerDay.bytes * factor,
      uploadsPerDay: config.imageUploadsPerDay.uploads * factor,
      unusedImages: UNUSED_IMAGES_PER_ACCOUNT * factor,
    };
  };

  /** Why an upload of `bytes` more would go over the account's budget, or null when it fits. */
  async function quotaRefusal(queries: UploadQueries, userId: string, quota: UploadQuota, bytes: number, now: number): Promise<RetryLaterError | null> {
    const day = await queries.uploadsSince(userId, new Date(now - UPLOAD_DAY_MS).toISOString());
    if (day.uploads + 1 > quota.uploadsPerDay || day.bytes + bytes > quota.bytesPerDay) {
      return quotaExceeded('You have uploaded a lot of images today. Please try again tomorrow.', secondsUntil(day.oldest, UPLOAD_DAY_MS, now));
    }
    const unused = await queries.unusedImagesOf(userId);
    if (unused.images >= quota.unusedImages) {
      return quotaExceeded(
        'You have uploaded many images that are not used anywhere yet. Please use them first, or try again tomorrow.',
        secondsUntil(unused.oldest, UNUSED_IMAGE_GRACE_MS, now),
      );
    }
    return null;
  }

  /**
   * Counts an upload of `bytes` against the account's budget, or refuses it, before any of its
   * pixels are looked at. Answers the upload's id. One account's uploads take turns here, so
   * uploads sent at once cannot all pass on the same remaining budget. Every upload that
   * passes counts, whatever processing it then finds: processing is what the budget bounds.
   */
  async function reserveUpload(userId: string, quota: UploadQuota, bytes: number): Promise<string> {
    const now = Date.now();
    const outcome = await repository.takingAccountTurn(userId, async (queries) => {
      const refusal = await quotaRefusal(queries, userId, quota, bytes, now);
      if (refusal) return refusal;
      const id = newId(now);
      await queries.insertUpload({ id, userId, bytes, at: new Date(now).toISOString() });
      return id;
    });
    if (outcome instanceof RetryLaterError) throw outcome;
    return outcome;
  }

  /**
   * Stores a processed upload with its renditions and answers its public path. The upload lists
   * the image as its own (so the sweep removes it once no record uses it) unless its account
   * already lists it, or the shop holds the image without any upload listing it (the demo seed's
   * images, images stored before uploads were recorded): those are never the sweep's. This is
   * decided under the image's lock, where no sweep is halfway through removing it, and the image
   * is marked as just used there, so no sweep removes it while its files are being written.
   */
  async function storeUpload(uploadId: string, userId: string, image: ProcessedImage): Promise<string> {
    const variants = await responsiveVariants(image.bytes);
    const path = storage.pathOf(image.bytes, 'webp');
    await repository.lockingImage(path, async (locked) => {
      const heldWithoutUpload = !(await locked.isListed(path)) && (await storage.exists(path));
      if (!heldWithoutUpload && !(await locked.isListed(path, userId))) await locked.listAsOwn(uploadId, path);
      await locked.markUsed(path, new Date().toISOString());
    });
    await storage.put(image.bytes, 'webp', variants);
    return path;
  }

  return {
    /**
     * Takes one image from an account: refused before its body is even read when the budget
     * has no room, counted against the budget before its pixels are looked at, then processed
     * and stored.
     */
    async upload(user: { id: string; role: Role }, readImage: () => Promise<Buffer>): Promise<StoredUpload> {
      const quota = quotaOf(user.role);
      const refusal = await quotaRefusal(repository, user.id, quota, 1, Date.now());
      if (refusal) throw refusal;
      const bytes = await readImage();
      const uploadId = await reserveUpload(user.id, quota, bytes.length);
      const image = await processImage(bytes);
      try {
        return { url: await storeUpload(uploadId, user.id, image), image };
      } catch (error) {
        // The store could not take it (full, refusing, not answering): the shop's fault, not the
        // customer's, so the upload is not counted against their budget.
        if (error instanceof ImageStorageError) await repository.deleteUpload(uploadId);
        throw error;
      }
    },

    /**
     * A record may only point at an image the shop really holds, never at a missing file. The
     * image's uploads are marked as just used, under its lock, before the file is looked at: a
     * sweep after that sees the image in use and keeps it (the record is saved long before the
     * grace period ends), and a sweep before it has already removed the file, so the record is
     * refused.
     */
    async assertStored(publicPath: string, field = 'img'): Promise<void> {
      const refuse = () => {
        const message = 'Please upload the image again';
        return new AppError(422, 'VALIDATION_FAILED', message, { [field]: [message] });
      };
      // Anything that is not a stored image is refused without a write.
      if (!(await storage.exists(publicPath))) throw refuse();
      const now = new Date().toISOString();
      await repository.lockingImage(publicPath, (locked) => locked.markUsed(publicPath, now));
      if (!(await storage.exists(publicPath))) throw refuse();
    },

    /**
     * Removes uploaded images that no product, review or profile uses and that nobody has
     * uploaded or saved a record with for the grace period: their files (the image and its
     * renditions) and their uploads' rows. Only images that uploads list are ever looked at, so
     * the demo seed's images and images stored before uploads were recorded stay. Every
     * instance may sweep: each image is decided and removed under its lock, where its last use
     * and the records are read again, so an image a record is being saved with right now is
     * kept, or the record refused. Answers how many images were removed.
     */
    async sweepUnused(now = Date.now()): Promise<number> {
      // The uploads that added no image of their own have served their day's budget.
      await repository.deleteCountOnlyUploadsBefore(new Date(now - UPLOAD_DAY_MS).toISOString());

      const cutoff = new Date(now - UNUSED_IMAGE_GRACE_MS).toISOString();
      let removed = 0;
      for (let batch = 0; batch < SWEEP_MAX_BATCHES; batch++) {
        const paths = await repository.unusedImagesSince(cutoff, SWEEP_BATCH);
        for (const path of paths) {
          try {
            const gone = await repository.lockingImage(path, async (locked) => {
              if ((await locked.usedSince(path, cutoff)) || (await locked.isUsedByRecord(path))) return false;
              // Another instance's sweep may have taken it already.
              if ((await locked.deleteUploadsOf(path)) === 0) return false;
              // Still under the lock: should the files not go, the rows come back with the rollback.
              await storage.remove(path, RESPONSIVE_VARIANT_NAMES);
              return true;
            });
            if (gone) removed++;
          } catch (error) {
            log.error({ err: error, path }, 'could not remove an unused image');
          }
        }
        if (paths.length < SWEEP_BATCH) break;
      }
      if (removed > 0) log.info({ removed }, 'unused uploaded images removed');
      return removed;
    },
  };
}
export type ImagesService = ReturnType<typeof createImagesService>;
