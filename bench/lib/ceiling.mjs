// @ts-check
/** Starts the ceiling server (ceiling-server.mjs) with the exact answers the real server gave. */
import { fork } from 'node:child_process';
import path from 'node:path';
import { assertRunning, onCleanup } from './cleanup.mjs';
import { HOST } from './server.mjs';

const START_TIMEOUT_MS = 10_000;

/**
 * Fetches each path once from the real server and keeps status, content type and body.
 * @param {string} origin
 * @param {string[]} paths
 */
export async function captureAnswers(origin, paths) {
  return Promise.all(
    paths.map(async (requestPath) => {
      const response = await fetch(origin + requestPath);
      if (response.status !== 200) throw new Error(`GET ${requestPath} answered ${response.status}: ${await response.text()}`);
      const body = Buffer.from(await response.arrayBuffer());
      return {
        path: requestPath,
        status: response.status,
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
        body: body.toString('base64'),
      };
    }),
  );
}

/**
 * @param {Array<{ path: string, status: number, contentType: string, body: string, headers?: Record<string, string> }>} answers
 *   body in base64; headers: any the ceiling sends besides the type and length (e.g. Content-Encoding)
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startCeiling(answers) {
  assertRunning();
  const child = fork(path.join(import.meta.dirname, 'ceiling-server.mjs'), [], {
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  /** @type {Promise<void>} */
  const exited = new Promise((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  };
  const forget = onCleanup('ceiling server', stop);

  /** @type {number} */
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the ceiling server did not start')), START_TIMEOUT_MS);
    child.once('message', (/** @type {{ port: number }} */ message) => {
      clearTimeout(timer);
      resolve(message.port);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the ceiling server exited with ${code}`));
    });
    child.send({ answers });
  });

  return {
    url: `http://${HOST}:${port}`,
    async stop() {
      await stop();
      forget();
    },
  };
}
