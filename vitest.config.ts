import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

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
    exclude: ['**/node_modules/**', dialect === 'postgres' ? 'src/**/*.sqlite.test.ts' : 'src/**/*.postgres.test.ts'],
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
