import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

const API_ORIGIN = process.env.API_ORIGIN ?? 'http://localhost:3000';
const srcDir = fileURLToPath(new URL('./src', import.meta.url));
// react-router's package exports point at its development build only (remix-run/react-router
// #12532, #14102); the production build it also ships leaves out the dev-only checks and warnings.
const reactRouterProduction = createRequire(import.meta.url)
  .resolve('react-router/package.json')
  .replace(/package\.json$/, 'dist/production/index.mjs');

const proxy: Record<string, ProxyOptions> = {
  '/api': { target: API_ORIGIN, changeOrigin: true },
  '/images': { target: API_ORIGIN, changeOrigin: true },
};

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: '@', replacement: srcDir },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    target: 'es2022',
    // Every browser that runs es2022 modules supports modulepreload natively.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // zod's builders have no side effects, so a page that only needs a constant leaves zod out.
        manualPureFunctions: ['z', 'boundedText', 'integerString'],
      },
      output: {
        codeSplitting: {
          // The framework changes far less often than the shop's own code: keep it cached apart.
          groups: [
            // Only what the first page needs: the rest (e.g. mutations, used by lazily loaded pages and
            // forms only) loads with the pages that use it.
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
              tags: ['$initial'],
            },
            // The shop's constants are used by the first script and by the lazily loaded forms' shared
            // chunk; in a chunk of their own they do not pull the API client out of the first script.
            { name: 'constants', test: /[\\/]shared[\\/]src[\\/]constants\.ts$/ },
          ],
        },
      },
    },
  },
}));
