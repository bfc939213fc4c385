import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions, type Rolldown } from 'vite';

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
 * Shells for the server-rendered pages whose route loads lazily: `part.html` and `search.html` ask,
 * in the HTML itself, for their route's scripts, so the app can take the page over as soon as the
 * first script has run. The server sends each for its own address only.
 */
function pageShells(): Plugin {
  // The scripts the shell itself does not already ask for.
  const routeShell = (routeModule: string) => (bundle: Rolldown.OutputBundle, index: string) =>
    routeScripts(bundle, routeModule)
      .filter((file) => !index.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  const shells: Record<string, (bundle: Rolldown.OutputBundle, index: string) => string[]> = {
    'part.html': routeShell('/src/app/routes/part.tsx'),
    'search.html': routeShell('/src/app/routes/search.tsx'),
  };
  return {
    name: 'page-shells',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    // After every file is written, so each shell is the final index.html.
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const index = readFileSync(path.join(dir, 'index.html'), 'utf8');
      if (!index.includes('</head>')) throw new Error('page-shells: index.html has no </head>');
      for (const [file, shellLinks] of Object.entries(shells)) {
        const links = shellLinks(bundle, index);
        writeFileSync(path.join(dir, file), index.replace('</head>', `${links.map((link) => `  ${link}\n`).join('')}  </head>`));
      }
    },
  };
}

/**
 * Libraries the server-rendered pages must not load before the visitor does anything: zod (the forms'
 * schemas; shared keeps the rules these pages use in zod-free modules, e.g. src/cart.ts, src/search.ts)
 * and focus-trap (loaded when a sheet opens). The build fails when the first page or a rendered
 * page's route would load one of them.
 */
const NOT_ON_FIRST_PAGES = /[\\/]node_modules[\\/](zod|focus-trap)[\\/]/;

function firstPagesStayLean(): Plugin {
  return {
    name: 'first-pages-stay-lean',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    generateBundle(_options, bundle) {
      const entries = Object.values(bundle).flatMap((file) => (file.type === 'chunk' && file.isEntry ? [file.fileName] : []));
      const routes = ['/src/app/routes/part.tsx', '/src/app/routes/search.tsx'].flatMap((route) => routeScripts(bundle, route));
      for (const fileName of new Set([...entries.flatMap((entry) => chunkClosure(bundle, entry)), ...routes])) {
        const chunk = bundle[fileName];
        const library = chunk?.type === 'chunk' ? chunk.moduleIds.map((id) => NOT_ON_FIRST_PAGES.exec(id)?.[1]).find(Boolean) : undefined;
        if (library) this.error(`${fileName} is loaded by a server-rendered page before any interaction and holds ${library}: import it where it is used (lazily), or keep the rule it serves in a module without it`);
      }
    },
  };
}

/** A chunk and every chunk it imports statically. */
function chunkClosure(bundle: Rolldown.OutputBundle, fileName: string): string[] {
  const files = new Set<string>();
  const visit = (name: string) => {
    if (files.has(name)) return;
    files.add(name);
    const chunk = bundle[name];
    for (const imported of chunk?.type === 'chunk' ? chunk.imports : []) visit(imported);
  };
  visit(fileName);
  return [...files];
}

/** A lazily loaded route's chunk and every chunk it imports statically: what its page waits for. */
function routeScripts(bundle: Rolldown.OutputBundle, routeModule: string): string[] {
  const route = Object.values(bundle).find((file) => file.type === 'chunk' && file.facadeModuleId?.replaceAll('\\', '/').endsWith(routeModule));
  if (!route) throw new Error(`page-shells: no chunk for ${routeModule}`);
  return chunkClosure(bundle, route.fileName);
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), pageShells(), firstPagesStayLean()],
  resolve: {
    alias: [
      { find: '@', replacement: srcDir },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  // The server's render of the storefront (src/entry-server.tsx, built with `--ssr` into dist-ssr): the
  // router is bundled, so it is its production build there too; React and TanStack Query are Node's own.
  ssr: { noExternal: ['react-router'] },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    target: 'es2022',
    // Every browser that runs es2022 modules supports modulepreload natively.
    modulePreload: { polyfill: false },
    rolldownOptions: isSsrBuild
      ? {}
      : {
          treeshake: {
            // zod's builders have no side effects: a chunk drops the schemas it does not use (1-3 kB
            // less across the lazily loaded pages). A schema built by a chain on another schema is
            // still kept, so the first page stays without zod by keeping the rules it uses in zod-free
            // modules, which firstPagesStayLean checks.
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
