// @ts-check
/** HAProxy with the shop's own deploy/haproxy.cfg in front of two running servers, for the scale-out rows. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { assertRunning, onCleanup } from './cleanup.mjs';
import { freePort, HOST, ROOT, waitUntilReady } from './server.mjs';

const CONFIG = path.join(ROOT, 'deploy/haproxy.cfg');
const READY_TIMEOUT_MS = 30_000;

/**
 * Starts `haproxy -f deploy/haproxy.cfg` (Debian's haproxy) balancing round robin over the two
 * servers, and waits until it answers /api/ready.
 * @param {string[]} origins   the two servers, e.g. http://127.0.0.1:40123
 * @returns {Promise<{ url: string, stop: () => Promise<void>, pid: number | undefined }>}
 */
export async function startBalancer(origins) {
  if (origins.length !== 2) throw new Error('deploy/haproxy.cfg names two instances');
  assertRunning();
  const port = await freePort();
  const child = spawn('haproxy', ['-f', CONFIG, '-db'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      SHOP_BIND: `${HOST}:${port}`,
      SHOP_INSTANCE_1: new URL(/** @type {string} */ (origins[0])).host,
      SHOP_INSTANCE_2: new URL(/** @type {string} */ (origins[1])).host,
    },
  });
  let output = '';
  child.stdout.on('data', (/** @type {Buffer} */ chunk) => (output += chunk.toString()));
  child.stderr.on('data', (/** @type {Buffer} */ chunk) => (output += chunk.toString()));
  /** @type {Promise<void>} */
  const exited = new Promise((resolve) => child.once('exit', () => resolve()));
  let running = true;
  child.once('error', (error) => {
    running = false;
    output += `${error.message} (the scale-out rows need Debian's haproxy: apt-get install haproxy)`;
  });
  void exited.then(() => {
    running = false;
  });
  const stop = async () => {
    if (!running) return;
    child.kill('SIGTERM');
    await exited;
  };
  const forget = onCleanup(`haproxy on port ${port}`, stop);

  const url = `http://${HOST}:${port}`;
  await waitUntilReady({ url, what: 'haproxy', timeoutMs: READY_TIMEOUT_MS, isRunning: () => running, output: () => output, stop, forget });
  return {
    url,
    pid: child.pid,
    async stop() {
      await stop();
      forget();
    },
  };
}
