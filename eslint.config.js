import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
/** The folders in `dir`, read on every run so a new feature or module is held to the rules at once. */
const foldersIn = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const WEB = 'apps/web/src';
const SERVER = 'apps/server/src';
const features = foldersIn(`${WEB}/features`);
const modules = foldersIn(`${SERVER}/modules`);
/**
 * Web code every feature may use: everything beside features/ and app/ (test/ holds the unit
 * tests' helpers). lib/ is what the app wires (API client, query client and keys, session, auth
 * guards, toasts), stores/ what this browser keeps (cart, garage), hooks/ the shared hooks, utils/
 * plain helpers.
 */
const webShared = foldersIn(WEB)
  .filter((name) => !['features', 'app', 'test'].includes(name))
  .map((name) => `${WEB}/${name}`);

/**
 * The layout, held by the linter (docs: README's Layout). Each zone forbids files under
 * `target` to import files under `from`, resolved through TypeScript's own resolution, so a
 * relative path, an alias and a workspace package name are all caught.
 */
const boundaries = [
  {
    target: 'packages/shared',
    from: ['apps', 'bench', 'scripts'],
    message: '@shop/shared is the contract both sides depend on; it knows neither the server nor the web app.',
  },
  {
    target: 'apps/web',
    from: 'apps/server',
    message: 'The web app reaches the server through the API only; shared shapes live in @shop/shared.',
  },
  {
    target: 'apps/server',
    from: 'apps/web',
    message: 'The server knows the web app only as the built files it serves.',
  },
  ...features.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: features.filter((other) => other !== feature).map((other) => `${WEB}/features/${other}`),
    message: 'A feature never imports another feature: move what both need to lib/, stores/, hooks/, utils/, components/ or api/, or compose them in app/.',
  })),
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    message: 'Code flows shared -> features -> app: a feature never imports the app that composes it.',
  },
  {
    target: webShared,
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'Code flows shared -> features -> app: shared web code never imports a feature or the app.',
  },
  {
    target: `${WEB}/utils`,
    from: foldersIn(WEB)
      .filter((name) => name !== 'utils')
      .map((name) => `${WEB}/${name}`),
    message: "utils/ holds plain helpers: they import none of the app's code (its API client, stores, hooks, components); code that needs those belongs in lib/, hooks/ or stores/.",
  },
  ...modules.map((module) => ({
    target: `${SERVER}/modules/${module}`,
    from: modules.filter((other) => other !== module).map((other) => `${root}/${SERVER}/modules/${other}/**`),
    except: ['**/modules/*/*.plugin.ts'],
    message: "A module reaches another only through its service on the app: import that module's *.plugin.ts (for the service's type), nothing else of it.",
  })),
  {
    // The auth plugin is handed the identity service and names its type, as a module names another's.
    target: `${SERVER}/plugins`,
    from: `${root}/${SERVER}/modules/**`,
    except: ['**/modules/*/*.plugin.ts'],
    message: "plugins/ are the app's plumbing beneath every module: they never import a module (a service they are handed is typed by its module's *.plugin.ts); move what both need to lib/.",
  },
  {
    target: `${SERVER}/lib`,
    from: `${SERVER}/modules`,
    message: 'lib/ holds helpers every module may use: it never imports a module; move what both need here, or keep it in the module.',
  },
  {
    target: `${SERVER}/db`,
    from: `${SERVER}/modules`,
    message: 'The database layer knows no module: modules depend on db/, never the other way round.',
  },
  {
    target: ['apps', 'packages', 'bench', 'scripts'],
    from: `${SERVER}/main.ts`,
    message: 'main.ts only starts the process; build the app with buildApp() from app.ts.',
  },
  {
    // Start-up alone reads the environment: main.ts, cli/, the test helpers and the tests (and bench/).
    target: [`${SERVER}/!(cli|test)/**/!(*.test).ts`, `${SERVER}/!(main|config|*.test).ts`],
    from: `${SERVER}/config.ts`,
    message: 'Only start-up reads the environment (config.ts); other code takes the AppConfig type from app-config.ts and the values it is handed.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'test-results/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these the plugin reads only .js files, and a cycle through TypeScript goes unseen.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/shared/tsconfig.json', 'apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'apps/web/e2e/tsconfig.json', 'bench/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaries }],
      // Type-only imports vanish at run time and are not cycles; every value import is.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
    },
  },
  {
    // The shared package depends on zod alone (its package.json); test files may use the root's dev tools.
    files: ['packages/shared/**/*.ts'],
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        { packageDir: [path.join(root, 'packages/shared'), root], devDependencies: ['**/*.test.ts', '**/vitest.config.ts'] },
      ],
      // The workspace packages by name too: they have no entry point, so the resolver cannot follow them.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@shop/server', '@shop/server/*', '@shop/web', '@shop/web/*'], message: '@shop/shared knows neither the server nor the web app.' }] },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Render text as text.' },
      ],
    },
  },
);
