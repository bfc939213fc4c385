import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOwnPostgres } from '../test/own-postgres.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The real server process against a PostgreSQL server this test stops and starts itself. */

let postgres: Awaited<ReturnType<typeof startOwnPostgres>>;
let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  postgres = await startOwnPostgres();
  dataDir = mkdtempSync(path.join(tmpdir(), 'shop-outage-'));
  server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: postgres.url, AUTH_SECRET: 'outage-tests-secret-long-enough-123456', SEED: 'none' });
}, 120_000);
afterAll(async () => {
  server?.child.kill('SIGKILL');
  postgres?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = async (url: string) => {
  const started = Date.now();
  const response = await fetch(url);
  return { status: response.status, retryAfter: response.headers.get('retry-after'), ms: Date.now() - started, body: await response.text() };
};

// The full review list is never cached, so it shows what the database does right now.
describe('PostgreSQL stopped in the middle of traffic', () => {
  it('answers 503 with Retry-After within 5 s, fails readiness but not liveness, and recovers by itself', async () => {
    expect((await get(`${server.url}/api/getreviews`)).status).toBe(200);

    // Traffic keeps flowing while the database goes away.
    let stop = false;
    const seen: Array<{ status: number; ms: number }> = [];
    const traffic = (async () => {
      while (!stop) {
        const answer = await get(`${server.url}/api/getreviews`).catch(() => ({ status: 0, ms: 0, retryAfter: null, body: '' }));
        seen.push({ status: answer.status, ms: answer.ms });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 200));
    postgres.stop();

    const during = await get(`${server.url}/api/getreviews`);
    expect(during.status).toBe(503);
    expect(during.retryAfter).toBe('5');
    expect(during.ms).toBeLessThan(5000);
    expect(JSON.parse(during.body).error.code).toBe('SERVICE_UNAVAILABLE');
    expect(during.body).not.toMatch(/ECONNREFUSED|postgres|at \S+:\d+/);
    const ready = await get(`${server.url}/api/ready`);
    expect(ready.status).toBe(503);
    expect(ready.retryAfter).toBe('5');
    expect(ready.ms).toBeLessThan(5000);
    expect((await get(`${server.url}/api/health`)).status).toBe(200);
    // The traffic, too, meets the outage before the database comes back.
    for (let wait = 0; wait < 100 && !seen.some((answer) => answer.status === 503); wait++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    postgres.start();
    let recovered = false;
    for (let attempt = 0; attempt < 50 && !recovered; attempt++) {
      recovered = (await get(`${server.url}/api/ready`)).status === 200;
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(recovered).toBe(true);
    const after = await get(`${server.url}/api/getreviews`);
    expect(after.status).toBe(200);
    expect(JSON.parse(after.body)).toEqual([]);
    stop = true;
    await traffic;
    expect(seen.filter((answer) => ![200, 503].includes(answer.status))).toEqual([]);
    expect(seen.some((answer) => answer.status === 503)).toBe(true);
    expect(server.child.exitCode).toBeNull();
  }, 120_000);
});
