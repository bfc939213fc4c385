// @ts-check
/**
 * `npm run bench -- --ab=<commit> --only=<part>`: this tree's code and another commit's, measured
 * in turns (A, B, B, A, A, B, ...) in one session, so a difference between them is not the
 * machine's mood between two runs. Both sides are measured by this tree's bench (the same load,
 * the same figures; older benches lack parts, figures and --json): B's rounds run it with
 * BENCH_CODE_ROOT at the other commit's worktree, whose server, migrations and web app it then
 * builds and starts. Prints each figure's medians, their ratio and the spread of each side; a
 * figure or part the other code could not give is 'not measured by COMMIT', with why.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertRunning, onCleanup } from './cleanup.mjs';
import { LACKS_CALL, QUOTE_SIZES } from './quote.mjs';
import { SEARCH_QUERIES } from './report.mjs';
import { ROOT } from './server.mjs';

/**
 * One figure of a part's results: its name, and how to read it from a run's JSON (undefined: the
 * run did not measure it, e.g. an older bench).
 * @typedef {{ name: string, read: (results: any) => number | undefined, higherIsBetter: boolean, digits?: number }} Figure
 */

const DATABASES = ['SQLite', 'PostgreSQL'];
/** @param {any} results @param {string} database */
const databaseOf = (results, database) => results.databases?.find((/** @type {any} */ entry) => entry.database === database);
/** @param {any} value */
const numeric = (value) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
/** @param {any} a @param {any} b */
const share = (a, b) => (numeric(a) !== undefined && numeric(b) ? a / b : undefined);

/**
 * The CPU figures of a measurement's `cpu`: the server's, and the database's unless it runs in
 * the server (SQLite).
 * @param {string} name  @param {string} unit  @param {(results: any) => any} cpuOf
 * @returns {Figure[]}
 */
const cpuFigures = (name, unit, cpuOf) => [
  { name: `${name} server CPU ms/${unit}`, read: (results) => numeric(cpuOf(results)?.serverMs), higherIsBetter: false, digits: 2 },
  ...(name.startsWith('SQLite')
    ? []
    : [{ name: `${name} database CPU ms/${unit}`, read: (/** @type {any} */ results) => numeric(cpuOf(results)?.databaseMs), higherIsBetter: false, digits: 2 }]),
];

/** @returns {Figure[]} */
const orderFigures = () =>
  DATABASES.flatMap((database) => {
    const of = (/** @type {any} */ results) => databaseOf(results, database);
    return [
      { name: `${database} orders/s`, read: (results) => numeric(of(results)?.orders?.ordersPerSecond), higherIsBetter: true },
      { name: `${database} orders / ceiling`, read: (results) => share(of(results)?.orders?.ordersPerSecond, of(results)?.orders?.ceiling?.rps), higherIsBetter: true, digits: 3 },
      { name: `${database} order p99 ms`, read: (results) => numeric(of(results)?.orders?.load?.p99), higherIsBetter: false },
      ...cpuFigures(`${database} orders`, 'order', (results) => of(results)?.orders?.cpu),
      { name: `${database} checkouts/s`, read: (results) => numeric(of(results)?.checkouts?.checkoutsPerSecond), higherIsBetter: true },
      {
        name: `${database} checkouts / ceiling`,
        read: (results) => share(of(results)?.checkouts?.checkoutsPerSecond, of(results)?.checkouts?.ceiling?.checkoutsPerSecond),
        higherIsBetter: true,
        digits: 3,
      },
      { name: `${database} checkout p99 ms`, read: (results) => numeric(of(results)?.checkouts?.p99), higherIsBetter: false },
      ...cpuFigures(`${database} checkouts`, 'checkout', (results) => of(results)?.checkouts?.cpu),
      // With delivery, tax and a code (issue 33): older code without them leaves these 'not measured'.
      { name: `${database} priced checkouts/s`, read: (results) => numeric(of(results)?.pricedCheckouts?.checkoutsPerSecond), higherIsBetter: true },
      { name: `${database} priced / plain checkouts/s`, read: (results) => share(of(results)?.pricedCheckouts?.checkoutsPerSecond, of(results)?.checkouts?.checkoutsPerSecond), higherIsBetter: true, digits: 2 },
      { name: `${database} priced checkout p99 ms`, read: (results) => numeric(of(results)?.pricedCheckouts?.p99), higherIsBetter: false },
      ...cpuFigures(`${database} priced checkouts`, 'checkout', (results) => of(results)?.pricedCheckouts?.cpu),
      {
        name: `${database} priced / plain server CPU per checkout`,
        read: (results) => share(of(results)?.pricedCheckouts?.cpu?.serverMs, of(results)?.checkouts?.cpu?.serverMs),
        higherIsBetter: false,
        digits: 2,
      },
    ];
  });

