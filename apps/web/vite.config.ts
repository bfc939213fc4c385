import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions, type Rolldown } from 'vite';
import { PAGE_SIZE } from '../../packages/shared/src/constants.ts';
import { homeCopy } from './src/features/home/copy.ts';

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

/**
 * Page shells that ask, in the HTML itself, for what their page's largest paint waits on, so it
 * downloads beside the scripts: `home.html` the home page's first slide, `allproducts.html` the
 * first catalogue page and the product count, `part.html` the part page's own scripts (the
 * server adds the part's image and data). The server sends each for its own address only (the
 * catalogue's without a page in the query); other pages never fetch what they do not show.
 */
function pageShells(): Plugin {
  const shells: Record<string, string[] | ((bundle: Rolldown.OutputBundle, index: string) => string[])> = {
    'home.html': [`<link rel="preload" as="image" href="${homeCopy.carousel.slides[0]!.image}" fetchpriority="high">`],
    'allproducts.html': [
      `<link rel="preload" as="fetch" href="/api/products?page=0&amp;size=${PAGE_SIZE}" crossorigin="anonymous">`,
      '<link rel="preload" as="fetch" href="/api/productCount" crossorigin="anonymous">',
    ],
    // The scripts the shell itself does not already ask for.
    'part.html': (bundle, index) =>
      routeScripts(bundle, '/src/app/routes/part.tsx')
        .filter((file) => !index.includes(`/${file}"`))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  };
  return {
    name: 'page-shells',
    apply: 'build',
    // After every file is written, so each shell is the final index.html.
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const index = readFileSync(path.join(dir, 'index.html'), 'utf8');
      if (!index.includes('</head>')) throw new Error('page-shells: index.html has no </head>');
      for (const [file, shellLinks] of Object.entries(shells)) {
        const links = typeof shellLinks === 'function' ? shellLinks(bundle, index) : shellLinks;
        writeFileSync(path.join(dir, file), index.replace('</head>', `${links.map((link) => `  ${link}\n`).join('')}  </head>`));
      }
    },
  };
}

/** A lazily loaded route's chunk and every chunk it imports statically: what its page waits for. */
function routeScripts(bundle: Rolldown.OutputBundle, routeModule: string): string[] {
  const chunks = new Map(Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file] as const] : [])));
  const route = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(routeModule));
  if (!route) throw new Error(`page-shells: no chunk for ${routeModule}`);
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
  };
  visit(route.fileName);
  return [...files];
}

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), pageShells()],
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
            // All of the shop's own code the first page runs, in one script. Left alone, the bundler
            // puts each module the first page shares with lazily loaded pages (the API client, the
            // cart, the constants, ...) in a small chunk of its own: seven scripts, each compressed
            // apart and joined by imports and exports, about 2 kB more than one (gzipped).
            { name: 'app', test: /[\\/](web[\\/]src|shared[\\/]src)[\\/]/, tags: ['$initial'] },
          ],
        },
      },
    },
  },
}));
