import type { Product } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type ShopDatabase } from '../db/database.js';
import { insertDemoCatalogue, insertSignedInUser } from '../test/factories.js';
import { startScaleOutStack, type ScaleOutStack } from '../test/scale-out-stack.js';

/**
 * Two instances of the real server (their own processes) on one PostgreSQL database and one S3
 * bucket, behind HAProxy with deploy/haproxy.cfg. In the middle of a burst of 500 catalogue and
 * order requests through the balancer, one instance is stopped with SIGTERM and started again:
 * no request fails, no order is lost or doubled, and no part is sold beyond its stock.
 */

let stack: ScaleOutStack;
let database: ShopDatabase;

beforeAll(async () => {
  stack = await startScaleOutStack({
    env: { SEED: 'none' },
    // The instances start on a shop in use: the demo catalogue's parts, whose images are not drawn
    // (each instance drew all of them at a first start, most of this file's time). Migrating and
    // seeding at one start have their own tests: concurrent-migrations.test.ts, seed.test.ts.
    prepare: async (testDatabase) => {
      const shop = createDatabase(testDatabase.config);
      try {
        await shop.migrate();
        await insertDemoCatalogue(shop.db);
      } finally {
        await shop.close();
      }
    },
  });
  database = createDatabase(stack.database.config);
}, 90_000);
afterAll(async () => {
  await database?.close();
  await stack?.close();
}, 60_000);

const BURST = 500;
const WORKERS = 6;

describe('two instances behind the load balancer', () => {
  it('a burst of 500 requests through an instance stopped and started again: none fails, no order is lost', { timeout: 120_000 }, async () => {
    const customers = await Promise.all(Array.from({ length: 10 }, () => insertSignedInUser(database.db)));
    const products = (await (await fetch(`${stack.url}/api/products?page=0&size=24`)).json()) as Product[];
    const parts = products.filter((product) => product.quantity >= 100).slice(0, 4);
    expect(parts.length).toBeGreaterThan(0);
    const stockBefore = new Map(parts.map((part) => [part._id, part.quantity]));

    // Requests 200 to 349 go while the instance is away, from 350 once it is back.
    const stopping = stack.instances[0]!;
    let stopped!: () => void;
    let restarted!: () => void;
    const away = new Promise<void>((resolve) => (stopped = resolve));
    const back = new Promise<void>((resolve) => (restarted = resolve));

    const failures: string[] = [];
    const orders: Array<{ id: string; productId: string; quantity: number }> = [];
    let next = 0;
    let restart: Promise<void> | undefined;
    const worker = async () => {
      for (let i = next++; i < BURST; i = next++) {
        if (i === 50) {
          restart = (async () => {
            await stopping.stop();
            stopped();
            await stopping.start();
            restarted();
          })();
        }
        if (i >= 350) await back;
        else if (i >= 200) await away;
        const part = parts[i % parts.length]!;
        if (i % 5 === 0) {
          const customer = customers[i % customers.length]!;
          const response = await fetch(`${stack.url}/api/orders`, {
            method: 'POST',
            headers: { ...customer.headers, 'content-type': 'application/json' },
            body: JSON.stringify({ productId: part._id, quantity: part.minimum, location: '12 Kings Road, London', phone: '+44 7700 900123' }),
          }).catch((error: unknown) => error as Error);
          if (response instanceof Error || response.status !== 201) {
            failures.push(`order ${i}: ${response instanceof Error ? response.message : `${response.status} ${await response.text()}`}`);
          } else {
            orders.push({ id: ((await response.json()) as { insertedId: string }).insertedId, productId: part._id, quantity: part.minimum });
          }
        } else {
          const url = [`/api/products?page=${i % 3}&size=12`, `/api/products/${part._id}`, '/api/search?q=oil+filtr', '/api/categories'][i % 4]!;
          const response = await fetch(`${stack.url}${url}`).catch((error: unknown) => error as Error);
          if (response instanceof Error || response.status !== 200) {
            failures.push(`${url} ${i}: ${response instanceof Error ? response.message : response.status}`);
          } else {
            await response.arrayBuffer();
          }
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    await restart;

    expect(failures).toEqual([]);
    expect(orders).toHaveLength(BURST / 5);
    // Every order answered 201 is in the database once, and the stock went down by exactly what was ordered.
    const stored = await database.db.selectFrom('orders').select(['id', 'product_id', 'quantity']).where('user_id', 'in', customers.map((customer) => customer.id)).execute();
    expect(stored.map((row) => row.id).sort()).toEqual(orders.map((order) => order.id).sort());
    for (const [id, before] of stockBefore) {
      const ordered = orders.filter((order) => order.productId === id).reduce((sum, order) => sum + order.quantity, 0);
      const now = await database.db.selectFrom('products').select('quantity').where('id', '=', id).executeTakeFirstOrThrow();
      expect(now.quantity).toBe(before - ordered);
    }
    expect(stopping.process?.child.exitCode).toBeNull();
  });
});
