import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/auth-helpers.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { imagesDirectory, insertSignedInUser, multipartImage } from '../../test/factories.js';

/**
 * What one caller can make the shop store and compute through POST /api/images: nothing
 * without a valid token, and with one, no more than the account's budget of the day. The
 * budget here is 0.1 MB and 5 uploads a day, so it is reached in a few requests.
 */

const BYTES_PER_DAY = Math.round(0.1 * 1024 * 1024);
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ IMAGE_UPLOAD_MB_PER_DAY: '0.1', IMAGE_UPLOADS_PER_DAY: '5' });
});
afterAll(async () => t.close());


const upload = (bytes: Buffer, authorization?: string) => {
  const form = multipartImage(bytes);
  return t.app.inject({
    method: 'POST',
    url: '/api/images',
    payload: form.payload,
    headers: { ...form.headers, ...(authorization === undefined ? {} : { authorization }) },
  });
};

const tinyPng = (colour: string) => sharp({ create: { width: 8, height: 8, channels: 3, background: colour } }).png().toBuffer();
/** Noise does not compress: about 58 KB, more than half the day's budget. */
const noisyPng = (seed: number) =>
  sharp({ create: { width: 140, height: 140, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128 + seed, sigma: 60 } } })
    .png()
    .toBuffer();

const storedFiles = () => readdirSync(imagesDirectory(t.app)).sort();
const uploadRows = () => t.database.db.selectFrom('image_uploads').selectAll().orderBy('id').execute();
const rateLimitRows = () => t.database.db.selectFrom('rate_limits').selectAll().orderBy('key').execute();

/** Everything an upload could leave behind. */
const state = async () => ({ files: storedFiles(), uploads: await uploadRows(), rateLimits: await rateLimitRows() });

const expectBudgetRefusal = (response: Awaited<ReturnType<typeof upload>>) => {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json().error).toMatchObject({
    code: 'UPLOAD_QUOTA_EXCEEDED',
    message: 'You have uploaded a lot of images today. Please try again tomorrow.',
  });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
};

describe('uploads without a valid token', () => {
  it('50 uploads with long random Authorization headers are 401 and write no rate-limit counter, upload row or file', async () => {
    // Earlier sign-ups and uploads leave counters; the point is that these requests add none.
    const customer = await createUser(t.app, t.database.db);
    expect((await upload(await tinyPng('#123456'), customer.headers.authorization)).statusCode).toBe(201);
    const before = await state();
    const png = await tinyPng('#abcdef');

    for (let i = 0; i < 50; i++) {
      const noise = randomBytes(1500 + i * 20).toString('base64url');
      const authorization = [`Bearer ${noise}`, `bearer ${noise}.${noise.slice(0, 43)}`, `Bearer  ${noise} `, `Basic ${noise}`, noise][i % 5]!;
      const response = await upload(png, authorization);
      expect(response.statusCode, response.body).toBe(401);
    }
    for (const response of [await upload(png), await upload(png, '')]) expect(response.statusCode).toBe(401);

    expect(await state()).toEqual(before);
  });
});