/** The quote at each size a run measured it. @returns {Figure[]} */
const quoteFigures = () =>
  DATABASES.flatMap((database) =>
    QUOTE_SIZES.flatMap((size) => {
      const stage = (/** @type {any} */ results) => databaseOf(results, database)?.quote?.find((/** @type {any} */ entry) => entry.size === size);
      const at = `at ${size.toLocaleString('en-GB')} parts`;
      return [
        { name: `${database} quote p95 ms ${at}`, read: (/** @type {any} */ results) => numeric(stage(results)?.ours?.p95), higherIsBetter: false, digits: 1 },
        { name: `${database} quote p99 ms ${at}`, read: (/** @type {any} */ results) => numeric(stage(results)?.ours?.p99), higherIsBetter: false, digits: 1 },
        { name: `${database} quote req/s ${at}`, read: (/** @type {any} */ results) => numeric(stage(results)?.ours?.rps), higherIsBetter: true },
        { name: `${database} quote / ceiling req/s ${at}`, read: (/** @type {any} */ results) => share(stage(results)?.ours?.rps, stage(results)?.ceiling?.rps), higherIsBetter: true, digits: 2 },
        ...cpuFigures(`${database} quote ${at}`, 'req', (results) => stage(results)?.ours?.cpu),
        { name: `${database} quote ceiling p95 ms ${at}`, read: (/** @type {any} */ results) => numeric(stage(results)?.ceiling?.p95), higherIsBetter: false, digits: 1 },
      ];
    }),
  );

/** The payment confirmations (which issue the invoice in code that has invoices) and the invoice download. @returns {Figure[]} */
const paymentFigures = () =>
  DATABASES.flatMap((database) => {
    const of = (/** @type {any} */ results) => databaseOf(results, database)?.payments;
    const download = (/** @type {any} */ results) => of(results)?.download;
    return [
      { name: `${database} confirmation p50 ms`, read: (/** @type {any} */ results) => numeric(of(results)?.p50), higherIsBetter: false, digits: 1 },
      { name: `${database} confirmation p95 ms`, read: (/** @type {any} */ results) => numeric(of(results)?.p95), higherIsBetter: false, digits: 1 },
      { name: `${database} confirmation p99 ms`, read: (/** @type {any} */ results) => numeric(of(results)?.p99), higherIsBetter: false, digits: 1 },
      { name: `${database} confirmations/s`, read: (/** @type {any} */ results) => numeric(of(results)?.confirmationsPerSecond), higherIsBetter: true },
      ...cpuFigures(`${database} confirmations`, 'confirmation', (results) => of(results)?.cpu),
      // Code without invoices has no download: its side says 'not measured'.
      { name: `${database} invoice p50 ms`, read: (/** @type {any} */ results) => numeric(download(results)?.ours?.p50), higherIsBetter: false, digits: 1 },
      { name: `${database} invoice p95 ms`, read: (/** @type {any} */ results) => numeric(download(results)?.ours?.p95), higherIsBetter: false, digits: 1 },
      { name: `${database} invoice p99 ms`, read: (/** @type {any} */ results) => numeric(download(results)?.ours?.p99), higherIsBetter: false, digits: 1 },
      { name: `${database} invoice req/s`, read: (/** @type {any} */ results) => numeric(download(results)?.ours?.rps), higherIsBetter: true, digits: 1 },
      { name: `${database} invoice / ceiling req/s`, read: (/** @type {any} */ results) => share(download(results)?.ours?.rps, download(results)?.ceiling?.rps), higherIsBetter: true, digits: 4 },
      ...cpuFigures(`${database} invoice`, 'req', (results) => download(results)?.ours?.cpu),
      { name: `${database} invoice PDF bytes`, read: (/** @type {any} */ results) => numeric(download(results)?.bytes), higherIsBetter: false },
      { name: `${database} invoice ceiling p95 ms`, read: (/** @type {any} */ results) => numeric(download(results)?.ceiling?.p95), higherIsBetter: false, digits: 1 },
    ];
  });

