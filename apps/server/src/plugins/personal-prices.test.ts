import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../lib/ids.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../test/factories.js';

/**
 * The catalogue's answers per buyer (SPEC-3 section 6): a visitor and a customer who is not a
 * workshop get the public answer at list prices; a workshop gets its trade prices, with the list
 * price beside them, in an answer no cache keeps; a bearer that is no session browses as a visitor.
 */
let t: TestApp;
type Caller = Awaited<ReturnType<typeof insertSignedInUser>>;
let customer: Caller;
let workshop: Caller;
let adminWorkshop: Caller;
let filterId: string;
let kitVehicleId: string;

/** 12.5 % off: 10.00 is 8.75, 24.99 is 21.87 (3.12375 off, half-up to 3.12). */
const DISCOUNT = 1250;

const makeWorkshop = (caller: Caller, discount: number) =>
  t.database.db.updateTable('users').set({ workshop: sql<boolean>`true`, trade_discount: discount }).where('id', '=', caller.id).execute();

beforeAll(async () => {
  t = await buildTestApp();
  customer = await insertSignedInUser(t.database.db);
  workshop = await insertSignedInUser(t.database.db);
  adminWorkshop = await insertSignedInUser(t.database.db, { role: 'admin' });
  await makeWorkshop(workshop, DISCOUNT);
  await makeWorkshop(adminWorkshop, DISCOUNT);
  filterId = (await insertProduct(t.database.db, { name: 'Zorblax oil filter', price_cents: 1000, universal: 1, quantity: 40 })).id;
  const oil = await insertProduct(t.database.db, { name: 'Zorblax engine oil', price_cents: 2499, universal: 1, quantity: 3 });

  kitVehicleId = newId();
  await t.database.db
    .insertInto('vehicles')
    .values({ id: kitVehicleId, make: 'Zorblax', make_key: 'zorblax', model: 'ZX 1', model_key: 'zx 1', year_from: 2015, year_to: 2020, cc: 650, created_at: new Date().toISOString() })
    .execute();
  await t.database.db.insertInto('service_kits').values({ vehicle_id: kitVehicleId, interval_km: 6000, interval_months: 12, updated_at: new Date().toISOString() }).execute();
  await t.database.db
    .insertInto('service_kit_lines')
    .values([
      { vehicle_id: kitVehicleId, position: 0, product_id: filterId, name: 'Zorblax oil filter', quantity: 1, note: '' },
      { vehicle_id: kitVehicleId, position: 1, product_id: oil.id, name: 'Zorblax engine oil', quantity: 3, note: '' },
    ])
    .execute();
});
afterAll(async () => t.close());

const get = (url: string, caller?: Caller | Record<string, string>) =>
  t.app.inject({ url, headers: caller === undefined ? {} : 'headers' in caller ? (caller.headers as Record<string, string>) : caller });

interface PricedProduct {
  _id: string;
  price: number;
  listPrice?: number;
}
/** Each priced route, and the parts' prices in its answer, by id. */
const PRICED: Array<{ name: string; url: () => string; prices: (body: unknown) => Map<string, Pick<PricedProduct, 'price' | 'listPrice'>> }> = [
  { name: 'a catalogue page', url: () => '/api/products?page=0&size=100', prices: (body) => byId(body as PricedProduct[]) },
  { name: "a part's page", url: () => `/api/products/${filterId}`, prices: (body) => byId([body as PricedProduct]) },
  { name: 'a search', url: () => '/api/search?q=zorblax', prices: (body) => byId((body as { products: PricedProduct[] }).products) },
  { name: "a bike's catalogue page", url: () => `/api/products?page=0&size=6&vehicle=${kitVehicleId}&year=2016`, prices: (body) => byId(body as PricedProduct[]) },
  {
    name: "a bike's service kit",
    url: () => `/api/vehicles/${kitVehicleId}/service-kit`,
    prices: (body) => new Map((body as { lines: Array<{ productId: string; price: number; listPrice?: number }> }).lines.map((line) => [line.productId, { price: line.price, listPrice: line.listPrice }])),
  },
];
const byId = (products: PricedProduct[]) => new Map(products.map((product) => [product._id, { price: product.price, listPrice: product.listPrice }]));

