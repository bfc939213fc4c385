import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type ShopDatabase } from '../db/database.js';
import { insertProduct, insertSignedInUser } from '../test/factories.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';

/** The real server process, killed and stopped under load, on this pass's database engine. */

let testDatabase: TestDatabase;
let database: ShopDatabase;
let env: Record<string, string>;
const running = new Set<ServerProcess>();

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = createDatabase(testDatabase.config);
  await database.migrate();
  env = {
    DATA_DIR: testDatabase.dataDir,
    AUTH_SECRET: 'fault-tests-secret-that-is-long-enough-1234',
    DATABASE_URL: testDatabase.config.dialect === 'postgres' ? testDatabase.config.url : `sqlite:${testDatabase.config.file}`,
    // A server stopped once its part is done exits at once; the drain has its own test below.
    SHUTDOWN_DRAIN_SECONDS: '0',
  };
});
afterAll(async () => {
  for (const server of running) server.child.kill('SIGKILL');
  await database.close();
  await testDatabase.drop();
});

async function start() {
  const server = await startServerProcess(env);
  running.add(server);
  void server.exited.then(() => running.delete(server));
  return server;
}

const orderBody = (productId: string) => JSON.stringify({ productId, quantity: 1, location: 'Crash Lane 1', phone: '+44 7700 900000' });

describe('crash in the middle of an order burst (SIGKILL)', () => {
  it('keeps every order it answered 201 for, and the stock matches the orders', async () => {
    const initial = 400;
    const product = await insertProduct(database.db, { quantity: initial, minimum: 1 });
    const customers = await Promise.all(Array.from({ length: 40 }, () => insertSignedInUser(database.db)));
    const server = await start();

    const confirmed: string[] = [];
    let answered = 0;
    const burst = Array.from({ length: 300 }, async (_, index) => {
      const customer = customers[index % customers.length]!;
      try {
        const response = await fetch(`${server.url}/api/orders`, {
          method: 'POST',
          headers: { ...customer.headers, 'content-type': 'application/json' },
          body: orderBody(product.id),
        });
        answered++;
        if (response.status === 201) confirmed.push(((await response.json()) as { insertedId: string }).insertedId);
      } catch {
        // The connection died with the process: this order's fate is whatever the database says.
      }
    });
    // Let part of the burst through, then pull the plug.
    while (answered < 30) await new Promise((resolve) => setTimeout(resolve, 5));
    server.child.kill('SIGKILL');
    await Promise.all(burst);
    await server.exited;
    expect(confirmed.length).toBeGreaterThan(0);

    // Restart on the same database: nothing answered 201 is lost, and no unit is lost or invented.
    const restarted = await start();
    const rows = await database.db.selectFrom('orders').select(['id', 'quantity']).where('product_id', '=', product.id).execute();
    const ids = new Set(rows.map((row) => row.id));
    expect(confirmed.filter((id) => !ids.has(id))).toEqual([]);
    const stock = (await (await fetch(`${restarted.url}/api/products/${product.id}`)).json()) as { quantity: number };
    expect(stock.quantity).toBe(initial - rows.reduce((sum, row) => sum + row.quantity, 0));
    expect((await fetch(`${restarted.url}/api/ready`)).status).toBe(200);
    restarted.child.kill('SIGTERM');
    await restarted.exited;
  }, 120_000);
});

describe('graceful shutdown (SIGTERM)', () => {
  it('reports not ready, finishes the requests in flight, then exits cleanly', async () => {
    const product = await insertProduct(database.db, { quantity: 1000, minimum: 1 });
    const customers = await Promise.all(Array.from({ length: 10 }, () => insertSignedInUser(database.db)));
    const server = await startServerProcess({ ...env, SHUTDOWN_DRAIN_SECONDS: '3' });
    running.add(server);
    const inFlight = Array.from({ length: 20 }, (_, index) =>
      fetch(`${server.url}/api/orders`, {
        method: 'POST',
        headers: { ...customers[index % customers.length]!.headers, 'content-type': 'application/json' },
        body: orderBody(product.id),
      }).then(
        (response) => response.status,
        (error: Error) => `failed: ${String((error.cause as { code?: string } | undefined)?.code ?? error.message)}`,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 15));
    server.child.kill('SIGTERM');
    // While draining, the server says it is not ready but keeps serving.
    let ready = 200;
    for (let attempt = 0; attempt < 40 && ready === 200; attempt++) {
      ready = (await fetch(`${server.url}/api/ready`)).status;
      if (ready === 200) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(ready).toBe(503);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const statuses = await Promise.all(inFlight);
    const exitCode = await server.exited;
    expect(exitCode, server.output()).toBe(0);
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
    const stored = await database.db.selectFrom('orders').select('id').where('product_id', '=', product.id).execute();
    expect(stored.length).toBe(statuses.filter((status) => status === 201).length);
  }, 120_000);
});