const API_CALLS = ['catalogue page', 'productCount', 'one product', 'reviews latest 3'];

/** The golden queries at the largest size a run measured. @returns {Figure[]} */
const searchFigures = () =>
  DATABASES.flatMap((database) => {
    const largest = (/** @type {any} */ results) => databaseOf(results, database)?.growth?.at(-1);
    return [
      ...SEARCH_QUERIES.flatMap((query) => [
        { name: `${database} search ${query} p95 ms`, read: (/** @type {any} */ results) => numeric(largest(results)?.search?.[query]?.p95), higherIsBetter: false, digits: 1 },
        ...cpuFigures(`${database} search ${query}`, 'req', (results) => largest(results)?.search?.[query]?.cpu),
      ]),
      { name: `${database} search ceiling p95 ms`, read: (results) => numeric(largest(results)?.searchCeiling?.p95), higherIsBetter: false, digits: 1 },
    ];
  });

/**
 * The storefront's pages in Lighthouse, and the scripts and stylesheets each loads before any
 * interaction: `/parts/` and `/search` stand for the part's and the search's page whatever their
 * address. @returns {Figure[]}
 */
const pageFigures = () =>
  ['/', '/allproducts', '/search', '/parts/'].flatMap((page) => {
    const prefix = page === '/parts/' || page === '/search';
    const of = (/** @type {any} */ results) => results.web?.pages?.find((/** @type {any} */ entry) => (prefix ? entry.page.startsWith(page) : entry.page === page));
    const shown = page === '/parts/' ? '/parts/{id}' : page;
    return [
      { name: `${shown} JS gzip bytes`, read: (/** @type {any} */ results) => numeric(of(results)?.jsGzip), higherIsBetter: false },
      { name: `${shown} CSS gzip bytes`, read: (/** @type {any} */ results) => numeric(of(results)?.cssGzip), higherIsBetter: false },
      { name: `${shown} scripts`, read: (/** @type {any} */ results) => numeric(of(results)?.scripts), higherIsBetter: false },
      { name: `${shown} Lighthouse performance`, read: (/** @type {any} */ results) => numeric(of(results)?.score), higherIsBetter: true },
      { name: `${shown} LCP ms`, read: (/** @type {any} */ results) => numeric(of(results)?.lcp), higherIsBetter: false },
      { name: `${shown} TBT ms`, read: (/** @type {any} */ results) => numeric(of(results)?.tbt), higherIsBetter: false },
      { name: `${shown} CLS`, read: (/** @type {any} */ results) => numeric(of(results)?.cls), higherIsBetter: false, digits: 3 },
    ];
  });

