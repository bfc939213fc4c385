import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type ShopDatabase } from './database.js';
import { migrations } from './migrations/index.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';

/**
 * Instances started at the same moment on an empty database: one migrates, the others wait for
 * it and find nothing left to do; every migration runs once and every instance starts.
 */

let testDatabase: TestDatabase;
let databases: ShopDatabase[];

beforeAll(async () => {
  testDatabase = await createTestDatabase({ empty: true });
  databases = [0, 1, 2, 3].map(() => createDatabase(testDatabase.config));
});
afterAll(async () => {
  for (const database of databases) await database.close();
  await testDatabase.drop();
});

describe('migrations on a concurrent start', () => {
  it('four instances migrating the same empty database at once all start, each migration run once', async () => {
    const outcomes = await Promise.allSettled(databases.map((database) => database.migrate()));
    expect(outcomes.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : outcome.status))).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);

    const applied = await databases[0]!.db.selectFrom('kysely_migration' as never).select(sql<string>`name`.as('name')).execute();
    expect(applied.map((row) => row.name).sort()).toEqual(Object.keys(migrations).sort());
    // Every instance sees the finished schema.
    for (const database of databases) {
      expect(await database.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).toEqual({ n: expect.anything() });
    }
  });
});
