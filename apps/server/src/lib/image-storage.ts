import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { access, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded and seeded images live; served under PUBLIC_PATH. A disk today, an object store later. */
export interface ImageStorage {
  /** Stores the bytes under a name made from their content and answers the public path. */
  put(bytes: Buffer, extension: 'webp'): Promise<string>;
  readonly directory: string;
}

export const IMAGES_PUBLIC_PATH = '/images/';

export function createDiskImageStorage(directory: string): ImageStorage {
  mkdirSync(directory, { recursive: true });
  return {
    directory,
    async put(bytes, extension) {
      const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${extension}`;
      const target = path.join(directory, name);
      const exists = await access(target).then(
        () => true,
        () => false,
      );
      if (!exists) {
        // Write beside the target and rename, so a reader never sees half a file.
        const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
        await writeFile(temporary, bytes);
        await rename(temporary, target);
      }
      return IMAGES_PUBLIC_PATH + name;
    },
  };
}
