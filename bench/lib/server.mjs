// @ts-check
/** The real shop server as a child process, on a free loopback port, with an environment the bench writes itself. */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { assertRunning, onCleanup } from './cleanup.mjs';
import { processCpuSeconds } from './cpu.mjs';
import { confineCpu } from './cpu-quota.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/**
 * The tree whose server and web app are measured: this one, or, in an A/B (ab.mjs), another
 * commit's worktree named by BENCH_CODE_ROOT, so both sides are measured by the same bench.
 */
export const CODE_ROOT = process.env.BENCH_CODE_ROOT ? path.resolve(process.env.BENCH_CODE_ROOT) : ROOT;
export const HOST = '127.0.0.1';

const READY_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 15_000;
/** Only these variables reach the server from the bench's own environment; everything else is set explicitly. */
const INHERITED_ENV = ['PATH', 'HOME', 'LANG', 'TMPDIR'];

/** A port nobody listens on at the moment of asking. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The web app's server entry (issue 39); code without it renders every page in the browser. */
const SERVER_ENTRY = 'src/entry-server.tsx';

/**
 * Builds the production web app into the bench's own folder, so that builds others start
 * while the bench runs cannot swap the files the measured server is serving. Code with a server
 * entry also gets its server build beside it (`dist-ssr` next to `outDir`, where the server
 * looks for it), with a `node_modules` beside them that resolves the packages it leaves out of
 * its bundle. Answers whether the code measured renders pages on the server.
 * @param {string} outDir
 */
export async function buildWebApp(outDir) {
  assertRunning();
  const webDir = path.join(CODE_ROOT, 'apps/web');
  // The same steps as the web app's `build` script, aimed at the bench's folder.
  await runStep('vite', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], webDir);
  const serverRendered = existsSync(path.join(webDir, SERVER_ENTRY));
  if (serverRendered) {
    const ssrDir = path.join(outDir, '..', 'dist-ssr');
    await runStep('vite ssr', ['vite', 'build', '--ssr', SERVER_ENTRY, '--outDir', ssrDir, '--emptyOutDir'], webDir);
    linkModules(path.join(outDir, '..', 'node_modules'), [path.join(webDir, 'node_modules'), path.join(CODE_ROOT, 'node_modules')]);
    if (!existsSync(path.join(ssrDir, 'entry-server.js'))) throw new Error(`the web app's server build left no entry-server.js in ${ssrDir}`);
  }
  await runStep('compress', [path.join(CODE_ROOT, 'scripts/compress-dist.mjs'), outDir], CODE_ROOT, process.execPath);
  if (!existsSync(path.join(outDir, 'index.html'))) throw new Error(`the web app build left no index.html in ${outDir}`);
  return serverRendered;
}

/**
 * A `node_modules` folder of links to the packages of `sources`, the first source's winning (a
 * workspace's own versions before the hoisted ones), scopes merged package by package.
 * @param {string} target
 * @param {string[]} sources
 */
function linkModules(target, sources) {
  mkdirSync(target, { recursive: true });
  for (const source of sources) {
    if (!existsSync(source)) continue;
    for (const entry of readdirSync(source)) {
      if (entry.startsWith('.')) continue;
      if (!entry.startsWith('@')) {
        if (!existsSync(path.join(target, entry))) symlinkSync(path.join(source, entry), path.join(target, entry));
        continue;
      }
      mkdirSync(path.join(target, entry), { recursive: true });
      for (const name of readdirSync(path.join(source, entry))) {
        if (!existsSync(path.join(target, entry, name))) symlinkSync(path.join(source, entry, name), path.join(target, entry, name));
      }
    }
  }
}

/**
 * Runs one build step to its end; a failure carries what the step wrote to stderr.
 * @param {string} name
 * @param {string[]} args
 * @param {string} cwd
 * @param {string} [command]
 */
async function runStep(name, args, cwd, command = 'npx') {
  const step = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  const forget = onCleanup(`web build (${name})`, () => step.kill('SIGTERM'));
  let complaints = '';
  step.stderr.on('data', (/** @type {Buffer} */ chunk) => (complaints += chunk.toString()));
  /** @type {number | null} */
  const status = await new Promise((resolve, reject) => {
    step.once('error', reject);
    step.once('exit', (code) => resolve(code));
  });
  forget();
  if (status !== 0) throw new Error(`the web app did not build (${name}, exit ${status}):\n${complaints.trim()}`);
}

/**
 * Asks `url`/api/ready every 200 ms until it answers 200. A process that ends first, or is not
 * ready in time, is stopped and forgotten, and the error carries what it wrote.
 * @param {{ url: string, what: string, timeoutMs: number, isRunning: () => boolean, output: () => string, stop: () => Promise<void>, forget: () => void }} process
 */
