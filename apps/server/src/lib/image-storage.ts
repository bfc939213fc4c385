import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { access, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** What every image store does: content-named images, with their renditions beside them. */
interface ImageStore {
  /**
   * Stores the bytes under a name made from their content and answers the public path. Each
   * variant (a smaller rendition) is stored beside it as `<name>-<variant>.webp`, before it.
   */
  put(bytes: Buffer, extension: 'webp', variants?: Record<string, Buffer>): Promise<string>;
  /** The public path `put` answers for these bytes. */
  pathOf(bytes: Buffer, extension: 'webp'): string;
  /** Whether a public path names an image this storage holds. */
  exists(publicPath: string): Promise<boolean>;
  /**
   * Removes a stored image and the named variants beside it; what is already gone is no error.
   * The image itself goes first, so from then on `exists` says no.
   */
  remove(publicPath: string, variants: readonly string[]): Promise<void>;
}

/** A stored file as the image route sends it. */
export interface ImageFile {
  body: NodeJS.ReadableStream;
  length?: number;
  etag?: string;
}

/**
 * Where uploaded and seeded images live, served under IMAGES_PUBLIC_PATH: a folder on this
 * machine, or an S3-compatible bucket every instance shares (read through the shop, or
 * straight from `publicUrl`).
 */
export type ImageStorage = ImageStore &
  (
    | { kind: 'disk'; directory: string }
    | {
        kind: 's3';
        publicUrl?: string;
        /** A stored file by its name (`<hash>.webp` or a rendition); 'not-modified' when its etag is `ifNoneMatch`. */
        read(fileName: string, ifNoneMatch?: string): Promise<ImageFile | 'not-modified' | undefined>;
      }
  );

/**
 * Storage that cannot do it now: full (507), not writable or not reachable (503 with
 * Retry-After). Nothing is recorded, and the next request tries again.
 */
export class ImageStorageError extends Error {
  override name = 'ImageStorageError';
  constructor(
    readonly reason: 'full' | 'unwritable' | 'unreachable',
    cause: unknown,
  ) {
    super(`image storage is ${reason === 'full' ? 'full' : reason === 'unwritable' ? 'not writable' : 'not reachable'}`, { cause });
  }
}

export const IMAGES_PUBLIC_PATH = '/images/';

/** The names the shop gives its files: a content hash, or a hash and a rendition's width. */
export const IMAGE_FILE_NAME = /^[a-f0-9]{32}(-\d{2,4}w)?\.webp$/;

/** The cache header of every stored file: names are content hashes, so a file never changes. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Writes a content-named file once: beside the target first, then renamed, so no reader sees half a file. */
async function writeOnce(target: string, bytes: Buffer): Promise<void> {
  const exists = await access(target).then(
    () => true,
    () => false,
  );
  if (exists) return;
  const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, target);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') throw new ImageStorageError('full', error);
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') throw new ImageStorageError('unwritable', error);
    throw error;
  }
}

export const contentName = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 32);

/** The file name a public path names, or undefined for anything that is not one of our image names. */
export function storedName(publicPath: string): string | undefined {
  if (!publicPath.startsWith(IMAGES_PUBLIC_PATH)) return undefined;
  const name = publicPath.slice(IMAGES_PUBLIC_PATH.length);
  return /^[a-f0-9]{32}\.webp$/.test(name) ? name : undefined;
}

async function unlinkIfPresent(file: string): Promise<void> {
  await unlink(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

export function createDiskImageStorage(directory: string): ImageStorage {
  mkdirSync(directory, { recursive: true });
  return {
    kind: 'disk',
    directory,
    async put(bytes, extension, variants = {}) {
      const hash = contentName(bytes);
      // Variants first: once the main file exists, every rendition a page asks for exists too.
      for (const [variant, variantBytes] of Object.entries(variants)) {
        await writeOnce(path.join(directory, `${hash}-${variant}.${extension}`), variantBytes);
      }
      await writeOnce(path.join(directory, `${hash}.${extension}`), bytes);
      return `${IMAGES_PUBLIC_PATH}${hash}.${extension}`;
    },

    pathOf(bytes, extension) {
      return `${IMAGES_PUBLIC_PATH}${contentName(bytes)}.${extension}`;
    },

    async exists(publicPath) {
      const name = storedName(publicPath);
      if (!name) return false;
      return access(path.join(directory, name)).then(
        () => true,
        () => false,
      );
    },

    async remove(publicPath, variants) {
      const name = storedName(publicPath);
      if (!name) return;
      const base = name.slice(0, -'.webp'.length);
      await unlinkIfPresent(path.join(directory, name));
      for (const variant of variants) await unlinkIfPresent(path.join(directory, `${base}-${variant}.webp`));
    },
  };
}