/** The server render's rows (render.mjs): each page, each way beside its ceiling, and one render at a time. @returns {Figure[]} */
const renderFigures = () =>
  DATABASES.flatMap((database) =>
    ['part page', 'home'].flatMap((page) => {
      const of = (/** @type {any} */ results) => databaseOf(results, database)?.render?.pages?.find((/** @type {any} */ entry) => entry.page === page);
      const underLoad = /** @type {const} */ ([
        ['visitors', 'as visitors get it'],
        ['rendered', 'rendered, answers cached'],
        ['cachesOff', 'rendered, caches off'],
      ]).flatMap(([way, text]) => {
        const pair = (/** @type {any} */ results) => of(results)?.[way];
        const name = `${database} ${page} ${text}`;
        return [
          { name: `${name} req/s`, read: (/** @type {any} */ results) => numeric(pair(results)?.ours?.rps), higherIsBetter: true },
          { name: `${name} / ceiling req/s`, read: (/** @type {any} */ results) => share(pair(results)?.ours?.rps, pair(results)?.ceiling?.rps), higherIsBetter: true, digits: 2 },
          { name: `${name} p50 ms`, read: (/** @type {any} */ results) => numeric(pair(results)?.ours?.p50), higherIsBetter: false, digits: 1 },
          { name: `${name} p99 ms`, read: (/** @type {any} */ results) => numeric(pair(results)?.ours?.p99), higherIsBetter: false, digits: 1 },
          ...cpuFigures(name, 'req', (results) => pair(results)?.ours?.cpu),
        ];
      });
      const alone = /** @type {const} */ ([
        ['alone', 'one at a time, answers cached'],
        ['aloneCachesOff', 'one at a time, caches off'],
      ]).flatMap(([way, text]) => {
        const result = (/** @type {any} */ results) => of(results)?.[way];
        const name = `${database} ${page} ${text}`;
        return [{ name: `${name} p50 ms`, read: (/** @type {any} */ results) => numeric(result(results)?.p50), higherIsBetter: false, digits: 1 }, ...cpuFigures(name, 'render', (results) => result(results)?.cpu)];
      });
      return [...underLoad, ...alone];
    }),
  );

/** @type {Record<string, Figure[]>} */
export const AB_FIGURES = {
  orders: orderFigures(),
  api: [
    ...DATABASES.flatMap((database) =>
      API_CALLS.flatMap((call) => {
        const pair = (/** @type {any} */ results) => databaseOf(results, database)?.api?.find((/** @type {any} */ entry) => entry.call === call);
        return [
          { name: `${database} ${call} req/s`, read: (/** @type {any} */ results) => numeric(pair(results)?.ours?.rps), higherIsBetter: true },
          { name: `${database} ${call} / ceiling`, read: (/** @type {any} */ results) => share(pair(results)?.ours?.rps, pair(results)?.ceiling?.rps), higherIsBetter: true, digits: 2 },
          ...cpuFigures(`${database} ${call}`, 'req', (results) => pair(results)?.ours?.cpu),
        ];
      }),
    ),
    ...orderFigures(),
    ...searchFigures(),
    ...quoteFigures(),
  ],
  search: searchFigures(),
  quote: quoteFigures(),
  payments: paymentFigures(),
  sales: DATABASES.flatMap((database) =>
    ['revenue', 'statuses', 'best-sellers', 'low-stock'].map((call) => ({
      name: `${database} sales ${call} p95 ms at the most orders`,
      read: (/** @type {any} */ results) => numeric(databaseOf(results, database)?.sales?.at(-1)?.calls?.[call]?.p95),
      higherIsBetter: false,
      digits: 1,
    })),
  ),
  pages: pageFigures(),
  render: [...renderFigures(), ...pageFigures()],
  'scale-out': [1, 2, 3].flatMap((count) => {
    const of = (/** @type {any} */ results) => results.scaleOut?.setups?.find((/** @type {any} */ setup) => setup.instances === count);
    const one = (/** @type {any} */ results) => of(results) && results.scaleOut?.setups?.find((/** @type {any} */ setup) => setup.instances === 1);
    const label = `${count} instance${count === 1 ? '' : 's'}`;
    return [
      { name: `${label} catalogue req/s`, read: (/** @type {any} */ results) => numeric(of(results)?.catalogue?.rps), higherIsBetter: true },
      ...(count > 1 ? [{ name: `${label} catalogue vs one`, read: (/** @type {any} */ results) => share(of(results)?.catalogue?.rps, one(results)?.catalogue?.rps), higherIsBetter: true, digits: 2 }] : []),
      { name: `${label} orders/s`, read: (/** @type {any} */ results) => numeric(of(results)?.orders?.ordersPerSecond), higherIsBetter: true },
      ...(count > 1 ? [{ name: `${label} orders vs one`, read: (/** @type {any} */ results) => share(of(results)?.orders?.ordersPerSecond, one(results)?.orders?.ordersPerSecond), higherIsBetter: true, digits: 2 }] : []),
      { name: `${label} quota used %`, read: (/** @type {any} */ results) => (numeric(of(results)?.quotaUsed) === undefined ? undefined : of(results).quotaUsed * 100), higherIsBetter: true },
      ...cpuFigures(`${label} catalogue`, 'req', (results) => of(results)?.catalogue?.cpu),
      ...cpuFigures(`${label} orders`, 'order', (results) => of(results)?.orders?.cpu),
    ];
  }),
};

