// `npm test`: every check and every test. The type check first, beside the web build and the
// lint: a type error stops the run, since the tests would run code the compiler refuses. Then
// the unit and API suites, beside the rest of the lint (a lint failure stops the run after them) (Vitest; the API suite
// again on PostgreSQL when TEST_DATABASE_URL is set), then the browser journeys (Playwright in Debian's Chromium)
// against the real server on a fresh database; with TEST_DATABASE_URL, the core journeys again
// against two instances on PostgreSQL and an S3 stand-in behind HAProxy. Ends with one summary line.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const run = (command, args, env = {}) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

/** How long each stage took, printed with the summary: where a slower run spent its time. */
const stages = [];
let stageStart = Date.now();
const stageDone = (name) => {
  stages.push(`${name} ${Math.round((Date.now() - stageStart) / 1000)} s`);
  stageStart = Date.now();
};
/** The names of the tests that failed, repeated at the end: a long run's failure is found without scrolling back. */
const failures = [];
const summary = (passed, failed) => {
  if (failures.length > 0) console.log(`\nfailed:\n${failures.map((name) => `  ${name}`).join('\n')}`);
  console.log(`\n${stages.join(', ')}\ntests: ${passed} passed, ${failed} failed`);
};

/** Runs a command with its output shown as it comes, without blocking what runs beside it (the lint). */
const runAsync = (command, args) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: process.env });
    child.on('close', (code) => resolve(code ?? 1));
  });

/** Runs an npm command with its output kept, and prints that output once it ends: commands run side by side stay readable. */
const runKept = (args) =>
  new Promise((resolve) => {
    const child = spawn('npm', args, { cwd: root, env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(`\n--- npm ${args.join(' ')}\n${Buffer.concat(output).toString()}`);
      resolve(code ?? 1);
    });
  });

/**
 * The SQLite driver is compiled from source where its prebuilt binary cannot be downloaded: about
 * two minutes of one core. An install with --ignore-scripts (as .ci/run does) leaves that compile
 * to here, where it runs beside the checks instead of before them (.ci/run starts it earlier still).
 */
const sqliteDriverPath = path.join(root, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
const sqliteDriverMissing = !existsSync(sqliteDriverPath);

/**
 * The driver compiled early by .ci/run (SQLITE_DRIVER_BUILD, beside npm ci) is waited for and
 * put in place; without it, or when that compile failed, it is compiled here.
 */
async function provideSqliteDriver() {
  const early = process.env.SQLITE_DRIVER_BUILD;
  if (early) {
    while (!existsSync(path.join(early, 'done'))) await new Promise((resolve) => setTimeout(resolve, 500));
    if (existsSync(path.join(early, 'ok'))) {
      mkdirSync(path.dirname(sqliteDriverPath), { recursive: true });
      copyFileSync(path.join(early, 'package/build/Release/better_sqlite3.node'), sqliteDriverPath);
      process.stdout.write('\n--- the SQLite driver compiled beside npm ci is in place\n');
      return 0;
    }
    process.stdout.write(`\n--- the SQLite driver's early compile failed, so it is compiled now:\n${readFileSync(path.join(early, 'log'), 'utf8').split('\n').slice(-15).join('\n')}\n`);
  }
  return runKept(['rebuild', 'better-sqlite3']);
}

// The type check and the web build (which the browser journeys need) side by side, the lint
// beside them: each is mostly one core's work. A type error stops the run before any test (the
// tests would run code the compiler refuses). The lint (import boundaries, cycles, unused code)
// runs on beside the unit and API suites, which the type check no longer holds up, and stops the
// run before the browser journeys when it fails.
const lint = runKept(['run', 'lint']);
const [typecheckStatus, buildStatus, driverStatus] = await Promise.all([
  runKept(['run', 'typecheck']),
  runKept(['run', 'build']),
  sqliteDriverMissing ? provideSqliteDriver() : 0,
]);
stageDone('type check and build');
const stopUnless = (checks) => {
  for (const [check, status] of checks) {
    if (status !== 0) {
      console.error(`\nnpm test stopped: \`npm ${check}\` failed (see above).`);
      summary(0, 1);
      process.exit(1);
    }
  }
};
stopUnless([['run typecheck', typecheckStatus], ['rebuild better-sqlite3', driverStatus]]);

const vitestReport = path.join(results, 'vitest.json');
const vitestStatus = await runAsync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);
stageDone('vitest (beside the lint)');
stopUnless([['run lint', await lint]]);
const playwrightReport = path.join(results, 'playwright.json');
const playwrightStatus =
  buildStatus === 0
    ? run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport })
    : 1;
stageDone('journeys');

const scaleOutReport = path.join(results, 'playwright-scale-out.json');
const scaleOutStatus =
  process.env.TEST_DATABASE_URL && buildStatus === 0
    ? run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.scale-out.config.ts'], { PLAYWRIGHT_JSON_OUTPUT_NAME: scaleOutReport })
    : buildStatus;
if (process.env.TEST_DATABASE_URL) stageDone('scale-out journeys');

let passed = 0;
let failed = 0;
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      if (test.status !== 'failed') continue;
      const reason = (test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
      failures.push(`${path.relative(root, file.name)} › ${test.fullName}: ${reason}`);
    }
  }
}
for (const report of [playwrightReport, scaleOutReport]) {
  if (!existsSync(report)) continue;
  const { stats, suites } = JSON.parse(readFileSync(report, 'utf8'));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  const walk = (suite, titles) => {
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected') continue;
        const reason = (test.results.at(-1)?.error?.message ?? '').split('\n')[0].slice(0, 300);
        failures.push(`${[...titles, spec.title].filter(Boolean).join(' › ')} [${test.projectName}]: ${reason}`);
      }
    }
  };
  for (const suite of suites) walk(suite, [suite.file]);
}
const allGreen = vitestStatus === 0 && buildStatus === 0 && playwrightStatus === 0 && scaleOutStatus === 0 && failed === 0 && passed > 0;
if (!allGreen && failed === 0) failed = 1;
summary(passed, failed);
process.exit(allGreen ? 0 : 1);
