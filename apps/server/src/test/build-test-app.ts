import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app.js';
import { loadConfig } from '../config.js';
import { createDatabase, type ShopDatabase } from '../db/database.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  database: ShopDatabase;
  testDatabase: TestDatabase;
  close(): Promise<void>;
}

/**
 * The real app on its own fresh, migrated database (SQLite or PostgreSQL), with no demo seed. The
 * database comes migrated from the run's template; `migrate()` still runs, as it does at start.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: { logger?: BuildAppOptions['logger']; beforeReady?: (app: FastifyInstance) => void } = {},
): Promise<TestApp> {
  const testDatabase = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: testDatabase.dataDir,
    SEED: 'none',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: `${testDatabase.dataDir}/no-web-build`,
    // Most suites place many orders from one account; the limits have their own tests.
    UNPAID_ORDERS_PER_ACCOUNT: '10000',
    UNPAID_UNITS_PER_ACCOUNT: '100000000',
    UNPAID_PART_UNITS_PER_ADDRESS: '10000000',
    ...env,
  });
  config.database = testDatabase.config;
  const database = createDatabase(testDatabase.config);
  await database.migrate();
  const app = await buildApp({ config, database, logger: options.logger ?? (process.env.TEST_LOG ? { level: 'error' } : false) });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    testDatabase,
    async close() {
      await app.close();
      await database.close();
      await testDatabase.drop();
    },
  };
}