describe('the per-minute limit counts the account, however its token is spelt', () => {
  it('one token spelt four ways shares one limit of 30 a minute; another account has its own', async () => {
    const customer = await createUser(t.app, t.database.db);
    const token = customer.token;
    const spellings = [`Bearer ${token}`, `bearer ${token}`, `Bearer  ${token} `, `BEARER\t${token}`];
    if (encodeURIComponent(token) !== token) spellings.push(`Bearer ${encodeURIComponent(token)}`);
    // Requests that are not multipart are refused at once (415), and still counted.
    const post = (authorization: string) => t.app.inject({ method: 'POST', url: '/api/images', headers: { authorization }, payload: { image: 'x' } });

    for (let i = 0; i < 30; i++) expect((await post(spellings[i % spellings.length]!)).statusCode).toBe(415);
    for (const authorization of spellings) {
      const refused = await post(authorization);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    const other = await insertSignedInUser(t.database.db);
    expect((await post(other.headers.authorization)).statusCode).toBe(415);

    const userId = (await t.database.db.selectFrom('users').select('id').where('email', '=', customer.email).executeTakeFirstOrThrow()).id;
    const buckets = await t.database.db.selectFrom('rate_limits').select(['key', 'count']).where('key', 'like', 'POST /api/images|%').execute();
    expect(buckets).toContainEqual({ key: `POST /api/images|account|${userId}`, count: 30 + spellings.length });
    expect(buckets.filter((bucket) => bucket.key.includes(userId))).toHaveLength(1);
  });
});

describe('the daily budget of an account', () => {
  it('refuses the upload that would go over the bytes of the day, before processing it, and stores nothing', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const first = await noisyPng(0);
    expect(first.length).toBeGreaterThan(BYTES_PER_DAY / 2);
    expect(first.length).toBeLessThan(BYTES_PER_DAY);
    expect((await upload(first, customer.headers.authorization)).statusCode).toBe(201);

    const before = await state();
    expectBudgetRefusal(await upload(await noisyPng(1), customer.headers.authorization));
    // Bytes that are no image at all: processing would answer 415; the budget answers first.
    expectBudgetRefusal(await upload(randomBytes(first.length), customer.headers.authorization));
    const after = await state();
    expect(after.files).toEqual(before.files);
    expect(after.uploads).toEqual(before.uploads);

    // What is left of the day's bytes can still be used.
    const small = await tinyPng('#00ff00');
    expect((await upload(small, customer.headers.authorization)).statusCode).toBe(201);
    const rows = await t.database.db.selectFrom('image_uploads').select('bytes').where('user_id', '=', customer.id).orderBy('id').execute();
    expect(rows.map((row) => row.bytes)).toEqual([first.length, small.length]);

    // Another customer's budget is their own; an admin's is ten times as large.
    const other = await insertSignedInUser(t.database.db);
    expect((await upload(await noisyPng(2), other.headers.authorization)).statusCode).toBe(201);
    const admin = await insertSignedInUser(t.database.db, { role: 'admin' });
    for (const seed of [3, 4, 5]) expect((await upload(await noisyPng(seed), admin.headers.authorization)).statusCode).toBe(201);
  });

  it('refuses the sixth upload of the day, and takes uploads again once the oldest is a day old', async () => {
    const customer = await insertSignedInUser(t.database.db);
    for (const colour of ['#100000', '#200000', '#300000', '#400000', '#500000']) {
      expect((await upload(await tinyPng(colour), customer.headers.authorization)).statusCode).toBe(201);
    }
    const before = await state();
    const refused = await upload(await tinyPng('#600000'), customer.headers.authorization);
    expectBudgetRefusal(refused);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(24 * 60 * 60 - 120);
    const after = await state();
    expect(after.files).toEqual(before.files);
    expect(after.uploads).toEqual(before.uploads);

    // A day later the first upload no longer counts.
    const oldest = before.uploads.filter((row) => row.user_id === customer.id)[0]!;
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 1000).toISOString();
    await t.database.db.updateTable('image_uploads').set({ created_at: dayAgo }).where('id', '=', oldest.id).execute();
    expect((await upload(await tinyPng('#600000'), customer.headers.authorization)).statusCode).toBe(201);
  });

  it('counts an upload that turns out not to be an image: processing it cost the same', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const before = storedFiles();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const refused = await upload(svg, customer.headers.authorization);
    expect(refused.statusCode).toBe(415);
    expect(storedFiles()).toEqual(before);
    const rows = await t.database.db.selectFrom('image_uploads').select(['path', 'bytes']).where('user_id', '=', customer.id).execute();
    expect(rows).toEqual([{ path: null, bytes: svg.length }]);
  });
});
