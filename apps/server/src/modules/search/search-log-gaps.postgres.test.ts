import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/database.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct } from '../../test/factories.js';
import { waitFor } from '../../test/outbox.js';
import { createSearchRepository } from './search.repository.js';
import { createSearchService } from './search.service.js';

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

  it('finds every part of an import that commits after a later edit was read, however many reads it stayed open for, in an index built meanwhile too', async () => {
    const serviceOf = () =>
      createSearchService({
        repository: createSearchRepository(t.database),
        catalogue: t.app.catalogue,
        vehicles: t.app.vehicles,
        log: t.app.log,
        timing: { syncAfterMs: 0, keepChangesMs: 60_000 },
      });
    const running = serviceOf();
    const find = async (service: ReturnType<typeof serviceOf>, q: string) => (await service.search({ q, sort: 'relevance' })).total;
    const sprocket = await insertProduct(t.database.db, { name: 'Rear Sprocket' });
    expect(await find(running, 'sprocket')).toBe(1);

    // Another instance's import, on a connection of its own, holds its transaction open...
    const importer = createDatabase(t.testDatabase.config);
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let written!: () => void;
    const writtenYet = new Promise<void>((resolve) => (written = resolve));
    const importing = importer.db.transaction().execute(async (trx) => {
      for (let number = 1; number <= 3; number++) await insertProduct(trx, { name: `Imported Tyre Lever ${number}` });
      written();
      await committing;
    });
    try {
      await writtenYet;
      // ...while an admin's price edit commits a later change number.
      await t.database.db.updateTable('products').set({ name: 'Hardened Rear Sprocket', price_cents: 2499 }).where('id', '=', sprocket.id).execute();
      expect(await find(running, 'hardened')).toBe(1);
      // The log is read again and again past the open import's numbers; an index is built from scratch meanwhile.
      const builtMeanwhile = serviceOf();
      expect(await find(builtMeanwhile, 'hardened')).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await find(running, 'imported')).toBe(0);
      expect(await find(builtMeanwhile, 'imported')).toBe(0);

      commit();
      await importing;
      await waitFor(async () => (await find(running, 'imported')) === 3 && (await find(builtMeanwhile, 'imported')) === 3);
      expect(await find(running, 'hardened')).toBe(1);
      expect(await find(builtMeanwhile, 'hardened')).toBe(1);
    } finally {
      commit();
      await importing.catch(() => undefined);
      await importer.close();
    }
  });
});
