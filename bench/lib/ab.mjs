// @ts-check
/**
 * `npm run bench -- --ab=<commit> --only=<part>`: this tree's code and another commit's, measured
 * in turns (A, B, B, A, A, B, ...) in one session, each by its own bench, so a difference between
 * them is not the machine's mood between two runs. Prints each figure's medians, their ratio and
 * the spread of each side.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertRunning, onCleanup } from './cleanup.mjs';
import { ROOT } from './server.mjs';

/**
 * One figure of a part's results: its name, and how to read it from a run's JSON.
 * @typedef {{ name: string, read: (results: any) => number | undefined, higherIsBetter: boolean }} Figure
 */

/** @type {Record<string, Figure[]>} */
export const AB_FIGURES = {
  orders: ['SQLite', 'PostgreSQL'].flatMap((database) => {
    /** @param {any} results */
    const of = (results) => results.databases?.find((/** @type {any} */ entry) => entry.database === database);
    return [
      { name: `${database} orders/s`, read: (results) => of(results)?.orders?.ordersPerSecond, higherIsBetter: true },
      { name: `${database} order p99 ms`, read: (results) => of(results)?.orders?.load?.p99, higherIsBetter: false },
      { name: `${database} checkouts/s`, read: (results) => of(results)?.checkouts?.checkoutsPerSecond, higherIsBetter: true },
      { name: `${database} checkout p99 ms`, read: (results) => of(results)?.checkouts?.p99, higherIsBetter: false },
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
  if (!sameLock) {
    console.log(`  ${commit}: its package-lock.json differs, installing its own packages`);
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

/** A workspace package's link, as npm writes it: relative, so it resolves inside whichever tree holds it. @param {string} link */
function readlinkRelative(link) {
  if (!lstatSync(link).isSymbolicLink()) throw new Error(`${link} is not a workspace link`);
  return readlinkSync(link);
}

/**
 * Runs one tree's own bench for one part, quick, and reads the results it writes.
 * @param {string} dir  @param {string} part  @param {string} jsonFile
 */
async function runBench(dir, part, jsonFile) {
  assertRunning();
  const child = spawn(process.execPath, ['bench/run.mjs', '--quick', `--only=${part}`, `--json=${jsonFile}`], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  const forget = onCleanup(`bench in ${dir}`, () => child.kill('SIGTERM'));
  let errors = '';
  child.stderr.on('data', (/** @type {Buffer} */ chunk) => (errors += chunk.toString()));
  /** @type {number | null} */
  const status = await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  forget();
  if (status !== 0 || !existsSync(jsonFile)) throw new Error(`the bench in ${dir} failed (exit ${status}):\n${errors.trim().slice(-2000)}`);
  return JSON.parse(readFileSync(jsonFile, 'utf8'));
}

/** @param {number[]} values */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? /** @type {number} */ (sorted[middle]) : (/** @type {number} */ (sorted[middle - 1]) + /** @type {number} */ (sorted[middle])) / 2;
};

/** @param {number[]} values */
const spread = (values) => (values.length ? `${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))}` : '-');

/**
 * Measures `part` `rounds` times for each side, in turns, and prints the comparison as Markdown.
 * @param {{ commit: string, part: string, rounds: number }} options
 */
export async function runAb({ commit, part, rounds }) {
  const figures = AB_FIGURES[part];
  if (!figures) throw new Error(`--ab compares ${Object.keys(AB_FIGURES).join(', ')}, not ${part}`);
  const other = checkOut(commit);
  const here = git(['rev-parse', '--short', 'HEAD']);
  const dirty = git(['status', '--porcelain', '--', 'apps', 'packages', 'bench']) !== '';
  const sides = [
    { label: `A ${here}${dirty ? ' + changes' : ''}`, dir: ROOT, runs: /** @type {any[]} */ ([]) },
    { label: `B ${other.sha.slice(0, 7)}`, dir: other.dir, runs: /** @type {any[]} */ ([]) },
  ];
  const jsonDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-ab-json-'));
  onCleanup(`folder ${jsonDir}`, () => rmSync(jsonDir, { recursive: true, force: true }));
  for (let round = 0; round < rounds; round++) {
    // A B, B A, A B, ...: neither side always runs first or on a warmer machine.
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) {
      console.log(`  round ${round + 1} of ${rounds}: ${side.label}`);
      side.runs.push(await runBench(side.dir, part, path.join(jsonDir, `${side.runs.length}-${side === sides[0] ? 'a' : 'b'}.json`)));
    }
  }
  const [a, b] = /** @type {[typeof sides[0], typeof sides[0]]} */ (sides);
  const rows = figures.flatMap((figure) => {
    const valuesA = a.runs.map(figure.read).filter((value) => typeof value === 'number');
    const valuesB = b.runs.map(figure.read).filter((value) => typeof value === 'number');
    if (!valuesA.length || !valuesB.length) return [];
    const ratio = median(valuesA) / median(valuesB);
    return [`| ${figure.name} | ${Math.round(median(valuesA))} (${spread(valuesA)}) | ${Math.round(median(valuesB))} (${spread(valuesB)}) | ${ratio.toFixed(2)}x${figure.higherIsBetter ? '' : ' (lower is better)'} |`];
  });
  const markdown = [
    `A/B of ${part}, ${rounds} rounds each in turns, quick settings, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')} at the end`,
    '',
    `| Figure | ${a.label}: median (min-max) | ${b.label}: median (min-max) | A / B |`,
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
  console.log(`\n${markdown}\n`);
  return markdown;
}
