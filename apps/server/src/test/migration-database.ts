import { Migrator } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { createDatabase, type ShopDatabase } from '../db/database.js';
import { migrations } from '../db/migrations/index.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/**
 * A fresh, empty database (not even the migrations table) for one migration test file, with a
 * Migrator over every migration to move it between them; dropped after the file. Read its fields
 * inside tests.
 */
export function migrationDatabase(): { database: ShopDatabase; migrator: Migrator } {
  const handle = {} as { database: ShopDatabase; migrator: Migrator };
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await createTestDatabase({ empty: true });
    handle.database = createDatabase(testDatabase.config);
    handle.migrator = new Migrator({ db: handle.database.db, provider: { getMigrations: async () => migrations } });
  });
  afterAll(async () => {
    await handle.database.close();
    await testDatabase.drop();
  });
  return handle;
}