async function waitUntilReady({ url, what, timeoutMs, isRunning, output, stop, forget }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!isRunning()) {
      forget();
      throw new Error(`${what} stopped before it was ready:\n${output().trim()}`);
    }
    const ready = await fetch(`${url}/api/ready`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return;
    if (Date.now() > deadline) {
      await stop();
      forget();
      throw new Error(`${what} was not ready within ${timeoutMs / 1000} s:\n${output().trim()}`);
    }
    await sleep(200);
  }
}

/**
 * @typedef {object} RunningServer
 * @property {string} url          origin, e.g. http://127.0.0.1:40123
 * @property {() => Promise<void>} stop
 * @property {() => string[]} errors  messages the server logged at level error or fatal so far
 * @property {() => number | undefined} residentBytes  the process's resident memory in bytes (Linux)
 * @property {() => number | undefined} cpuSeconds  CPU seconds (user + system) the process has used so far (Linux /proc)
 * @property {number | undefined} pid
 */

const PINO_ERROR = 50;

/**
 * The message of a pino JSON line at level error or above, else undefined.
 * @param {string} line
 */
function errorMessage(line) {
  if (!line.startsWith('{')) return undefined;
  try {
    const entry = JSON.parse(line);
    if (typeof entry.level !== 'number' || entry.level < PINO_ERROR) return undefined;
    return [entry.msg, entry.err?.message].filter(Boolean).join(': ') || line;
  } catch {
    return undefined;
  }
}

/**
 * Starts `node --import tsx apps/server/src/main.ts` and waits until /api/ready answers 200.
 * @param {{ dataDir: string, databaseUrl: string, webDistDir: string, seed?: 'none' | 'demo', nodeArgs?: string[], publicCacheMs?: number, authSecret?: string, cpus?: number }} options
 *   nodeArgs: e.g. --cpu-prof; publicCacheMs: the server's PUBLIC_CACHE_MS (0 turns its caches off);
 *   authSecret: the AUTH_SECRET servers sharing a database must share (a new one when not given);
 *   cpus: a CPU quota for the process (cpu-quota.mjs), as if it ran on a machine of that size
 * @returns {Promise<RunningServer>}
 */
export async function startServer({ dataDir, databaseUrl, webDistDir, seed = 'none', nodeArgs = [], publicCacheMs, authSecret = randomBytes(32).toString('base64url'), cpus }) {
  const port = await freePort();
  assertRunning();
  /** @type {Record<string, string>} */
  const env = {
    NODE_ENV: 'production',
    HOST,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    WEB_DIST_DIR: webDistDir,
    SEED: seed,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '100000',
    // Each bench customer places many orders it never pays for.
    UNPAID_ORDERS_PER_ACCOUNT: '1000000',
    UNPAID_UNITS_PER_ACCOUNT: '1000000',
    AUTH_SECRET: authSecret,
  };
  if (publicCacheMs !== undefined) env.PUBLIC_CACHE_MS = String(publicCacheMs);
  for (const name of INHERITED_ENV) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }

  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: CODE_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Confined before it has done anything worth measuring: the quota covers its whole life.
  const quota = cpus === undefined || child.pid === undefined ? undefined : confineCpu(child.pid, cpus);
  /** @type {string[]} */
  const output = [];
  /** @type {string[]} */
  const errors = [];
  let partial = '';
  const keep = (/** @type {Buffer} */ chunk) => {
    output.push(chunk.toString());
    if (output.length > 40) output.shift();
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const message = errorMessage(line);
      if (message) errors.push(message);
    }
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  /** @type {Promise<void>} */
  const exited = new Promise((resolve) =>
    child.once('exit', () => {
      quota?.release();
      resolve();
    }),
  );
  let running = true;
  void exited.then(() => {
    running = false;
  });

  const stop = async () => {
    if (!running) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  };
  const forget = onCleanup(`server on port ${port}`, stop);

  const url = `http://${HOST}:${port}`;
  await waitUntilReady({ url, what: 'the server', timeoutMs: READY_TIMEOUT_MS, isRunning: () => running, output: () => output.join(''), stop, forget });

  return {
    url,
    pid: child.pid,
    errors: () => errors.slice(),
    /** The process's resident memory in bytes (Linux), or undefined where /proc is not there. */
    residentBytes: () => residentBytes(child.pid),
    cpuSeconds: () => processCpuSeconds(child.pid),
    async stop() {
      await stop();
      forget();
      const complaints = output.join('').trim();
      if (child.exitCode !== 0 && complaints) console.warn(`server on port ${port} exited with ${child.exitCode ?? child.signalCode}:\n${complaints}`);
    },
  };
}

/** @param {number | undefined} pid */
function residentBytes(pid) {
  if (pid === undefined || !existsSync(`/proc/${pid}/status`)) return undefined;
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : undefined;
}
