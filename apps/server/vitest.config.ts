import { defineConfig } from 'vitest/config';

/**
 * Every migration runs once per run, into a template each file's database copies
 * (src/test/global-setup.ts). Files share their worker's module graph (no isolation): the app is
 * imported once per worker instead of once per file, so no test may leave global state behind
 * (timers faked, environment changed, modules mocked) past its own file.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    pool: 'forks',
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
