import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { imagesDirectory, insertSignedInUser, multipartImage } from '../test/factories.js';

/**
 * A full disk (a tiny tmpfs mounted over the images folder) and a folder nothing may write to
 * (immutable): the upload is refused with 507 or 503, nothing half-written stays, no record
 * points at a missing file, and the server keeps answering.
 */

let t: TestApp;
let imagesDir: string;
let customer: Awaited<ReturnType<typeof insertSignedInUser>>;

beforeAll(async () => {
  t = await buildTestApp();
  imagesDir = imagesDirectory(t.app);
  customer = await insertSignedInUser(t.database.db);
});
afterAll(async () => {
  spawnSync('chattr', ['-i', imagesDir]);
  spawnSync('umount', [imagesDir]);
  await t.close();
});

async function upload() {
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
  const form = multipartImage(png);
  return t.app.inject({ method: 'POST', url: '/api/images', payload: form.payload, headers: { ...customer.headers, ...form.headers } });
}

describe('image storage failures', () => {
  it('a full disk answers 507 and leaves no partial file', async () => {
    mkdirSync(imagesDir, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', imagesDir]);
    try {
      writeFileSync(path.join(imagesDir, 'filler'), Buffer.alloc(12 * 1024));
      const response = await upload();
      expect(response.statusCode).toBe(507);
      expect(response.json().error.code).toBe('INSUFFICIENT_STORAGE');
      expect(readdirSync(imagesDir).filter((file) => file !== 'filler')).toEqual([]);
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      execFileSync('umount', [imagesDir]);
    }
  });

  it('a folder that cannot be written answers 503 with Retry-After', async () => {
    execFileSync('chattr', ['+i', imagesDir]);
    try {
      const before = readdirSync(imagesDir);
      const response = await upload();
      expect(response.statusCode).toBe(503);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(readdirSync(imagesDir)).toEqual(before);
    } finally {
      execFileSync('chattr', ['-i', imagesDir]);
    }
  });

  it('a profile cannot point at an image that was never stored', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/userinfo/${customer.email}`,
      headers: customer.headers,
      payload: { img: '/images/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp', phone: '+44 20 7946 0000' },
    });
    expect(response.statusCode).toBe(422);
    const row = await t.database.db.selectFrom('users').select('image').where('id', '=', customer.id).executeTakeFirstOrThrow();
    expect(row.image).toBeNull();
  });
});
