import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { PART_PHOTOS_MAX, productMessages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { imagesDirectory, insertSignedInUser, multipartImage, storeTestImage } from '../../test/factories.js';

/** A part's photos: up to 8, `img` the first, answered in order as `images` on the part's own call. */

let t: TestApp;
type Admin = Awaited<ReturnType<typeof insertSignedInUser>>;
let admin: Admin;
/** Nine stored images, each of its own colour. */
let photos: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
  photos = await Promise.all(Array.from({ length: PART_PHOTOS_MAX + 1 }, (_, i) => storeTestImage(t.app, `#${(i * 28 + 16).toString(16).padStart(2, '0')}4060`)));
});
afterAll(async () => t.close());

const part = (overrides: Record<string, unknown> = {}) => ({
  name: 'Rear Shock Absorber',
  decreption: 'Gas-charged rear shock, preload adjustable.',
  price: '189.00',
  quantity: '6',
  minimum: '1',
  img: photos[0],
  ...overrides,
});
const add = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/products', headers: admin.headers, payload });
const update = (id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/product/${id}`, headers: admin.headers, payload: { decreption: 'Still a shock.', price: '189.00', quantity: '6', minimum: '1', ...payload } });
const answered = async (id: string) => (await t.app.inject({ url: `/api/products/${id}` })).json();
const photoRows = (id: string) => t.database.db.selectFrom('product_images').selectAll().where('product_id', '=', id).execute();

async function added(payload: Record<string, unknown>): Promise<string> {
  const response = await add(payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().insertedId as string;
}

describe("a part's photos", () => {
  it('without `images` is its image alone', async () => {
    const id = await added(part());
    expect(await answered(id)).toMatchObject({ img: photos[0], images: [photos[0]] });
  });

  it.each([1, 3, PART_PHOTOS_MAX])('keeps %i photos in the order sent, the first as `img`', async (count) => {
    const sent = photos.slice(0, count).reverse();
    const id = await added(part({ img: sent[0], images: sent }));
    expect(await answered(id)).toMatchObject({ img: sent[0], images: sent });
    // The catalogue's lists answer SPEC's fields, the first photo as `img`.
    const listed = (await t.app.inject({ url: '/api/products?page=0&size=100' })).json() as { _id: string; img: string }[];
    expect(listed.find((product) => product._id === id)?.img).toBe(sent[0]);
  });

  it.each([
    ['more than 8', () => ({ images: photos }), productMessages.tooManyPhotos],
    ['the same photo twice', () => ({ images: [photos[0], photos[1], photos[1]] }), productMessages.duplicatePhoto],
    ['an image that is not the shop’s', () => ({ images: [photos[0], 'https://example.com/shock.jpg'] }), 'Please upload the image again'],
    ['an image the shop does not hold', () => ({ images: [photos[0], `/images/${'a'.repeat(32)}.webp`] }), 'Please upload the image again'],
    ['a first photo that is not `img`', () => ({ images: [photos[1], photos[0]] }), productMessages.firstPhotoIsImage],
  ])('refuses %s with a message about `images`, and writes nothing', async (_case, images, message) => {
    const before = await t.database.db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const response = await add(part(images()));
    expect(response.statusCode, response.body).toBe(422);
    // The list's own rules under `images`, a photo's under its place in it (`images.1`).
    const messages = Object.entries(response.json().error.fieldErrors as Record<string, string[]>).filter(([field]) => field.split('.')[0] === 'images');
    expect(messages.flatMap(([, texts]) => texts)).toContain(message);
    const after = await t.database.db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('are replaced, reordered or kept by an update; `img` alone replaces the first', async () => {
    const id = await added(part({ images: photos.slice(0, 3) }));

    expect((await update(id, { images: [photos[2], photos[0]] })).statusCode).toBe(200);
    expect(await answered(id)).toMatchObject({ img: photos[2], images: [photos[2], photos[0]] });

    // Not sent: they stay.
    expect((await update(id, {})).statusCode).toBe(200);
    expect((await answered(id)).images).toEqual([photos[2], photos[0]]);

    expect((await update(id, { img: photos[4] })).statusCode).toBe(200);
    expect(await answered(id)).toMatchObject({ img: photos[4], images: [photos[4], photos[0]] });

    const refused = await update(id, { images: photos });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fieldErrors.images).toContain(productMessages.tooManyPhotos);
    expect((await update(id, { images: [] })).statusCode).toBe(422);
    expect((await answered(id)).images).toEqual([photos[4], photos[0]]);

    // A new image that was one of the others is shown once, first.
    expect((await update(id, { img: photos[0] })).statusCode).toBe(200);
    expect(await answered(id)).toMatchObject({ img: photos[0], images: [photos[0]] });
    expect((await update(id, { images: [photos[4], photos[0]] })).statusCode).toBe(200);

    // Back to one photo.
    expect((await update(id, { images: [photos[4]] })).statusCode).toBe(200);
    expect((await answered(id)).images).toEqual([photos[4]]);
    expect(await photoRows(id)).toEqual([]);
  });

  it('go with their part', async () => {
    const id = await added(part({ images: photos.slice(0, 4) }));
    expect(await photoRows(id)).toHaveLength(3);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: admin.headers })).statusCode).toBe(200);
    expect(await photoRows(id)).toEqual([]);
  });
});

describe('the sweep of unused uploads', () => {
  const upload = async () => {
    const bytes = await sharp({ create: { width: 10, height: 8, channels: 3, background: { r: 200, g: 90, b: (Date.now() % 200) + 20 } } }).png().toBuffer();
    const form = multipartImage(bytes);
    const response = await t.app.inject({ method: 'POST', url: '/api/images', payload: form.payload, headers: { ...admin.headers, ...form.headers } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.url as string;
  };
  const held = (url: string) => existsSync(path.join(imagesDirectory(t.app), path.basename(url)));
  const twoDaysAgo = (url: string) => {
    const at = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
    return t.database.db.updateTable('image_uploads').set({ created_at: at, last_used_at: at }).where('path', '=', url).execute();
  };

  it("keeps a part's further photos, and removes one once no part shows it", async () => {
    const further = await upload();
    const id = await added(part({ images: [photos[0], further] }));
    await twoDaysAgo(further);
    await t.app.images.sweepUnused();
    expect(held(further)).toBe(true);

    expect((await update(id, { images: [photos[0]] })).statusCode).toBe(200);
    await twoDaysAgo(further);
    await t.app.images.sweepUnused();
    expect(held(further)).toBe(false);
  });
});
