import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_CACHE_MS: '0' });
});
afterAll(async () => t.close());

const total = async (q: string) => (await t.app.inject({ url: `/api/search?q=${q}` })).json().total as number;

describe('search index and a change log with a writer still open', () => {
  it('finds a part committed late under an earlier change number, without losing the later ones', async () => {
    const first = await insertProduct(t.database.db, { name: 'Clutch Lever' });
    const second = await insertProduct(t.database.db, { name: 'Brake Lever' });
    expect(await total('lever')).toBe(2); // builds the index
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    // A writer takes change number n and keeps its transaction open...
    const slow = t.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ name: 'Slowpoke Clutch Lever' }).where('id', '=', first.id).execute();
      inserted();
      await held;
    });
    await insertedYet;
    // ...while another commits n + 1.
    await t.database.db.updateTable('products').set({ name: 'Quick Brake Lever' }).where('id', '=', second.id).execute();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await total('quick')).toBe(1);
    expect(await total('slowpoke')).toBe(0);

    release();
    await slow;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await total('slowpoke')).toBe(1);
    expect(await total('quick')).toBe(1);
  });
});
