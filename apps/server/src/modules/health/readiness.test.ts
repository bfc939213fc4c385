import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';

/**
 * An instance is ready once the search index is built, not when the database first answers: at
 * 20,000 parts (four loading batches) `/api/ready` answers 200 only with the index in memory,
 * and the index holds every part with the bikes it fits, read batch by batch by key range.
 */
const PARTS = 20_000;
/** Every seventh part fits the test bike; every eleventh is universal. */
const fitsBike = (index: number) => index % 7 === 0;
const universal = (index: number) => index % 11 === 0 && !fitsBike(index);

let t: TestApp;
let vehicleId: string;

beforeAll(async () => {
  t = await buildTestApp();
  const { db } = t.database;
  const now = new Date().toISOString();
  vehicleId = newId();
  await db
    .insertInto('vehicles')
    .values({ id: vehicleId, make: 'Honda', make_key: 'honda', model: 'CB500F', model_key: 'cb500f', year_from: 2013, year_to: 2024, cc: 471, created_at: now })
    .execute();
  const other = await db.selectFrom('categories').select('id').where('name_key', '=', 'other').executeTakeFirstOrThrow();
  const ids = Array.from({ length: PARTS }, () => newId());
  for (let start = 0; start < PARTS; start += 1000) {
    const chunk = ids.slice(start, start + 1000);
    await db
      .insertInto('products')
      .values(
        chunk.map((id, offset) => ({
          id,
          category_id: other.id,
          name: `Readiness part ${start + offset}`,
          description: 'A part of a large catalogue',
          price_cents: 1000 + offset,
          quantity: 10,
          minimum: 1,
          img: '/images/test.webp',
          universal: universal(start + offset) ? 1 : 0,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const fitting = chunk.filter((_, offset) => fitsBike(start + offset));
    if (fitting.length > 0) {
      await db
        .insertInto('fitment')
        .values(fitting.map((id) => ({ product_id: id, vehicle_id: vehicleId, year_from: 2019, year_to: null })))
        .execute();
    }
  }
}, 120_000);
afterAll(async () => t?.close());

describe('readiness at 20,000 parts', () => {
  it('answers ready only once the search index is built, and the index holds every part with its fitment', async () => {
    expect(t.app.catalogueSearch.isBuilt()).toBe(false);
    const ready = await t.app.inject({ url: '/api/ready' });
    if (ready.statusCode === 503) {
      // A slow machine: the build outlasted the check's wait. Not ready means not built.
      expect(ready.json().error.message).toBe('The search index is still being built');
      await t.app.catalogueSearch.warm();
    } else {
      expect(ready.statusCode).toBe(200);
    }
    expect(t.app.catalogueSearch.isBuilt()).toBe(true);
    expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);

    const everything = await t.app.inject({ url: '/api/search?q=readiness&size=1' });
    expect(everything.json().total).toBe(PARTS);
    const expectedFits = Array.from({ length: PARTS }, (_, index) => index).filter(fitsBike).length;
    const expectedUniversal = Array.from({ length: PARTS }, (_, index) => index).filter(universal).length;
    const forBike = await t.app.inject({ url: `/api/search?q=readiness&size=1&vehicle=${vehicleId}&year=2020` });
    expect(forBike.json().total).toBe(expectedFits + expectedUniversal);
    // Years before the fitment's first year: only the universal parts.
    const tooOld = await t.app.inject({ url: `/api/search?q=readiness&size=1&vehicle=${vehicleId}&year=2015` });
    expect(tooOld.json().total).toBe(expectedUniversal);
  }, 60_000);
});
