import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createDatabase, type ShopDatabase } from '../db/database.js';
import { newId } from '../lib/ids.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../test/factories.js';

/**
 * Personal prices never reach anyone else, whatever the caches (SPEC-3 section 6): two instances
 * on one database, as behind a load balancer, each with its response cache in front of the router
 * and its micro-cache behind it, asked in turns and at once by visitors, a customer and a
 * workshop until both caches of both instances hold the public answers.
 */

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(origin: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(new URL(path, origin), { headers, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

type Caller = Awaited<ReturnType<typeof insertSignedInUser>>;
let first: TestApp;
let secondDatabase: ShopDatabase;
let second: FastifyInstance;
let origins: string[];
let workshop: Caller;
let customer: Caller;
let partIds: string[];
let urls: string[];

/** The parts' list prices in dollars, by id, and what the workshop pays (20 % off). */
const LIST: Record<string, number> = {};
const TRADE: Record<string, number> = {};

beforeAll(async () => {
  first = await buildTestApp();
  secondDatabase = createDatabase(first.testDatabase.config);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: first.testDatabase.dataDir, SEED: 'none', LOG_LEVEL: 'silent' });
  config.database = first.testDatabase.config;
  second = await buildApp({ config, database: secondDatabase, logger: false });
  await second.ready();

  const db = first.database.db;
  workshop = await insertSignedInUser(db);
  customer = await insertSignedInUser(db);
  await db.updateTable('users').set({ workshop: sql<boolean>`true`, trade_discount: 2000 }).where('id', '=', workshop.id).execute();
  partIds = [];
  for (const [index, cents] of [1000, 2499, 899, 12_000].entries()) {
    const part = await insertProduct(db, { name: `Quasar part ${index}`, price_cents: cents, universal: 1 });
    partIds.push(part.id);
    LIST[part.id] = cents / 100;
    TRADE[part.id] = (cents - Math.floor((2 * cents * 2000 + 10_000) / 20_000)) / 100;
  }
  const vehicleId = newId();
  await db
    .insertInto('vehicles')
    .values({ id: vehicleId, make: 'Quasar', make_key: 'quasar', model: 'Q 7', model_key: 'q 7', year_from: 2018, year_to: 2024, cc: 700, created_at: new Date().toISOString() })
    .execute();
  await db.insertInto('service_kits').values({ vehicle_id: vehicleId, interval_km: 6000, interval_months: 12, updated_at: new Date().toISOString() }).execute();
  await db
    .insertInto('service_kit_lines')
    .values(partIds.slice(0, 2).map((id, position) => ({ vehicle_id: vehicleId, position, product_id: id, name: `Quasar part ${position}`, quantity: 2, note: '' })))
    .execute();
  urls = [
    '/api/products?page=0&size=6',
    `/api/products/${partIds[0]}`,
    `/api/products/${partIds[3]}`,
    '/api/search?q=quasar',
    `/api/products?page=0&size=6&vehicle=${vehicleId}&year=2020`,
    `/api/vehicles/${vehicleId}/service-kit`,
  ];
  origins = [await first.app.listen({ port: 0, host: '127.0.0.1' }), await second.listen({ port: 0, host: '127.0.0.1' })];
});
afterAll(async () => {
  await second.close();
  await secondDatabase.close();
  await first.close();
});

/** Every part price an answer holds: products' `price` and `listPrice`, a kit's lines' `price`. */
function pricesIn(body: unknown): Array<{ id: string; price: number; listPrice?: number }> {
  const products = Array.isArray(body) ? body : ((body as { products?: unknown[] }).products ?? ('_id' in (body as object) ? [body] : []));
  const lines = (body as { lines?: Array<{ productId: string; price: number; listPrice?: number }> }).lines ?? [];
  return [
    ...(products as Array<{ _id: string; price: number; listPrice?: number }>).map((product) => ({ id: product._id, price: product.price, listPrice: product.listPrice })),
    ...lines.map((line) => ({ id: line.productId, price: line.price, listPrice: line.listPrice })),
  ];
}

type Who = 'visitor' | 'customer' | 'workshop';
const headersOf = (who: Who): Record<string, string> => (who === 'visitor' ? {} : (who === 'customer' ? customer : workshop).headers);

/** One request, and every check of its answer for who asked. */
async function check(instance: number, url: string, who: Who): Promise<void> {
  const answer = await send(origins[instance]!, url, headersOf(who));
  const where = `${who} on instance ${instance + 1}: ${url}`;
  expect(answer.status, where).toBe(200);
  const prices = pricesIn(JSON.parse(answer.body));
  expect(prices.length, where).toBeGreaterThan(0);
  const cacheControl = String(answer.headers['cache-control'] ?? '');
  if (who === 'workshop') {
    expect(cacheControl, where).toBe('private, no-store');
    for (const { id, price } of prices) expect(price, where).toBe(TRADE[id]);
    if (!url.includes('service-kit')) for (const { id, listPrice } of prices) expect(listPrice, where).toBe(LIST[id]);
  } else {
    expect(cacheControl, where).not.toContain('private');
    for (const { id, price, listPrice } of prices) {
      expect(price, where).toBe(LIST[id]);
      expect(listPrice, where).toBeUndefined();
    }
    expect(answer.body, where).not.toContain('listPrice');
  }
}

describe('personal prices across two instances and their caches', () => {
  it('never answers a visitor or a customer with a trade price, and always answers the workshop with its own', async () => {
    const order: Who[][] = [
      ['workshop', 'visitor', 'customer'],
      ['visitor', 'workshop', 'customer'],
      ['customer', 'visitor', 'workshop'],
    ];
    const hitsBefore = first.app.responseCache.stats.hits + second.responseCache.stats.hits;
    for (let round = 0; round < 6; round++) {
      for (const url of urls) {
        // In turns on each instance, the workshop first, between or last...
        for (const instance of [round % 2, 1 - (round % 2)]) for (const who of order[(round + instance) % 3]!) await check(instance, url, who);
        // ...and all at once on both, while the caches fill and empty.
        await Promise.all([0, 1].flatMap((instance) => (['visitor', 'workshop', 'visitor', 'customer', 'workshop', 'visitor'] as const).map((who) => check(instance, url, who))));
      }
      // Past the public cache's life, so every cache is filled again in the next round.
      if (round === 2) await new Promise((resolve) => setTimeout(resolve, first.app.config.publicCacheMs + 50));
    }
    // The visitors' answers did come from the response caches: the test ran with them full.
    expect(first.app.responseCache.stats.hits + second.responseCache.stats.hits).toBeGreaterThan(hitsBefore);
  });

  it("follows a change of the workshop's discount made elsewhere within a second, on either instance (decision 044)", async () => {
    await first.database.db.updateTable('users').set({ trade_discount: 1000 }).where('id', '=', workshop.id).execute();
    for (const origin of origins) {
      await expect
        .poll(async () => JSON.parse((await send(origin, `/api/products/${partIds[0]}`, workshop.headers)).body), { timeout: 3000, interval: 200 })
        .toMatchObject({ price: 9, listPrice: 10 });
      expect(JSON.parse((await send(origin, `/api/products/${partIds[0]}`)).body).price).toBe(10);
    }
    await first.database.db.updateTable('users').set({ trade_discount: 2000 }).where('id', '=', workshop.id).execute();
  });
});
