import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { type Kysely, sql } from 'kysely';
import type { Database, NewProductRow, NewReviewRow, Role } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { demoProducts } from '../db/seed/demo-products.js';
import { demoCatalogueRows } from '../db/seed/seed.js';

let sequence = 0;
const stamp = () => new Date(Date.UTC(2026, 0, 1) + ++sequence * 1000).toISOString();

/** A product, in 'Other' unless the overrides name a category id. */
export async function insertProduct(db: Kysely<Database>, overrides: Partial<NewProductRow> = {}) {
  const now = stamp();
  const other = await db.selectFrom('categories').select('id').where('name_key', '=', 'other').executeTakeFirstOrThrow();
  const row: NewProductRow = {
    category_id: other.id,
    id: newId(),
    name: `Part ${++sequence}`,
    description: 'A test part',
    price_cents: 1999,
    quantity: 50,
    minimum: 2,
    img: '/images/test.webp',
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await db.insertInto('products').values(row).execute();
  return row;
}

export async function insertReview(db: Kysely<Database>, overrides: Partial<NewReviewRow> = {}) {
  const row: NewReviewRow = {
    id: newId(),
    user_id: null,
    name: `reviewer ${++sequence}`,
    email: `reviewer${sequence}@example.com`,
    review: 'great parts',
    ratings: 5,
    img: '/images/avatar.webp',
    created_at: stamp(),
    ...overrides,
  };
  await db.insertInto('reviews').values(row).execute();
  return row;
}

let userSequence = 0;

/**
 * A customer (or admin) with a live session, written straight into the database: much faster
 * than signing up through password hashing when a test needs dozens of customers. Its address is
 * confirmed, as a customer's is once they opened the shop's link, unless `verified` is false.
 */
export async function insertSignedInUser(db: Kysely<Database>, options: { role?: Role; name?: string; verified?: boolean } = {}) {
  const n = ++userSequence;
  const id = newId();
  const email = `customer${n}-${id}@example.com`;
  const now = new Date();
  const token = `${id}${randomBytes(8).toString('hex')}`;
  await db
    .insertInto('users')
    .values({
      id,
      name: options.name ?? `Customer ${n}`,
      email,
      email_verified: options.verified === false ? sql<boolean>`false` : sql<boolean>`true`,
      image: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      role: options.role ?? 'user',
      phone: null,
    })
    .execute();
  await db
    .insertInto('sessions')
    .values({
      id: newId(),
      token,
      user_id: id,
      expires_at: new Date(now.getTime() + 3600_000).toISOString(),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      ip_address: null,
      user_agent: null,
    })
    .execute();
  return { id, email, name: options.name ?? `Customer ${n}`, token, headers: { authorization: `Bearer ${token}` } };
}

/** The people of a test of the shop's own work, signed in: an admin, a staff member and a customer. */
export async function insertShopPeople(db: Kysely<Database>) {
  return {
    admin: await insertSignedInUser(db, { role: 'admin', name: 'Ada Admin' }),
    staff: await insertSignedInUser(db, { role: 'staff', name: 'Sid Staff' }),
    customer: await insertSignedInUser(db),
  };
}

/** The folder a test app on the disk store keeps its images in. */
export function imagesDirectory(app: FastifyInstance): string {
  if (app.imageStorage.kind !== 'disk') throw new Error('this test reads the disk store');
  return app.imageStorage.directory;
}

/** A real image in the app's image storage, for records that must point at a stored file. */
export async function storeTestImage(app: FastifyInstance, colour = '#c0392b'): Promise<string> {
  const bytes = await sharp({ create: { width: 4, height: 4, channels: 3, background: colour } }).webp().toBuffer();
  return app.imageStorage.put(bytes, 'webp');
}

/** A multipart body carrying one file, as the web app sends an upload (field `image` unless told). */
export function multipartImage(bytes: Buffer, options: { field?: string; filename?: string; type?: string } = {}) {
  const boundary = '----shop-test-boundary';
  const { field = 'image', filename = 'photo.png', type = 'image/png' } = options;
  return {
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The demo catalogue (its categories and parts, in seed order) without drawing images; answers the parts' ids by name. */
export async function insertDemoCatalogue(db: Kysely<Database>): Promise<Map<string, string>> {
  const { categories, products } = demoCatalogueRows(
    demoProducts.map(() => '/images/test.webp'),
    Date.now(),
  );
  await db.insertInto('categories').values(categories).execute();
  await db.insertInto('products').values(products).execute();
  return new Map(products.map((product) => [product.name, product.id]));
}
