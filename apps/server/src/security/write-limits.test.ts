import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../lib/ids.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../test/factories.js';

let t: TestApp;
type Customer = Awaited<ReturnType<typeof insertSignedInUser>>;
let vehicleId = '';
let soldOut = '';

beforeAll(async () => {
  t = await buildTestApp();
  vehicleId = newId();
  await t.database.db
    .insertInto('vehicles')
    .values({ id: vehicleId, make: 'Honda', make_key: 'honda', model: 'CB500F', model_key: 'cb500f', year_from: 2013, year_to: 2024, cc: 471, created_at: new Date().toISOString() })
    .execute();
  soldOut = (await insertProduct(t.database.db, { quantity: 0, minimum: 1 })).id;
});
afterAll(async () => t.close());

/** Another session of the same account: its own token, the same bucket. */
async function secondSessionOf(customer: Customer): Promise<Record<string, string>> {
  const token = `${newId()}secondsession`;
  const now = new Date();
  await t.database.db
    .insertInto('sessions')
    .values({ id: newId(), token, user_id: customer.id, expires_at: new Date(now.getTime() + 3600_000).toISOString(), created_at: now.toISOString(), updated_at: now.toISOString(), ip_address: null, user_agent: null })
    .execute();
  return { authorization: `Bearer ${token}` };
}

/** Each write and its allowance a minute; `call` readies what the calls of that customer need and answers the call. */
const limits: Array<{ route: string; perMinute: number; call: (customer: Customer) => Promise<{ method: 'PUT' | 'POST' | 'DELETE'; url: string; payload?: object }> }> = [
  { route: 'PUT /api/cart', perMinute: 120, call: async () => ({ method: 'PUT', url: '/api/cart', payload: { lines: [] } }) },
  { route: 'POST /api/garage', perMinute: 30, call: async () => ({ method: 'POST', url: '/api/garage', payload: { vehicleId, year: 2019 } }) },
  {
    route: 'POST /api/garage/{bikeId}/readings',
    perMinute: 30,
    call: async (customer) => {
      const bike = await t.app.inject({ method: 'POST', url: '/api/garage', headers: customer.headers, payload: { vehicleId, year: 2019 } });
      expect(bike.statusCode).toBe(201);
      // The same reading again is accepted: the odometer does not go back.
      return { method: 'POST', url: `/api/garage/${bike.json().insertedId}/readings`, payload: { km: 100, readOn: '2026-01-05' } };
    },
  },
  { route: 'PUT /api/products/{id}/notify', perMinute: 30, call: async () => ({ method: 'PUT', url: `/api/products/${soldOut}/notify` }) },
  { route: 'DELETE /api/products/{id}/notify', perMinute: 30, call: async () => ({ method: 'DELETE', url: `/api/products/${soldOut}/notify` }) },
  {
    route: 'POST /api/create-payment-intent',
    perMinute: 30,
    call: async (customer) => {
      const part = await insertProduct(t.database.db, { quantity: 10, minimum: 1 });
      const order = await t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.headers, payload: { productId: part.id, quantity: 1, location: 'Leeds', phone: '+44 113 496 0000' } });
      expect(order.statusCode).toBe(201);
      return { method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order.json().insertedId } };
    },
  },
];

describe('limits on every write of a signed-in customer', () => {
  it.each(limits)('$route: $perMinute a minute per account, then 429 with Retry-After from any of its sessions', async ({ perMinute, call }) => {
    const customer = await insertSignedInUser(t.database.db);
    const request = await call(customer);
    const send = (headers: Record<string, string>) => t.app.inject({ ...request, headers });

    // Ten at a time: one account's writes take turns, each holding a database connection while it waits.
    const allowed = [];
    while (allowed.length < perMinute) allowed.push(...(await Promise.all(Array.from({ length: Math.min(10, perMinute - allowed.length) }, () => send(customer.headers)))));
    expect(allowed.filter((answer) => answer.statusCode >= 400).map((answer) => `${answer.statusCode} ${answer.body}`)).toEqual([]);
    for (const headers of [customer.headers, await secondSessionOf(customer)]) {
      const refused = await send(headers);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS' }, requestId: expect.any(String) });
    }
    // Another account has its own allowance.
    const other = await insertSignedInUser(t.database.db);
    const theirs = await call(other);
    expect((await t.app.inject({ ...theirs, headers: other.headers })).statusCode).toBeLessThan(400);
  });
});
