import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * What both web test projects share: the root, React's transform and the `@` alias.
 * `.test.tsx` files render components and run in jsdom (vitest.config.ts); `.test.ts` files test
 * plain functions and run in Node (vitest.node.config.ts), except the few that use the browser's
 * storage, files or requests, named here.
 */
export const BROWSER_API_TESTS = ['src/**/{access-token,api-client,return-path,session,upload-image}.test.ts'];

export const webTestBase = defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // A component test waits on rendering and user events: on a busy 2-core runner that can take
  // longer than Vitest's 5 s default without anything being wrong (no test asserts a time).
  test: { css: false, testTimeout: 15_000 },
});
