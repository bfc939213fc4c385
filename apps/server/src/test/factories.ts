import type { Kysely } from 'kysely';
import type { Database, NewProductRow, NewReviewRow } from '../db/schema.js';
import { newId } from '../lib/ids.js';

let sequence = 0;
const stamp = () => new Date(Date.UTC(2026, 0, 1) + ++sequence * 1000).toISOString();

export async function insertProduct(db: Kysely<Database>, overrides: Partial<NewProductRow> = {}) {
  const now = stamp();
  const row: NewProductRow = {
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
