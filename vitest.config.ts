import { defineConfig } from 'vitest/config';

const serverProject = (name: string, env: Record<string, string>) => ({
  extends: './apps/server/vitest.config.ts',
  test: { name, root: './apps/server', env },
});

/** shared, web and the server suite; the server suite runs again on PostgreSQL when TEST_DATABASE_URL is set. */
export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/web',
      serverProject('server:sqlite', { TEST_DIALECT: 'sqlite' }),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server:postgres', { TEST_DIALECT: 'postgres' })] : []),
    ],
  },
});
