import { defineConfig, mergeConfig } from 'vitest/config';
import { BROWSER_API_TESTS, webTestBase } from './vitest.shared.ts';

/** Tests of plain functions, in Node: no DOM to set up. */
export default mergeConfig(
  webTestBase,
  defineConfig({
    test: {
      name: 'web:node',
      environment: 'node',
      include: ['src/**/*.test.ts'],
      exclude: ['**/node_modules/**', ...BROWSER_API_TESTS],
      isolate: false,
    },
  }),
);
