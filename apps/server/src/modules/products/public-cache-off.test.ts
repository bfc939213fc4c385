import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct } from '../../test/factories.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_CACHE_MS: '0' });
});
afterAll(async () => t.close());

describe('PUBLIC_CACHE_MS=0', () => {
  it('answers every public call from the database, even a change made behind the app', async () => {
    const count = async () => (await t.app.inject({ url: '/api/productCount' })).json().count as number;
    const firstPage = async () => (await t.app.inject({ url: '/api/products?page=0&size=6' })).json().length as number;
    expect([await count(), await firstPage()]).toEqual([0, 0]);
    // Written straight into the database, as another instance would: nothing here clears a cache.
    await insertProduct(t.database.db);
    expect([await count(), await firstPage()]).toEqual([1, 1]);
    await insertProduct(t.database.db);
    expect([await count(), await firstPage()]).toEqual([2, 2]);
  });

  it('is refused when it is not a whole number of milliseconds from 0 to 60 000', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: t.testDatabase.dataDir };
    expect(loadConfig({ ...base, PUBLIC_CACHE_MS: '250' }).publicCacheMs).toBe(250);
    expect(loadConfig(base).publicCacheMs).toBe(1000);
    for (const value of ['-1', '1.5', '60001', 'soon']) {
      expect(() => loadConfig({ ...base, PUBLIC_CACHE_MS: value })).toThrow(/PUBLIC_CACHE_MS/);
    }
  });
});
