import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createDatabase, type ShopDatabase } from '../../db/database.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';
import type { FastifyInstance } from 'fastify';

/** Two instances of the shop on one database, as behind a load balancer. */
let first: TestApp;
let secondDatabase: ShopDatabase;
let second: FastifyInstance;

beforeAll(async () => {
  first = await buildTestApp();
  secondDatabase = createDatabase(first.testDatabase.config);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: first.testDatabase.dataDir, SEED: 'none', LOG_LEVEL: 'silent' });
  second = await buildApp({ config, database: secondDatabase, logger: false });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await secondDatabase.close();
  await first.close();
});

describe('public catalogue cache', () => {
  it('shows a product edit at once on the instance that made it, and within a second on the others', async () => {
    const product = await insertProduct(first.database.db, { price_cents: 1000, quantity: 10 });
    const admin = await insertSignedInUser(first.database.db, { role: 'admin' });
    const read = async (app: FastifyInstance) => (await app.inject({ url: `/api/products/${product.id}` })).json().price;
    expect(await read(first.app)).toBe(10);
    expect(await read(second)).toBe(10);

    const edit = await first.app.inject({
      method: 'PUT',
      url: `/api/product/${product.id}`,
      headers: admin.headers,
      payload: { decreption: 'New price', price: '12.50', quantity: 10, minimum: 1 },
    });
    expect(edit.statusCode).toBe(200);
    expect(await read(first.app)).toBe(12.5);

    const editedAt = Date.now();
    let seen = await read(second);
    while (seen !== 12.5 && Date.now() - editedAt < 1500) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await read(second);
    }
    expect(seen).toBe(12.5);
    // The cache lives one second; the rest is the time the reads themselves take.
    expect(Date.now() - editedAt).toBeLessThanOrEqual(1300);
  });

  it('an order on one instance shows the new stock there at once', async () => {
    const product = await insertProduct(first.database.db, { quantity: 10, minimum: 1 });
    const customer = await insertSignedInUser(first.database.db);
    expect((await first.app.inject({ url: `/api/products/${product.id}` })).json().quantity).toBe(10);
    const order = await first.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.headers,
      payload: { productId: product.id, quantity: 3, location: 'Hull', phone: '+44 1482 000000' },
    });
    expect(order.statusCode).toBe(201);
    expect((await first.app.inject({ url: `/api/products/${product.id}` })).json().quantity).toBe(7);
  });
});
