import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../lib/errors.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { insertSignedInUser, multipartImage } from '../test/factories.js';
import { startS3StandIn, type S3StandIn } from '../test/s3-stand-in.js';

/**
 * The shop on an S3-compatible bucket (a local stand-in through the real SDK): uploads land in
 * the bucket and are served from it; a bucket that stops answering refuses uploads with 503
 * and Retry-After while everything else is served, and uploads work again once it is back;
 * settings the bucket refuses stop the start, naming the setting.
 */

let standIn: S3StandIn;
let t: TestApp;
let customer: Awaited<ReturnType<typeof insertSignedInUser>>;

beforeAll(async () => {
  standIn = await startS3StandIn();
  t = await buildTestApp(standIn.env);
  customer = await insertSignedInUser(t.database.db);
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

let shade = 0;
async function upload() {
  const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 20, g: shade++ % 256, b: 90 } } }).png().toBuffer();
  const form = multipartImage(png);
  return t.app.inject({ method: 'POST', url: '/api/images', payload: form.payload, headers: { ...customer.headers, ...form.headers } });
}

const uploadsRecorded = async () => Number((await t.database.db.selectFrom('image_uploads').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('images in an S3 bucket', () => {
  it('an upload is stored in the bucket with its renditions and served with a year of caching', async () => {
    const response = await upload();
    expect(response.statusCode).toBe(201);
    const url: string = response.json().data.url;
    expect(url).toMatch(/^\/images\/[a-f0-9]{32}\.webp$/);

    const image = await t.app.inject({ url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');
    const rendition = await t.app.inject({ url: url.replace('.webp', '-400w.webp') });
    expect(rendition.statusCode).toBe(200);
    expect((await sharp(rendition.rawPayload).metadata()).width).toBe(400);
    // A browser that has it asks again with its etag and is told it has not changed.
    const again = await t.app.inject({ url, headers: { 'if-none-match': String(image.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('a name that is not one of ours is a 404, never another key of the bucket', async () => {
    for (const url of ['/images/..%2F..%2Fetc%2Fpasswd', '/images/secret.txt', `/images/${'a'.repeat(32)}.webp`, '/images/%2E%2E']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('a bucket that stops answering: uploads get 503 with Retry-After and nothing is recorded, the rest is served, and uploads work once it is back', async () => {
    const recorded = await uploadsRecorded();
    await standIn.stop();
    try {
      const refused = await upload();
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'The shop cannot store images right now. Please try again later.' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await uploadsRecorded()).toBe(recorded);
      expect((await t.app.inject({ url: '/api/search?q=oil' })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      await standIn.start();
    }
    const after = await upload();
    expect(after.statusCode).toBe(201);
    expect((await t.app.inject({ url: after.json().data.url })).statusCode).toBe(200);
  });

  it('with S3_PUBLIC_URL, images are sent on to the bucket or CDN for good', async () => {
    const direct = await buildTestApp({ ...standIn.env, S3_PUBLIC_URL: 'https://images.example.com/' });
    try {
      const name = `${'b'.repeat(32)}-480w.webp`;
      const response = await direct.app.inject({ url: `/images/${name}` });
      expect(response.statusCode).toBe(308);
      expect(response.headers.location).toBe(`https://images.example.com/images/${name}`);
      expect((await direct.app.inject({ url: '/images/other.txt' })).statusCode).toBe(404);
    } finally {
      await direct.close();
    }
  });
});

describe('S3 settings at start', () => {
  it('keys the bucket refuses stop the start, naming the variable', async () => {
    const refused = await buildTestApp({ ...standIn.env, S3_ACCESS_KEY_ID: 'AKIANOTOURS', S3_SECRET_ACCESS_KEY: 'not-the-key' }).then(
      async (built) => {
        await built.close();
        return undefined;
      },
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as Error).message).toMatch(/S3_ACCESS_KEY_ID: the bucket shop-images refused these credentials \(S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY\)/);
  });

  it('a bucket that is not there stops the start, naming S3_BUCKET', async () => {
    await expect(buildTestApp({ ...standIn.env, S3_BUCKET: 'no-such-bucket' })).rejects.toThrow(/S3_BUCKET: there is no bucket no-such-bucket at http:\/\/127\.0\.0\.1:\d+/);
  });

  it('half the settings is refused before anything is asked', async () => {
    await expect(buildTestApp({ S3_ENDPOINT: standIn.endpoint })).rejects.toThrow(/S3_BUCKET: S3_ENDPOINT need S3_BUCKET/);
    await expect(buildTestApp({ ...standIn.env, S3_SECRET_ACCESS_KEY: '' })).rejects.toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
  });
});
