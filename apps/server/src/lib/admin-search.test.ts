import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { insertProduct, insertReview, insertSignedInUser } from '../test/factories.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertSignedInUser>>;
let customer: Awaited<ReturnType<typeof insertSignedInUser>>;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_CACHE_MS: '0' });
  admin = await insertSignedInUser(t.database.db, { role: 'admin', name: 'Shop Owner' });
  customer = await insertSignedInUser(t.database.db, { name: 'Hana Sato' });
  await insertSignedInUser(t.database.db, { name: 'Owen Price' });
  const part = await insertProduct(t.database.db, { name: 'Sintered Brake Pads', quantity: 100, minimum: 1 });
  const other = await insertProduct(t.database.db, { name: 'Chain Lube 100%', quantity: 100, minimum: 1 });
  for (const productId of [part.id, other.id]) {
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.headers,
      payload: { productId, quantity: 1, location: '7 Harbour Street, Leith', phone: '+44 7700 900555' },
    });
    expect(placed.statusCode).toBe(201);
  }
  await insertReview(t.database.db, { name: 'grace kim', review: 'Great brake pads, strong bite.' });
  await insertReview(t.database.db, { name: 'ben schulz', review: 'Quick delivery.' });
});
afterAll(async () => t.close());

const get = (url: string, headers = admin.headers) => t.app.inject({ url, headers });

describe('the admin tables search on the server', () => {
  it('All Users: by any word of the name or email, any case', async () => {
    const all = (await get('/api/users')).json();
    expect(all).toHaveLength(3);
    expect((await get('/api/users?q=hana')).json().map((user: { name: string }) => user.name)).toEqual(['Hana Sato']);
    expect((await get('/api/users?q=SATO%20hana')).json()).toHaveLength(1);
    expect((await get(`/api/users?q=${encodeURIComponent(customer.email)}`)).json()).toHaveLength(1);
    expect((await get('/api/users?q=nobody')).json()).toEqual([]);
  });

  it('Manage All Orders: by number (with or without #), customer, part, phone or address', async () => {
    const all = (await get('/api/allorders')).json() as Array<{ number: number; toolName: string }>;
    expect(all).toHaveLength(2);
    const brake = all.find((order) => order.toolName === 'Sintered Brake Pads')!;
    expect((await get(`/api/allorders?q=${brake.number}`)).json().map((order: { number: number }) => order.number)).toEqual([brake.number]);
    expect((await get(`/api/allorders?q=%23${brake.number}`)).json()).toHaveLength(1);
    expect((await get('/api/allorders?q=brake')).json()).toHaveLength(1);
    expect((await get('/api/allorders?q=leith')).json()).toHaveLength(2);
    expect((await get('/api/allorders?q=hana%20chain')).json().map((order: { toolName: string }) => order.toolName)).toEqual(['Chain Lube 100%']);
    // LIKE's own wildcards are text here.
    expect((await get('/api/allorders?q=100%25')).json()).toHaveLength(1);
    expect((await get('/api/allorders?q=_')).json()).toHaveLength(0);
  });

  it('Manage Reviews: by author or text, counted for the pages', async () => {
    const found = await get('/api/getreviews?page=0&size=20&q=brake');
    expect(found.json().map((review: { name: string }) => review.name)).toEqual(['grace kim']);
    expect(found.headers['x-total-count']).toBe('1');
  });

  it('is for admins only, and refuses a search text over 100 characters', async () => {
    expect((await get('/api/users?q=hana', customer.headers)).statusCode).toBe(403);
    expect((await get('/api/allorders?q=hana', customer.headers)).statusCode).toBe(403);
    expect((await get('/api/getreviews?q=brake', customer.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/getreviews?q=brake' })).statusCode).toBe(401);
    const long = await get(`/api/users?q=${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toContain('q must be at most 100 characters');
  });
});
