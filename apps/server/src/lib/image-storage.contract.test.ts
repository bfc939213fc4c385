import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageStoreConfig } from '../app-config.js';
import { startS3StandIn, S3_STAND_IN_KEYS, type S3StandIn } from '../test/s3-stand-in.js';
import { contentName, createDiskImageStorage, type ImageStorage } from './image-storage.js';
import { copyDiskImagesToBucket, createS3Client, createS3ImageStorage } from './s3-image-storage.js';

/** The same promises from both stores: content names, renditions beside the image, removal, names that are not ours. */

let standIn: S3StandIn;
let s3Config: Extract<ImageStoreConfig, { kind: 's3' }>;
let client: S3Client;
const folders: string[] = [];

const tempFolder = () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'shop-images-'));
  folders.push(folder);
  return folder;
};

beforeAll(async () => {
  standIn = await startS3StandIn();
  s3Config = { kind: 's3', bucket: standIn.bucket, region: 'us-east-1', endpoint: standIn.endpoint, credentials: { ...S3_STAND_IN_KEYS } };
  client = createS3Client(s3Config);
});
afterAll(async () => {
  client.destroy();
  await standIn.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

let colours = 0;
const image = () => sharp({ create: { width: 8, height: 8, channels: 3, background: { r: colours++ % 256, g: 40, b: Math.floor(colours / 256) } } }).webp().toBuffer();

async function bucketKeys(): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: standIn.bucket }));
  return (listed.Contents ?? []).map((object) => object.Key!).sort();
}

/** Reads what a store holds under a file name, through the store's own way of serving it. */
async function readBack(storage: ImageStorage, fileName: string): Promise<Buffer | undefined> {
  if (storage.kind === 'disk') {
    return readdirSync(storage.directory).includes(fileName) ? readFileSync(path.join(storage.directory, fileName)) : undefined;
  }
  const file = await storage.read(fileName);
  if (file === undefined || file === 'not-modified') return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe.each([
  ['disk', () => createDiskImageStorage(tempFolder())],
  ['S3 bucket', () => createS3ImageStorage(client, s3Config)],
] as const)('image storage on the %s', (_kind, open) => {
  let storage: ImageStorage;
  beforeAll(() => {
    storage = open();
  });

  it('stores bytes under their content name, with each rendition beside them', async () => {
    const bytes = await image();
    const small = await image();
    const publicPath = await storage.put(bytes, 'webp', { '480w': small });
    const hash = contentName(bytes);
    expect(publicPath).toBe(`/images/${hash}.webp`);
    expect(storage.pathOf(bytes, 'webp')).toBe(publicPath);
    expect(await storage.exists(publicPath)).toBe(true);
    expect(await readBack(storage, `${hash}.webp`)).toEqual(bytes);
    expect(await readBack(storage, `${hash}-480w.webp`)).toEqual(small);
    // The same bytes again: the same name, nothing else.
    expect(await storage.put(bytes, 'webp', { '480w': small })).toBe(publicPath);
  });

  it('removes an image and its renditions; removing it again is no error', async () => {
    const bytes = await image();
    const publicPath = await storage.put(bytes, 'webp', { '480w': await image(), '960w': await image() });
    await storage.remove(publicPath, ['480w', '960w']);
    expect(await storage.exists(publicPath)).toBe(false);
    expect(await readBack(storage, `${contentName(bytes)}-480w.webp`)).toBeUndefined();
    await expect(storage.remove(publicPath, ['480w', '960w'])).resolves.toBeUndefined();
  });

  it('knows nothing of paths that are not its own names', async () => {
    for (const publicPath of ['/images/../auth-secret', '/images/x.webp', '/etc/passwd', `/images/${'a'.repeat(32)}.png`, `/images/${'a'.repeat(32)}.webp`]) {
      expect(await storage.exists(publicPath)).toBe(false);
      await expect(storage.remove(publicPath, ['480w'])).resolves.toBeUndefined();
    }
  });
});

describe('the S3 store', () => {
  it('reads a file with its etag, and answers not-modified for the same etag; names that are not ours are never asked for', async () => {
    const storage = createS3ImageStorage(client, s3Config);
    if (storage.kind !== 's3') throw new Error('an S3 store');
    const bytes = await image();
    await storage.put(bytes, 'webp');
    const file = await storage.read(`${contentName(bytes)}.webp`);
    if (file === undefined || file === 'not-modified') throw new Error('the file is there');
    expect(file.length).toBe(bytes.length);
    expect(await storage.read(`${contentName(bytes)}.webp`, file.etag)).toBe('not-modified');
    for (const name of ['../images/x', 'x.webp', `${contentName(bytes)}.webp/../..`, '']) expect(await storage.read(name)).toBeUndefined();
  });

  it('copies a disk store into the bucket, and a run that stopped half-way carries on where it was', async () => {
    const second = await startS3StandIn('migrated');
    const bucket: Extract<ImageStoreConfig, { kind: 's3' }> = { ...s3Config, bucket: 'migrated', endpoint: second.endpoint };
    const target = createS3Client(bucket);
    try {
      const directory = tempFolder();
      const disk = createDiskImageStorage(directory);
      const paths: string[] = [];
      for (let i = 0; i < 4; i++) paths.push(await disk.put(await image(), 'webp', { '480w': await image() }));
      writeFileSync(path.join(directory, 'notes.txt'), 'not an image');
      // The first two images and their renditions went across before the last run stopped.
      const firstTwo = readdirSync(directory).filter((name) => paths.slice(0, 2).some((publicPath) => publicPath.includes(name.slice(0, 32))));
      expect(firstTwo).toHaveLength(4);
      for (const name of firstTwo) {
        await target.send(new PutObjectCommand({ Bucket: 'migrated', Key: `images/${name}`, Body: readFileSync(path.join(directory, name)) }));
      }
      expect(await copyDiskImagesToBucket(target, bucket, directory)).toEqual({ copied: 4, skipped: 4 });
      const migrated = createS3ImageStorage(target, bucket);
      for (const publicPath of paths) expect(await migrated.exists(publicPath)).toBe(true);
      expect(await copyDiskImagesToBucket(target, bucket, directory)).toEqual({ copied: 0, skipped: 8 });
    } finally {
      target.destroy();
      await second.close();
    }
  });

  it('keeps its files under images/ in the bucket', async () => {
    expect((await bucketKeys()).every((key) => /^images\/[a-f0-9]{32}(-\d+w)?\.webp$/.test(key))).toBe(true);
  });
});
