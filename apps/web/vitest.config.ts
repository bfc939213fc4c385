import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import { BROWSER_API_TESTS, webTestBase } from './vitest.shared.ts';

/**
 * Component tests in jsdom. Files share their worker's jsdom and modules (no isolation): setting
 * jsdom up took several times longer than the tests themselves. So every file leaves the page as
 * it found it: src/test/setup.ts unmounts what was rendered, empties storage, puts back stubbed
 * globals and real timers after each test, and React Query clients are made per test.
 */
export default mergeConfig(
  webTestBase,
  defineConfig({
    test: {
      name: 'web:dom',
      environment: 'jsdom',
      include: ['src/**/*.test.tsx', ...BROWSER_API_TESTS],
      setupFiles: [fileURLToPath(new URL('./src/test/setup.ts', import.meta.url))],
      isolate: false,
    },
  }),
);
