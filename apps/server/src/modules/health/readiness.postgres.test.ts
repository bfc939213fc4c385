import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type ShopDatabase } from '../../db/database.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct } from '../../test/factories.js';

/**
 * While the search index cannot be built (here the catalogue is locked by another session, as a
 * long migration or a slow disk would hold it), the instance answers 503 on `/api/ready`, so the
 * load balancer sends its requests elsewhere; once built, it is ready.
 */
let t: TestApp;
let other: ShopDatabase;

beforeAll(async () => {
  t = await buildTestApp();
  other = createDatabase(t.testDatabase.config);
  await insertProduct(t.database.db, { name: 'Locked oil filter' });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe('readiness while the index cannot be built', () => {
  it('answers 503 with a retry time until the index is in memory, then 200', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holding = other.db.transaction().execute(async (trx) => {
      await sql`lock table products in access exclusive mode`.execute(trx);
      locked();
      await released;
    });
    await lockTaken;

    const waiting = await t.app.inject({ url: '/api/ready' });
    expect(waiting.statusCode).toBe(503);
    expect(waiting.headers['retry-after']).toBeTruthy();
    expect(waiting.json().error.message).toBe('The search index is still being built');
    expect(t.app.catalogueSearch.isBuilt()).toBe(false);

    release();
    await holding;
    await t.app.catalogueSearch.warm();
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/search?q=locked' })).json().total).toBe(1);
  }, 30_000);
});