/** @param {string[]} args @param {string} [cwd] */
const git = (args, cwd = ROOT) => {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout.trim();
};

/**
 * The other commit checked out in a temporary worktree, using this tree's installed packages when
 * both lock files agree (the workspaces' own packages point into the worktree), else its own `npm ci`.
 * @param {string} commit
 */
function checkOut(commit) {
  const sha = git(['rev-parse', '--verify', `${commit}^{commit}`]);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-ab-'));
  git(['worktree', 'add', '--detach', dir, sha]);
  onCleanup(`worktree ${dir}`, () => {
    spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT });
    rmSync(dir, { recursive: true, force: true });
  });
  const sameLock = readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8') === readFileSync(path.join(dir, 'package-lock.json'), 'utf8');
  const missing = sameLock ? [] : packagesNotHere(dir);
  if (!sameLock && missing.length === 0) {
    console.log(`  ${commit}: every package it asks for is installed here with the same version range: using this tree's packages`);
  } else if (!sameLock) {
    console.log(`  ${commit}: its package-lock.json differs (${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', ...' : ''}), installing its own packages`);
    const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
    if (install.status !== 0) throw new Error(`npm ci in the worktree of ${commit} failed`);
    return { sha, dir };
  }
  const modules = path.join(dir, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (entry === '@shop') continue;
    symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(modules, entry));
  }
  mkdirSync(path.join(modules, '@shop'));
  for (const entry of readdirSync(path.join(ROOT, 'node_modules/@shop'))) {
    const target = readlinkRelative(path.join(ROOT, 'node_modules/@shop', entry));
    symlinkSync(target, path.join(modules, '@shop', entry));
  }
  for (const workspace of ['apps/server', 'apps/web', 'packages/shared']) {
    const own = path.join(ROOT, workspace, 'node_modules');
    if (existsSync(own) && existsSync(path.join(dir, workspace)) && !existsSync(path.join(dir, workspace, 'node_modules'))) {
      symlinkSync(own, path.join(dir, workspace, 'node_modules'));
    }
  }
  return { sha, dir };
}

const WORKSPACES = ['.', 'apps/server', 'apps/web', 'packages/shared'];

/**
 * The packages the tree in `dir` asks for (each workspace's package.json) that this tree does not
 * ask for with the same version range: none, and this tree's node_modules serve it too.
 * @param {string} dir
 */
function packagesNotHere(dir) {
  /** @param {string} file @returns {Record<string, string>} */
  const wanted = (file) => {
    if (!existsSync(file)) return {};
    const manifest = JSON.parse(readFileSync(file, 'utf8'));
    return { ...manifest.dependencies, ...manifest.devDependencies, ...manifest.optionalDependencies };
  };
  return WORKSPACES.flatMap((workspace) => {
    const ours = wanted(path.join(ROOT, workspace, 'package.json'));
    return Object.entries(wanted(path.join(dir, workspace, 'package.json')))
      .filter(([name, range]) => ours[name] !== range)
      .map(([name, range]) => `${name}@${range}`);
  });
}

