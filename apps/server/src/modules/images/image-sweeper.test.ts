import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { RESPONSIVE_VARIANT_NAMES, responsiveVariants } from '../../lib/responsive-images.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { imagesDirectory, insertSignedInUser, multipartImage, storeTestImage } from '../../test/factories.js';
import { processImage } from './image-processing.js';
import { withImageLock } from './images.repository.js';

/**
 * Images uploaded and never used: an account holds at most 20 of them, and the sweep removes
 * them (files and rows) a day after their last use, never an image a record uses, never one
 * no upload lists (the demo seed's), and never while a record is being saved with it.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

type Customer = Awaited<ReturnType<typeof insertSignedInUser>>;


const upload = (customer: Customer, bytes: Buffer) => {
  const form = multipartImage(bytes);
  return t.app.inject({ method: 'POST', url: '/api/images', payload: form.payload, headers: { ...customer.headers, ...form.headers } });
};

let colour = 0;
/** A PNG no other test uploads. */
const freshPng = () => {
  const value = ++colour * 9973;
  const background = { r: value % 256, g: Math.floor(value / 256) % 256, b: Math.floor(value / 65536) % 256 };
  return sharp({ create: { width: 12, height: 10, channels: 3, background } }).png().toBuffer();
};

async function uploaded(customer: Customer): Promise<string> {
  const response = await upload(customer, await freshPng());
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.url as string;
}

const filesOf = (url: string) => {
  const base = path.basename(url, '.webp');
  return [`${base}.webp`, ...RESPONSIVE_VARIANT_NAMES.map((variant) => `${base}-${variant}.webp`)].map((file) => path.join(imagesDirectory(t.app), file));
};
const held = (url: string) => filesOf(url).every((file) => existsSync(file));
const gone = (url: string) => filesOf(url).every((file) => !existsSync(file));
const rowsOf = (url: string) => t.database.db.selectFrom('image_uploads').selectAll().where('path', '=', url).execute();
const storedFiles = () => readdirSync(imagesDirectory(t.app)).sort();

/** The uploads of these images were last used two days ago. */
async function lastUsedTwoDaysAgo(...urls: string[]) {
  const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
  await t.database.db.updateTable('image_uploads').set({ created_at: twoDaysAgo, last_used_at: twoDaysAgo }).where('path', 'in', urls).execute();
}

const saveProfile = (customer: Customer, img: string) =>
  t.app.inject({ method: 'PUT', url: `/api/userinfo/${customer.email}`, headers: customer.headers, payload: { img, phone: '+44 20 7946 0000' } });
const profileImage = async (customer: Customer) =>
  (await t.database.db.selectFrom('users').select('image').where('id', '=', customer.id).executeTakeFirstOrThrow()).image;

describe('images an account holds that no record uses', () => {
  it('are at most 20: the 21st upload is refused before processing and stores nothing, until one is used', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const urls: string[] = [];
    for (let i = 0; i < 20; i++) urls.push(await uploaded(customer));

    const files = storedFiles();
    const rows = await t.database.db.selectFrom('image_uploads').selectAll().orderBy('id').execute();
    // Bytes that are no image: processing would answer 415; the limit answers first.
    for (const bytes of [await freshPng(), randomBytes(2000)]) {
      const refused = await upload(customer, bytes);
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.json().error).toMatchObject({
        code: 'UPLOAD_QUOTA_EXCEEDED',
        message: 'You have uploaded many images that are not used anywhere yet. Please use them first, or try again tomorrow.',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 60 * 60);
    }
    expect(storedFiles()).toEqual(files);
    expect(await t.database.db.selectFrom('image_uploads').selectAll().orderBy('id').execute()).toEqual(rows);

    // Another account is not held back by this one.
    await uploaded(await insertSignedInUser(t.database.db));
    // Using one of them (the profile photo) makes room for one more.
    expect((await saveProfile(customer, urls[0]!)).statusCode).toBe(200);
    await uploaded(customer);
    expect((await upload(customer, await freshPng())).statusCode).toBe(429);
  });
});