describe('catalogue answers per buyer', () => {
  for (const route of PRICED) {
    it(`${route.name}: a visitor and a customer see list prices, a workshop its trade prices in a private answer`, async () => {
      const visitor = await get(route.url());
      expect(visitor.statusCode, visitor.body).toBe(200);
      expect(visitor.headers['cache-control']).toBeUndefined();
      expect(String(visitor.headers.vary)).toContain('Authorization');
      expect(route.prices(visitor.json()).get(filterId)).toEqual({ price: 10, listPrice: undefined });

      const plain = await get(route.url(), customer);
      expect(plain.statusCode).toBe(200);
      expect(plain.json()).toEqual(visitor.json());
      expect(plain.headers['cache-control']).toBeUndefined();

      const trade = await get(route.url(), workshop);
      expect(trade.statusCode).toBe(200);
      expect(trade.headers['cache-control']).toBe('private, no-store');
      const prices = route.prices(trade.json());
      if (route.name !== "a bike's service kit") expect(prices.get(filterId)).toEqual({ price: 8.75, listPrice: 10 });
      else expect(prices.get(filterId)?.price).toBe(8.75);
      // Nothing else of the answer changes.
      for (const price of prices.values()) expect(price.price).toBeLessThan(price.listPrice ?? Infinity);
      expect(route.prices(visitor.json()).size).toBe(prices.size);

      // The public answer after the workshop's is still the public one.
      expect((await get(route.url())).json()).toEqual(visitor.json());
    });
  }

  it("prices a workshop's service kit total at its trade prices", async () => {
    const visitor = (await get(`/api/vehicles/${kitVehicleId}/service-kit`)).json();
    const trade = (await get(`/api/vehicles/${kitVehicleId}/service-kit`, workshop)).json();
    expect(visitor.total).toBe(84.97);
    expect(trade.lines.map((line: { price: number }) => line.price)).toEqual([8.75, 21.87]);
    expect(trade.total).toBe(74.36);
  });

  it('answers a bearer that is no session, malformed, expired or of a deleted account as a visitor, never 401', async () => {
    const url = `/api/products/${filterId}`;
    const expired = await insertSignedInUser(t.database.db);
    await makeWorkshop(expired, DISCOUNT);
    await t.database.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 60_000).toISOString() }).where('user_id', '=', expired.id).execute();
    const deleted = await insertSignedInUser(t.database.db);
    await makeWorkshop(deleted, DISCOUNT);
    await t.database.db.deleteFrom('sessions').where('user_id', '=', deleted.id).execute();
    for (const headers of [{ authorization: 'Bearer not-a-session-token-at-all' }, { authorization: 'Basic YWRtaW46YWRtaW4=' }, { authorization: 'Bearer' }, expired.headers, deleted.headers]) {
      const response = await get(url, headers as Record<string, string>);
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
      expect(response.json()).toMatchObject({ price: 10 });
      expect(response.json().listPrice).toBeUndefined();
      expect(response.headers['cache-control']).toBeUndefined();
    }
  });

  it("follows an admin's change of the workshop flag on the next request", async () => {
    const url = `/api/products/${filterId}`;
    const changing = await insertSignedInUser(t.database.db);
    const setWorkshop = async (workshop: boolean, tradeDiscount: number) => {
      const response = await t.app.inject({ method: 'PUT', url: `/api/user/workshop/${changing.email}`, headers: adminWorkshop.headers, payload: { workshop, tradeDiscount } });
      expect(response.statusCode, response.body).toBe(200);
    };
    expect((await get(url, changing)).json().price).toBe(10);
    await setWorkshop(true, 20);
    expect((await get(url, changing)).json()).toMatchObject({ price: 8, listPrice: 10 });
    await setWorkshop(false, 0);
    const after = await get(url, changing);
    expect(after.json().price).toBe(10);
    expect(after.json().listPrice).toBeUndefined();
    expect(after.headers['cache-control']).toBeUndefined();
  });

  it('prices a bearer as its session was at most a second ago when the change came from elsewhere (another instance)', async () => {
    const url = `/api/products/${filterId}`;
    const changing = await insertSignedInUser(t.database.db);
    expect((await get(url, changing)).json().price).toBe(10);
    await makeWorkshop(changing, 2000);
    await expect.poll(async () => (await get(url, changing)).json().price, { timeout: 3000, interval: 200 }).toBe(8);
  });

  it("keeps an admin's Manage Products list at list prices, even for an admin who is a workshop", async () => {
    const list = await get('/api/products', adminWorkshop);
    expect(list.statusCode).toBe(200);
    const filter = (list.json() as PricedProduct[]).find((product) => product._id === filterId);
    expect(filter).toMatchObject({ price: 10 });
    expect(filter?.listPrice).toBeUndefined();
    expect(list.headers['cache-control']).toBe('no-store');
    // On the shop's own pages the admin buys as a workshop.
    expect((await get(`/api/products/${filterId}`, adminWorkshop)).json()).toMatchObject({ price: 8.75, listPrice: 10 });
  });

  it('answers a missing part 404 to a workshop too', async () => {
    const response = await get(`/api/products/${newId()}`, workshop);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});