/** A workspace package's link, as npm writes it: relative, so it resolves inside whichever tree holds it. @param {string} link */
function readlinkRelative(link) {
  if (!lstatSync(link).isSymbolicLink()) throw new Error(`${link} is not a workspace link`);
  return readlinkSync(link);
}

/**
 * Runs this tree's bench for one part on the code in `dir` and reads the results it writes. A
 * bench that does not know the part, or code that lacks every call the part measures, answers
 * `{ missing: why }`; a run that fails (or leaves a part failed, e.g. older code whose schema does
 * not take the bench's rows) answers `{ failed: why }`: the table says so instead of the
 * comparison ending.
 * @param {string} dir  @param {string} part  @param {string} jsonFile  @param {boolean} quick
 * @returns {Promise<{ results?: any, missing?: string, failed?: string }>}
 */
async function runBench(dir, part, jsonFile, quick) {
  assertRunning();
  const args = ['bench/run.mjs', ...(quick ? ['--quick'] : []), `--only=${part}`, `--json=${jsonFile}`];
  const { BENCH_CODE_ROOT: _measured, ...env } = process.env;
  const child = spawn(process.execPath, args, { cwd: ROOT, env: dir === ROOT ? env : { ...env, BENCH_CODE_ROOT: dir }, stdio: ['ignore', 'ignore', 'pipe'] });
  const forget = onCleanup(`bench in ${dir}`, () => child.kill('SIGTERM'));
  let errors = '';
  child.stderr.on('data', (/** @type {Buffer} */ chunk) => (errors += chunk.toString()));
  /** @type {number | null} */
  const status = await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  forget();
  const unknownPart = /--only takes (.*), not /.exec(errors);
  if (unknownPart) return { missing: `its bench has no ${part} part (${unknownPart[1]})` };
  if (!existsSync(jsonFile)) return { failed: `exit ${status}: ${errors.trim().split('\n').slice(-3).join(' ').slice(0, 300)}` };
  const results = JSON.parse(readFileSync(jsonFile, 'utf8'));
  const failures = Object.entries(results.failures ?? {}).map(([name, why]) => `${name}: ${String(why).split('\n')[0]}`);
  // Code older than a call the part measures (the quote, delivery, tax and discount codes) measures
  // nothing of it, whichever round: said once, and not asked again.
  const lacking = failures.filter((why) => why.includes(LACKS_CALL));
  if (lacking.length > 0 && lacking.length === failures.length && (results.databases ?? []).length === 0) return { missing: `its code cannot be measured here (${lacking.join('; ')})` };
  return failures.length > 0 ? { results, failed: failures.join('; ') } : { results };
}

/** @param {number[]} values */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? /** @type {number} */ (sorted[middle]) : (/** @type {number} */ (sorted[middle - 1]) + /** @type {number} */ (sorted[middle])) / 2;
};

/** @param {number} value @param {number} digits */
const fixed = (value, digits) => value.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
/** @param {number[]} values @param {number} digits */
const spread = (values, digits) => `${fixed(Math.min(...values), digits)}-${fixed(Math.max(...values), digits)}`;

/**
 * Measures `part` `rounds` times for each side, in turns, and prints the comparison as Markdown.
 * @param {{ commit: string, part: string, rounds: number, quick: boolean }} options
 */
