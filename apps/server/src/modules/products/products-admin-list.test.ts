import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';

let t: TestApp;
type Account = Awaited<ReturnType<typeof insertSignedInUser>>;
let admin: Account;
let customer: Account;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
  customer = await insertSignedInUser(t.database.db);
  // Catalogue order: Chain, air filter, Brake pads, spark plug, Tyre.
  for (const [key, row] of [
    ['chain', { name: 'Chain 520', price_cents: 8900, quantity: 12, minimum: 1 }],
    ['filter', { name: 'air filter', price_cents: 1450, quantity: 3, minimum: 4 }],
    ['pads', { name: 'Brake pads', price_cents: 3200, quantity: 40, minimum: 2 }],
    ['plug', { name: 'spark plug', price_cents: 650, quantity: 0, minimum: 1 }],
    ['tyre', { name: 'Tyre 120/70', price_cents: 12900, quantity: 7, minimum: 1 }],
  ] as const) {
    ids[key] = (await insertProduct(t.database.db, row)).id;
  }
  // An order waiting for payment holds two brake pads.
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: customer.headers,
    payload: { productId: ids.pads, quantity: 2, location: '12 Kings Road, London', phone: '+44 7700 900123' },
  });
  expect(placed.statusCode).toBe(201);
});
afterAll(async () => t.close());

const list = async (query: string, account: Account = admin) => {
  const response = await t.app.inject({ url: `/api/products?${query}`, headers: account.headers });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { name: string }[]).map((product) => product.name);
};
const count = async (query: string) => {
  const response = await t.app.inject({ url: `/api/productCount?${query}`, headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { count: number }).count;
};

describe('GET /api/products: the admin sorts and filters the catalogue', () => {
  it('sorts by name without case, by price and by stock, either way', async () => {
    expect(await list('sort=name')).toEqual(['air filter', 'Brake pads', 'Chain 520', 'spark plug', 'Tyre 120/70']);
    expect(await list('sort=-name')).toEqual(['Tyre 120/70', 'spark plug', 'Chain 520', 'Brake pads', 'air filter']);
    expect(await list('sort=price')).toEqual(['spark plug', 'air filter', 'Brake pads', 'Chain 520', 'Tyre 120/70']);
    expect(await list('sort=-price')).toEqual(['Tyre 120/70', 'Chain 520', 'Brake pads', 'air filter', 'spark plug']);
    // The order waiting for payment took its two pads off the shelf: 38 left.
    expect(await list('sort=stock')).toEqual(['spark plug', 'air filter', 'Tyre 120/70', 'Chain 520', 'Brake pads']);
    expect(await list('sort=-stock')).toEqual(['Brake pads', 'Chain 520', 'Tyre 120/70', 'air filter', 'spark plug']);
  });

  it("pages a sort, and answers a page past the end with an empty list", async () => {
    expect(await list('sort=price&page=1&size=2')).toEqual(['Brake pads', 'Chain 520']);
    expect(await list('sort=price&page=2&size=2')).toEqual(['Tyre 120/70']);
    expect(await list('sort=price&page=40&size=2')).toEqual([]);
  });

  it("keeps the parts below their minimum with 'low', and counts them", async () => {
    expect(await list('filter=low')).toEqual(['air filter', 'spark plug']);
    expect(await list('filter=low&sort=-name&page=0&size=20')).toEqual(['spark plug', 'air filter']);
    expect(await count('filter=low')).toBe(2);
  });

  it("keeps the parts that orders waiting for payment hold with 'waiting', until the order is cancelled", async () => {
    expect(await list('filter=waiting&page=0&size=20')).toEqual(['Brake pads']);
    expect(await count('filter=waiting')).toBe(1);
    const [waiting] = await t.database.db.selectFrom('orders').select('id').where('product_id', '=', ids.pads!).execute();
    const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/orders/${waiting!.id}`, headers: customer.headers });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await list('filter=waiting')).toEqual([]);
    expect(await count('filter=waiting')).toBe(0);
  });

  it('leaves the public list and count as they were', async () => {
    const page = await t.app.inject({ url: '/api/products?page=0&size=2' });
    expect(page.statusCode).toBe(200);
    expect(page.json().map((product: { name: string }) => product.name)).toEqual(['Chain 520', 'air filter']);
    expect((await t.app.inject({ url: '/api/productCount' })).json()).toEqual({ count: 5 });
  });

  it('is the admin’s alone: a visitor gets 401, a customer 403', async () => {
    for (const url of ['/api/products?sort=price', '/api/products?filter=waiting&page=0&size=6', '/api/productCount?filter=low']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
      expect((await t.app.inject({ url, headers: customer.headers })).statusCode, url).toBe(403);
    }
  });

  it('refuses an unknown sort or filter, or either with a bike, with a 400 envelope that names the choices', async () => {
    for (const [query, message] of [
      ['sort=cheapest', 'sort must be one of name, -name, price, -price, stock, -stock'],
      ['filter=empty&page=0&size=6', 'filter must be one of low, waiting'],
      ['sort=price&vehicle=00000000000000000000000000&year=2019', 'sort and filter list the whole catalogue: leave out vehicle and year'],
    ] as const) {
      const response = await t.app.inject({ url: `/api/products?${query}`, headers: admin.headers });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
    const badCount = await t.app.inject({ url: '/api/productCount?filter=soon', headers: admin.headers });
    expect(badCount.statusCode).toBe(400);
    expect(badCount.json().error.message).toContain('filter must be one of low, waiting');
  });
});
