import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createDatabase, type ShopDatabase } from './db/database.js';
import { createTestDatabase, type TestDatabase } from './test/test-database.js';
import { startTcpProxy } from './test/tcp-proxy.js';
import type { FastifyInstance } from 'fastify';

let testDatabase: TestDatabase;
let database: ShopDatabase;
let app: FastifyInstance;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  if (testDatabase.config.dialect !== 'postgres') throw new Error('this suite needs PostgreSQL');
  const target = new URL(testDatabase.config.url);
  proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  target.hostname = '127.0.0.1';
  target.port = String(proxy.port);
  database = createDatabase({ dialect: 'postgres', url: target.toString() });
  await database.migrate();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: testDatabase.dataDir, SEED: 'none', LOG_LEVEL: 'silent' });
  app = await buildApp({ config, database, logger: false });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
  proxy.close();
  await testDatabase.drop();
});

// The full review list is never cached, so it shows what the database does right now.
describe('PostgreSQL unreachable', () => {
  it('answers 503 with Retry-After while the database is away, and recovers by itself', async () => {
    expect((await app.inject({ url: '/api/getreviews' })).statusCode).toBe(200);

    await proxy.cut();
    const startedAt = Date.now();
    const during = await app.inject({ url: '/api/getreviews' });
    expect(Date.now() - startedAt).toBeLessThan(5000);
    expect(during.statusCode).toBe(503);
    expect(during.headers['retry-after']).toBe('5');
    expect(during.json().error.code).toBe('SERVICE_UNAVAILABLE');
    expect(during.body).not.toContain('ECONNREFUSED');

    const ready = await app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);

    await proxy.restore();
    expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/getreviews' })).json()).toEqual([]);
  });
});