export async function runAb({ commit, part, rounds, quick }) {
  const figures = AB_FIGURES[part];
  if (!figures) throw new Error(`--ab compares ${Object.keys(AB_FIGURES).join(', ')}, not ${part}`);
  const other = checkOut(commit);
  const here = git(['rev-parse', '--short', 'HEAD']);
  const dirty = git(['status', '--porcelain', '--', 'apps', 'packages', 'bench']) !== '';
  const sides = [
    { label: `A ${here}${dirty ? ' + changes' : ''}`, name: here, dir: ROOT, runs: /** @type {any[]} */ ([]), missing: '', failed: /** @type {string[]} */ ([]) },
    { label: `B ${other.sha.slice(0, 7)}`, name: other.sha.slice(0, 7), dir: other.dir, runs: /** @type {any[]} */ ([]), missing: '', failed: /** @type {string[]} */ ([]) },
  ];
  const jsonDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-ab-json-'));
  onCleanup(`folder ${jsonDir}`, () => rmSync(jsonDir, { recursive: true, force: true }));
  for (let round = 0; round < rounds; round++) {
    // A B, B A, A B, ...: neither side always runs first or on a warmer machine.
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) {
      if (side.missing) continue;
      console.log(`  round ${round + 1} of ${rounds}: ${side.label}`);
      const run = await runBench(side.dir, part, path.join(jsonDir, `${round}-${side === sides[0] ? 'a' : 'b'}.json`), quick);
      if (run.missing) {
        side.missing = run.missing;
        console.log(`    ${side.name}: ${run.missing}`);
      }
      if (run.failed) {
        side.failed.push(run.failed);
        console.log(`    ${side.name} failed: ${run.failed}`);
      }
      if (run.results) side.runs.push(run.results);
    }
  }
  const [a, b] = /** @type {[typeof sides[0], typeof sides[0]]} */ (sides);
  /** @param {typeof sides[0]} side @param {Figure} figure */
  const valuesOf = (side, figure) => side.runs.map(figure.read).filter(/** @returns {value is number} */ (value) => typeof value === 'number' && Number.isFinite(value));
  /** @param {typeof sides[0]} side @param {number[]} values @param {number} digits */
  const cell = (side, values, digits) => (values.length ? `${fixed(median(values), digits)} (${spread(values, digits)})` : `*not measured by ${side.name}*`);
  const rows = figures.flatMap((figure) => {
    const valuesA = valuesOf(a, figure);
    const valuesB = valuesOf(b, figure);
    if (!valuesA.length && !valuesB.length && !a.missing && !b.missing && a.runs.length && b.runs.length) return [];
    const digits = figure.digits ?? 0;
    const ratio = valuesA.length && valuesB.length && median(valuesB) !== 0 ? `${fixed(median(valuesA) / median(valuesB), 2)}x${figure.higherIsBetter ? '' : ' (lower is better)'}` : '';
    return [`| ${figure.name} | ${cell(a, valuesA, digits)} | ${cell(b, valuesB, digits)} | ${ratio} |`];
  });
  // What a side's code could not give (a call it lacks), said once however many rounds said it.
  const lacks = (/** @type {typeof sides[0]} */ side) => [...new Set(side.runs.flatMap((run) => Object.entries(run.notMeasured ?? {}).map(([what, why]) => `- ${side.name}: ${what} not measured: ${why}`)))];
  const notes = sides.flatMap((side) => [...(side.missing ? [`- ${side.name}: ${side.missing}`] : []), ...lacks(side), ...side.failed.map((why) => `- ${side.name}, a round failed: ${why}`)]);
  const markdown = [
    `A/B of ${part}, ${rounds} round${rounds === 1 ? '' : 's'} each in turns (A B, B A, ...), ${quick ? 'quick' : 'full'} settings, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ` +
      `load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')} at the end. Both sides measured by this bench; median (min-max) of the rounds; A / B of the medians.`,
    '',
    `| Figure | ${a.label}: median (min-max) | ${b.label}: median (min-max) | A / B |`,
    '|---|---:|---:|---:|',
    ...rows,
    ...(notes.length ? ['', ...notes] : []),
  ].join('\n');
  console.log(`\n${markdown}\n`);
  return markdown;
}
