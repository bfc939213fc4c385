import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { ImageStoreConfig } from '../app-config.js';
import { ConfigError } from './errors.js';
import { contentName, IMAGE_CACHE_CONTROL, IMAGE_FILE_NAME, IMAGES_PUBLIC_PATH, ImageStorageError, storedName, type ImageStorage } from './image-storage.js';

type S3Config = Extract<ImageStoreConfig, { kind: 's3' }>;

/** Keys live under this prefix, so the bucket may hold other things (backups, exports) beside them. */
const KEY_PREFIX = 'images/';
const keyOf = (fileName: string) => `${KEY_PREFIX}${fileName}`;

const statusOf = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);
const isMissing = (error: unknown) => statusOf(error) === 404 || (error instanceof S3ServiceException && (error.name === 'NotFound' || error.name === 'NoSuchKey'));

/**
 * What a failed call means to the caller: a missing object is an answer, anything else is the
 * bucket refusing (403: credentials or policy) or not answering (network, 5xx, timeouts).
 */
function storageError(error: unknown): ImageStorageError {
  const status = statusOf(error);
  return new ImageStorageError(status === 403 ? 'unwritable' : 'unreachable', error);
}

export function createS3Client(config: S3Config): S3Client {
  // The SDK is pinned to a release that supports Node 20 (ARCHITECTURE.md); its notice about later releases is not for the shop's logs.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    // Stores other than AWS (MinIO, Ceph, the test stand-in) address buckets by path.
    forcePathStyle: Boolean(config.endpoint),
    credentials: config.credentials,
    // Checksums only where S3 asks for them: every S3-compatible store understands the plain form.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable bucket fails an upload within seconds, not the request's whole timeout.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 2000, requestTimeout: 10_000 },
  });
}

/**
 * Checks at start that the bucket is there and the keys may use it; a wrong setting stops the
 * start with a message naming it. A bucket that does not answer now is no reason not to start
 * (uploads answer 503 until it does); it is reported to `warn`.
 */
export async function checkBucket(client: S3Client, config: S3Config, warn: (message: string) => void): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: config.bucket }));
  } catch (error) {
    const status = statusOf(error);
    if (status === 403 || status === 401) {
      throw new ConfigError(
        `Invalid configuration:\n  S3_ACCESS_KEY_ID: the bucket ${config.bucket} refused these credentials (S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)`,
      );
    }
    if (status === 404) {
      throw new ConfigError(`Invalid configuration:\n  S3_BUCKET: there is no bucket ${config.bucket} at ${config.endpoint ?? `S3 in ${config.region}`}`);
    }
    if (status === 301) {
      throw new ConfigError(`Invalid configuration:\n  S3_REGION: the bucket ${config.bucket} is not in ${config.region}`);
    }
    warn(`image bucket ${config.bucket} did not answer at start (${error instanceof Error ? error.message : String(error)}); uploads wait for it`);
  }
}

/** Images in an S3-compatible bucket: the same names, renditions and cache headers as on disk. */
export function createS3ImageStorage(client: S3Client, config: S3Config): ImageStorage {
  const Bucket = config.bucket;

  const write = async (fileName: string, bytes: Buffer) => {
    try {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(fileName), Body: bytes, ContentType: 'image/webp', CacheControl: IMAGE_CACHE_CONTROL }));
    } catch (error) {
      throw storageError(error);
    }
  };

  const has = async (fileName: string) => {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(fileName) }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw storageError(error);
    }
  };

  const drop = async (fileName: string) => {
    try {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(fileName) }));
    } catch (error) {
      if (!isMissing(error)) throw storageError(error);
    }
  };

  return {
    kind: 's3',
    publicUrl: config.publicUrl,

    async put(bytes, extension, variants = {}) {
      const hash = contentName(bytes);
      // Variants first (side by side): once the main object exists, every rendition a page asks for exists too.
      await Promise.all(Object.entries(variants).map(([variant, variantBytes]) => write(`${hash}-${variant}.${extension}`, variantBytes)));
      await write(`${hash}.${extension}`, bytes);
      return `${IMAGES_PUBLIC_PATH}${hash}.${extension}`;
    },

    pathOf(bytes, extension) {
      return `${IMAGES_PUBLIC_PATH}${contentName(bytes)}.${extension}`;
    },

    async exists(publicPath) {
      const name = storedName(publicPath);
      return name ? has(name) : false;
    },

    async remove(publicPath, variants) {
      const name = storedName(publicPath);
      if (!name) return;
      const base = name.slice(0, -'.webp'.length);
      await drop(name);
      await Promise.all(variants.map((variant) => drop(`${base}-${variant}.webp`)));
    },

    async read(fileName, ifNoneMatch) {
      if (!IMAGE_FILE_NAME.test(fileName)) return undefined;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(fileName), IfNoneMatch: ifNoneMatch }));
        if (!object.Body) return undefined;
        return { body: object.Body as NodeJS.ReadableStream, length: object.ContentLength, etag: object.ETag };
      } catch (error) {
        if (statusOf(error) === 304) return 'not-modified';
        if (isMissing(error)) return undefined;
        throw storageError(error);
      }
    },
  };
}

export interface MigrationReport {
  copied: number;
  /** Already in the bucket with the same size: an earlier run got this far. */
  skipped: number;
}

/**
 * Copies a disk store into the bucket. Each image's renditions go before it, as `put` does,
 * and a file already there with the same size is skipped, so a run that stopped half-way
 * (or a second run) carries on where it was.
 */
export async function copyDiskImagesToBucket(
  client: S3Client,
  config: S3Config,
  directory: string,
  progress: (report: MigrationReport) => void = () => {},
): Promise<MigrationReport> {
  const Bucket = config.bucket;
  const names = (await readdir(directory)).filter((name) => IMAGE_FILE_NAME.test(name));
  // Renditions (`<hash>-480w.webp`) sort before their image (`<hash>.webp`) once '-' comes first.
  const order = (name: string) => name.replace('.webp', '~');
  names.sort((a, b) => (order(a) < order(b) ? -1 : 1));
  const report: MigrationReport = { copied: 0, skipped: 0 };
  for (const name of names) {
    const bytes = await readFile(path.join(directory, name));
    let size: number | undefined;
    try {
      size = (await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(name) }))).ContentLength;
    } catch (error) {
      if (!isMissing(error)) throw storageError(error);
    }
    if (size === bytes.length) {
      report.skipped++;
    } else {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(name), Body: bytes, ContentType: 'image/webp', CacheControl: IMAGE_CACHE_CONTROL }));
      report.copied++;
    }
    if ((report.copied + report.skipped) % 100 === 0) progress(report);
  }
  return report;
}