describe('the sweep of unused uploaded images', () => {
  it('removes an unused upload a day after its last use, files and row; keeps used, fresh and unlisted images', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const admin = await insertSignedInUser(t.database.db, { role: 'admin' });
    const unused = await uploaded(customer);
    const onProfile = await uploaded(customer);
    const onReview = await uploaded(customer);
    const onProduct = await uploaded(admin);
    const fresh = await uploaded(customer);
    // Stored without an upload (as the demo seed stores its images) and used by nothing.
    const unlisted = await storeTestImage(t.app, '#0a0b0c');
    expect((await saveProfile(customer, onProfile)).statusCode).toBe(200);
    const review = await t.app.inject({ method: 'POST', url: '/api/review', headers: customer.headers, payload: { review: 'Fits well', ratings: 5, img: onReview } });
    expect(review.statusCode, review.body).toBe(201);
    const product = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.headers,
      payload: { name: 'Chain kit', decreption: 'A chain kit', price: 4999, quantity: 5, minimum: 1, img: onProduct },
    });
    expect(product.statusCode, product.body).toBe(201);
    await lastUsedTwoDaysAgo(unused, onProfile, onReview, onProduct);
    // Uploads that added no image count for their day only.
    const countOnly = { user_id: customer.id, path: null, bytes: 10 };
    const [oldCount, newCount] = [newId(), newId()];
    await t.database.db
      .insertInto('image_uploads')
      .values([
        { ...countOnly, id: oldCount, created_at: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString(), last_used_at: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString() },
        { ...countOnly, id: newCount, created_at: new Date().toISOString(), last_used_at: new Date().toISOString() },
      ])
      .execute();
    expect(held(unused)).toBe(true);

    // Two instances sweeping at once remove it once.
    const removed = await Promise.all([t.app.images.sweepUnused(), t.app.images.sweepUnused()]);
    expect(removed[0]! + removed[1]!).toBe(1);

    expect(gone(unused)).toBe(true);
    expect(await rowsOf(unused)).toEqual([]);
    expect((await t.app.inject({ url: unused })).statusCode).toBe(404);
    for (const url of [onProfile, onReview, onProduct, fresh]) {
      expect(held(url)).toBe(true);
      expect(await rowsOf(url)).toHaveLength(1);
      expect((await t.app.inject({ url })).statusCode).toBe(200);
    }
    expect(existsSync(path.join(imagesDirectory(t.app), path.basename(unlisted)))).toBe(true);
    const countRows = await t.database.db.selectFrom('image_uploads').select('id').where('id', 'in', [oldCount, newCount]).execute();
    expect(countRows.map((row) => row.id)).toEqual([newCount]);

    // A record saved after the removal is refused and keeps what it had.
    const refused = await saveProfile(customer, unused);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fieldErrors).toEqual({ img: ['Please upload the image again'] });
    expect(await profileImage(customer)).toBe(onProfile);

    // Once the profile moves to another photo, the old one is unused and goes a day after its last use.
    expect((await saveProfile(customer, fresh)).statusCode).toBe(200);
    await lastUsedTwoDaysAgo(onProfile);
    expect(await t.app.images.sweepUnused()).toBe(1);
    expect(gone(onProfile)).toBe(true);
    expect(held(fresh)).toBe(true);
  });

  it('never lists an image the shop held before without an upload (the demo seed), so never removes it', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const png = await freshPng();
    // Stored as the seed stores its images: the same bytes an upload of this PNG produces.
    const processed = await processImage(png);
    const seeded = await t.app.imageStorage.put(processed.bytes, 'webp', await responsiveVariants(processed.bytes));

    const response = await upload(customer, png);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.url).toBe(seeded);
    expect(await rowsOf(seeded)).toEqual([]);
    await t.database.db.updateTable('image_uploads').set({ created_at: '2020-01-01T00:00:00.000Z', last_used_at: '2020-01-01T00:00:00.000Z' }).where('user_id', '=', customer.id).execute();
    await t.app.images.sweepUnused();
    expect(held(seeded)).toBe(true);
  });

  it('an upload of an image the account already holds adds no second row and makes it fresh again', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const png = await freshPng();
    const first = await upload(customer, png);
    const url = first.json().data.url as string;
    await lastUsedTwoDaysAgo(url);
    const again = await upload(customer, png);
    expect(again.json().data.url).toBe(url);
    const rows = await t.database.db.selectFrom('image_uploads').select(['path', 'last_used_at']).where('user_id', '=', customer.id).orderBy('id').execute();
    expect(rows.map((row) => row.path)).toEqual([url, null]);
    expect(Date.parse(rows[0]!.last_used_at)).toBeGreaterThan(Date.now() - 60_000);
    await t.app.images.sweepUnused();
    expect(held(url)).toBe(true);
  });

  it('keeps an image a record has just been checked with, though the record is not written yet', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const url = await uploaded(customer);
    await lastUsedTwoDaysAgo(url);
    // The check a route makes before it writes its record.
    await t.app.images.assertStored(url);
    expect(await t.app.images.sweepUnused()).toBe(0);
    expect(held(url)).toBe(true);
    expect((await saveProfile(customer, url)).statusCode).toBe(200);
  });

  it('refuses a record saved while the sweep is removing its image, and the record keeps what it had', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const url = await uploaded(customer);
    await lastUsedTwoDaysAgo(url);
    let saving: ReturnType<typeof saveProfile> | undefined;
    // Where a sweep stands after deciding: rows gone, files not yet.
    await withImageLock(t.app.database, url, async (trx) => {
      await trx.deleteFrom('image_uploads').where('path', '=', url).execute();
      saving = saveProfile(customer, url);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(held(url)).toBe(true);
      await t.app.imageStorage.remove(url, RESPONSIVE_VARIANT_NAMES);
    });
    const saved = await saving!;
    expect(saved.statusCode, saved.body).toBe(422);
    expect(await profileImage(customer)).toBeNull();
    expect(gone(url)).toBe(true);
  });

  it('while records are being saved with the images it removes, every saved record names a stored image', async () => {
    const customers = await Promise.all(Array.from({ length: 30 }, () => insertSignedInUser(t.database.db)));
    const urls: string[] = [];
    for (const customer of customers) urls.push(await uploaded(customer));
    await lastUsedTwoDaysAgo(...urls);

    const outcomes = await Promise.all([
      ...customers.map(async (customer, index) => {
        // Spread the saves over the sweep's run.
        for (let tick = 0; tick < index * 2; tick++) await new Promise((resolve) => setImmediate(resolve));
        return (await saveProfile(customer, urls[index]!)).statusCode;
      }),
      t.app.images.sweepUnused(),
    ]);

    for (const [index, customer] of customers.entries()) {
      const url = urls[index]!;
      const status = outcomes[index];
      const image = await profileImage(customer);
      if (status === 200) {
        expect(image).toBe(url);
        expect(held(url)).toBe(true);
        expect(await rowsOf(url)).toHaveLength(1);
      } else {
        expect(status).toBe(422);
        expect(image).toBeNull();
        expect(gone(url)).toBe(true);
      }
    }
    // Whatever the interleaving, a later sweep leaves every saved profile's image in place.
    await lastUsedTwoDaysAgo(...urls);
    await t.app.images.sweepUnused();
    for (const customer of customers) {
      const image = await profileImage(customer);
      if (image) expect(held(image)).toBe(true);
    }
  });
});
