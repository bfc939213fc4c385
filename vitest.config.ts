import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Server test files that open no database of the pass (or only a SQLite file of their own, as
 * the backup does): they would run the very same code in the PostgreSQL pass, so they run once,
 * in the SQLite pass. A file missing from this list only runs twice.
 */
const SAME_ON_EVERY_DATABASE = [
  'src/cli/backup-restore.test.ts',
  'src/lib/image-storage.contract.test.ts',
  'src/lib/micro-cache.test.ts',
  'src/lib/pricing.test.ts',
  'src/lib/response-cache.test.ts',
  'src/modules/invoices/invoice-pdf.test.ts',
  'src/modules/orders/placement.test.ts',
  'src/modules/search/search-index.test.ts',
  'src/modules/shipping/arrival.test.ts',
];

/**
 * `*.postgres.test.ts` and `*.sqlite.test.ts` disturb one database engine on purpose
 * (an outage, a lock held by another process); each runs in its own engine's pass.
 */
const serverProject = (dialect: 'sqlite' | 'postgres') => ({
  extends: './apps/server/vitest.config.ts',
  test: {
    name: `server:${dialect}`,
    root: './apps/server',
    env: { TEST_DIALECT: dialect },
    exclude: ['**/node_modules/**', ...(dialect === 'postgres' ? ['src/**/*.sqlite.test.ts', ...SAME_ON_EVERY_DATABASE] : ['src/**/*.postgres.test.ts'])],
  },
});

/**
 * shared, web and the server suite; the server suite runs again on PostgreSQL when
 * TEST_DATABASE_URL is set. One worker more than the cores (Vitest's default is one fewer): the
 * server tests spend much of their time waiting on the database, the disk and the processes
 * they start (on 2 cores: 5 min 8 s with two workers, 4 min 26 s with three).
 */
export default defineConfig({
  test: {
    maxWorkers: availableParallelism() + 1,
    projects: [
      'packages/shared',
      'apps/web/vitest{,.node}.config.ts',
      serverProject('sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
    ],
  },
});
