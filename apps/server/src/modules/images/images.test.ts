import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createUser, type SignedInUser } from '../../test/auth-helpers.js';
import { imagesDirectory, multipartImage } from '../../test/factories.js';

let t: TestApp;
let user: SignedInUser;

beforeAll(async () => {
  t = await buildTestApp();
  user = await createUser(t.app, t.database.db);
});
afterAll(async () => t.close());


const upload = (bytes: Buffer, options: { filename?: string; type?: string; field?: string; auth?: boolean } = {}) => {
  const form = multipartImage(bytes, { field: options.field, filename: options.filename, type: options.type });
  return t.app.inject({
    method: 'POST',
    url: '/api/images',
    payload: form.payload,
    headers: { ...form.headers, ...(options.auth === false ? {} : user.headers) },
  });
};

const storedFiles = () => readdirSync(imagesDirectory(t.app));

/** A PNG whose header claims the given size, with almost no pixel data behind it. */
function pngClaiming(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typeAndData));
    return Buffer.concat([length, typeAndData, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /api/images', () => {
  it('stores a PNG as WebP under a content-hash name and serves it with nosniff and immutable caching', async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c0392b' } }).png().toBuffer();
    const response = await upload(png);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data.url).toMatch(/^\/images\/[a-f0-9]{32}\.webp$/);
    expect(body.data).toMatchObject({ width: 640, height: 480 });
    const served = await t.app.inject({ url: body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    // Smaller renditions for responsive pages sit beside it.
    const small = await t.app.inject({ url: body.data.url.replace('.webp', '-400w.webp') });
    expect(small.statusCode).toBe(200);
    expect((await sharp(small.rawPayload).metadata()).width).toBe(400);
    const medium = await t.app.inject({ url: body.data.url.replace('.webp', '-800w.webp') });
    expect((await sharp(medium.rawPayload).metadata()).width).toBe(640);
  });

  it('drops metadata such as GPS and shrinks large photos', async () => {
    const jpeg = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#2980b9' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'private' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const response = await upload(jpeg, { filename: 'holiday.jpg', type: 'image/jpeg' });
    expect(response.statusCode).toBe(201);
    const stored = path.join(imagesDirectory(t.app), path.basename(response.json().data.url));
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(Math.max(metadata.width ?? 0, metadata.height ?? 0)).toBe(1600);
  });

  it('decides the type from the content, not the name or declared type', async () => {
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).webp().toBuffer();
    const response = await upload(webp, { filename: 'innocent.txt', type: 'text/plain' });
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>'), 'image/svg+xml', 415],
    ['a text file named .png', Buffer.from('hello, this is not an image'), 'image/png', 415],
    ['an HTML page', Buffer.from('<html><script>alert(1)</script></html>'), 'image/png', 415],
    ['an empty file', Buffer.alloc(0), 'image/png', 400],
    ['a 50000x50000 pixel claim', pngClaiming(50_000, 50_000), 'image/png', 413],
  ])('refuses %s and stores nothing', async (_label, bytes, type, status) => {
    const before = storedFiles().length;
    const response = await upload(bytes, { type });
    expect(response.statusCode).toBe(status);
    expect(response.json().error.message).toBeTruthy();
    expect(storedFiles().length).toBe(before);
    expect(storedFiles().some((file) => file.endsWith('.tmp'))).toBe(false);
  });

  it('refuses a file over 5 MB with 413 and stays responsive', async () => {
    const before = storedFiles().length;
    const response = await upload(Buffer.alloc(20 * 1024 * 1024, 1));
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(storedFiles().length).toBe(before);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer();
    expect((await upload(png, { auth: false })).statusCode).toBe(401);
  });

  it('refuses a request that is not multipart, and a file in another field', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/api/images', headers: user.headers, payload: { image: 'x' } });
    expect(json.statusCode).toBe(415);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer();
    expect((await upload(png, { field: 'photo' })).statusCode).toBe(400);
  });

  it('answers 400 to a body that ends in the middle of the file or has no boundary, storing nothing', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00f' } }).png().toBuffer();
    const before = storedFiles().length;
    const form = multipartImage(png);
    const truncated = await t.app.inject({ method: 'POST', url: '/api/images', headers: { ...form.headers, ...user.headers }, payload: form.payload.subarray(0, 120) });
    expect(truncated.statusCode, truncated.body).toBe(400);
    expect(truncated.json().error).toMatchObject({ code: 'BAD_REQUEST', message: 'The upload ended before the whole file arrived. Please send it again.' });
    const noBoundary = await t.app.inject({ method: 'POST', url: '/api/images', headers: { 'content-type': 'multipart/form-data', ...user.headers }, payload: form.payload });
    expect(noBoundary.statusCode, noBoundary.body).toBe(400);
    expect(storedFiles().length).toBe(before);
  });

  it('keeps files inside the images folder whatever the file name says', async () => {
    const png = await sharp({ create: { width: 9, height: 9, channels: 3, background: '#0f0' } }).png().toBuffer();
    const response = await upload(png, { filename: '../../../../etc/passwd.png' });
    expect(response.statusCode).toBe(201);
    expect(existsSync(path.join(imagesDirectory(t.app), path.basename(response.json().data.url)))).toBe(true);
  });
});
