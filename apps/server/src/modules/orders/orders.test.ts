import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';
import { selectOrders } from './order-rows.js';

let t: TestApp;
type Customer = Awaited<ReturnType<typeof insertSignedInUser>>;
let alice: Customer;
let bob: Customer;
let admin: Customer;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await insertSignedInUser(t.database.db, { name: 'Alice' });
  bob = await insertSignedInUser(t.database.db, { name: 'Bob' });
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
});
afterAll(async () => t.close());

const stockOf = async (id: string) =>
  (await t.database.db.selectFrom('products').select('quantity').where('id', '=', id).executeTakeFirstOrThrow()).quantity;
const orderCount = async () =>
  Number((await t.database.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

const order = (customer: Customer, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.headers, payload: body });
const basics = { location: '12 Kings Road, London', phone: '+44 7700 900123' };

describe('POST /api/orders', () => {
  it('takes name and price from the catalogue, the buyer from the token, and the stock at once', async () => {
    const product = await insertProduct(t.database.db, { name: 'Chain Kit', price_cents: 8950, quantity: 40, minimum: 2 });
    const response = await order(alice, {
      ...basics,
      productId: product.id,
      quantity: '3',
      toolName: 'Free stuff',
      toolPrice: 0.01,
      name: 'Mallory',
      email: bob.email,
    });
    expect(response.statusCode).toBe(201);
    const { insertedId } = response.json();
    const row = await selectOrders(t.database.db).where('orders.id', '=', insertedId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      tool_name: 'Chain Kit',
      unit_price_cents: 8950,
      total_cents: 26850,
      quantity: 3,
      customer_name: 'Alice',
      email: alice.email,
      user_id: alice.id,
      status: 'waiting',
    });
    expect(await stockOf(product.id)).toBe(37);
  });

  it.each([
    ['zero', 0, 422],
    ['negative', -2, 422],
    ['fractional', 2.5, 422],
    ['text', 'two', 422],
    ['empty', '', 422],
    ['huge', 1e12, 422],
    ['exponent text', '1e3', 422],
  ])('refuses a %s quantity and moves no stock', async (_label, quantity, status) => {
    const product = await insertProduct(t.database.db, { quantity: 20, minimum: 1 });
    const before = await orderCount();
    const response = await order(alice, { ...basics, productId: product.id, quantity });
    expect(response.statusCode).toBe(status);
    expect(response.json().error.fieldErrors.quantity).toBeDefined();
    expect(await stockOf(product.id)).toBe(20);
    expect(await orderCount()).toBe(before);
  });

  it("refuses less than the product's minimum with SPEC's message", async () => {
    const product = await insertProduct(t.database.db, { quantity: 20, minimum: 5 });
    const response = await order(alice, { ...basics, productId: product.id, quantity: 4 });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe('Please Order More Then 5 Peace');
    expect(await stockOf(product.id)).toBe(20);
  });

  it("refuses more than the stock with SPEC's message", async () => {
    const product = await insertProduct(t.database.db, { quantity: 7, minimum: 1 });
    const response = await order(alice, { ...basics, productId: product.id, quantity: 8 });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('8 Peace is Not Available');
    expect(await stockOf(product.id)).toBe(7);
  });

  it('refuses an unknown product (404), a malformed id (422) and missing location or phone (422)', async () => {
    expect((await order(alice, { ...basics, productId: '0123456789abcdef01234567', quantity: 1 })).statusCode).toBe(404);
    expect((await order(alice, { ...basics, productId: 'nope', quantity: 1 })).statusCode).toBe(422);
    const product = await insertProduct(t.database.db, { quantity: 5, minimum: 1 });
    const missing = await order(alice, { productId: product.id, quantity: 1 });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().error.fieldErrors).sort()).toEqual(['location', 'phone']);
    expect(missing.json().error.fieldErrors.location).toContain('Location is Required');
  });

  it('needs a signed-in customer', async () => {
    const product = await insertProduct(t.database.db, { quantity: 5, minimum: 1 });
    const response = await t.app.inject({ method: 'POST', url: '/api/orders', payload: { ...basics, productId: product.id, quantity: 1 } });
    expect(response.statusCode).toBe(401);
    expect(await stockOf(product.id)).toBe(5);
  });

  it('sells the last 10 units to exactly 10 of 50 customers ordering at once', async () => {
    const product = await insertProduct(t.database.db, { quantity: 10, minimum: 1 });
    const customers = await Promise.all(Array.from({ length: 50 }, () => insertSignedInUser(t.database.db)));
    const responses = await Promise.all(customers.map((customer) => order(customer, { ...basics, productId: product.id, quantity: 1 })));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
    expect(responses.some((response) => response.body.includes('locked'))).toBe(false);
    expect(await stockOf(product.id)).toBe(0);
    const sold = await t.database.db.selectFrom('orders').select('id').where('product_id', '=', product.id).execute();
    expect(sold).toHaveLength(10);
  });

  it('gives every order its own short number, counting up from #10001, also when many are placed at once', async () => {
    const product = await insertProduct(t.database.db, { quantity: 100, minimum: 1 });
    const customers = await Promise.all(Array.from({ length: 20 }, () => insertSignedInUser(t.database.db)));
    const before = Number((await t.database.db.selectFrom('orders').select((eb) => eb.fn.max('number').as('n')).executeTakeFirstOrThrow()).n ?? 10000);
    const placed = await Promise.all(customers.map((customer) => order(customer, { ...basics, productId: product.id, quantity: 1 })));
    expect(placed.map((response) => response.statusCode)).toEqual(Array(20).fill(201));
    const numbers = await Promise.all(
      placed.map(async (response, index) => (await t.app.inject({ url: `/api/specificorders/${response.json().insertedId}`, headers: customers[index]!.headers })).json().number as number),
    );
    expect(new Set(numbers).size).toBe(20);
    expect(Math.min(...numbers)).toBeGreaterThan(Math.max(before, 10000));
    expect(numbers.every((number) => Number.isInteger(number))).toBe(true);
    // A sequence may skip a number after a refused order on PostgreSQL; it never goes back.
    expect(Math.max(...numbers)).toBeLessThan(before + 100);
  });
});

describe('reading orders', () => {
  it("GET /api/orders/:email answers the owner's orders, newest first; others get 403", async () => {
    const product = await insertProduct(t.database.db, { quantity: 50, minimum: 1 });
    const carol = await insertSignedInUser(t.database.db);
    const first = (await order(carol, { ...basics, productId: product.id, quantity: 1 })).json().insertedId;
    const second = (await order(carol, { ...basics, productId: product.id, quantity: 2 })).json().insertedId;
    const mine = await t.app.inject({ url: `/api/orders/${carol.email}`, headers: carol.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().map((o: { _id: string }) => o._id)).toEqual([second, first]);
    expect(mine.json()[0]).toMatchObject({ toolPrice: 19.99, total: 39.98, quantity: 2, paid: false, shift: false, status: 'waiting', transactionId: null });
    expect((await t.app.inject({ url: `/api/orders/${carol.email}`, headers: bob.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/orders/${carol.email}`, headers: admin.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/orders/${carol.email}` })).statusCode).toBe(401);
  });

  it('GET /api/specificorders/:id answers the owner and admins only', async () => {
    const product = await insertProduct(t.database.db, { name: 'Brake Pads', quantity: 50, minimum: 1 });
    const id = (await order(alice, { ...basics, productId: product.id, quantity: 2 })).json().insertedId;
    const own = await t.app.inject({ url: `/api/specificorders/${id}`, headers: alice.headers });
    expect(own.json()).toMatchObject({ _id: id, name: 'Alice', toolName: 'Brake Pads', quantity: 2, toolPrice: 19.99 });
    expect((await t.app.inject({ url: `/api/specificorders/${id}`, headers: bob.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/specificorders/${id}`, headers: admin.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/specificorders/0123456789abcdef01234567', headers: alice.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/specificorders/bad-id', headers: alice.headers })).statusCode).toBe(400);
  });

  it('GET /api/allorders is for admins only', async () => {
    expect((await t.app.inject({ url: '/api/allorders' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/allorders', headers: alice.headers })).statusCode).toBe(403);
    const all = await t.app.inject({ url: '/api/allorders', headers: admin.headers });
    expect(all.statusCode).toBe(200);
    expect(all.json().length).toBe(await orderCount());
  });
});

describe('cancelling', () => {
  it('cancels an unpaid order and gives the stock back exactly once, even when sent 5 times at once', async () => {
    const product = await insertProduct(t.database.db, { quantity: 30, minimum: 1 });
    const id = (await order(alice, { ...basics, productId: product.id, quantity: 4 })).json().insertedId;
    expect(await stockOf(product.id)).toBe(26);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => t.app.inject({ method: 'DELETE', url: `/api/orders/${id}`, headers: alice.headers })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    expect(responses.find((response) => response.statusCode === 200)!.json()).toMatchObject({ deletedCount: 1 });
    expect(await stockOf(product.id)).toBe(30);
    // It stays in the customer's list, as cancelled.
    const mine = (await t.app.inject({ url: `/api/orders/${alice.email}`, headers: alice.headers })).json();
    expect(mine.find((o: { _id: string }) => o._id === id)).toMatchObject({ status: 'cancelled', paid: false });
  });

  it("refuses to cancel another customer's order", async () => {
    const product = await insertProduct(t.database.db, { quantity: 30, minimum: 1 });
    const id = (await order(alice, { ...basics, productId: product.id, quantity: 1 })).json().insertedId;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${id}`, headers: bob.headers })).statusCode).toBe(403);
    expect(await stockOf(product.id)).toBe(29);
  });
});

describe('shipping', () => {
  it('refuses to ship an unpaid order, and refuses a customer', async () => {
    const product = await insertProduct(t.database.db, { quantity: 30, minimum: 1 });
    const id = (await order(alice, { ...basics, productId: product.id, quantity: 1 })).json().insertedId;
    expect((await t.app.inject({ method: 'PATCH', url: `/api/shiftorders/${id}`, headers: alice.headers })).statusCode).toBe(403);
    const unpaid = await t.app.inject({ method: 'PATCH', url: `/api/shiftorders/${id}`, headers: admin.headers });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().error.message).toBe('Only paid orders can be shipped');
    expect((await t.app.inject({ method: 'PATCH', url: '/api/shiftorders/0123456789abcdef01234567', headers: admin.headers })).statusCode).toBe(404);
  });
});

describe('a deleted product', () => {
  it('leaves its orders intact', async () => {
    const product = await insertProduct(t.database.db, { name: 'Discontinued Lever', price_cents: 1500, quantity: 30, minimum: 1 });
    const id = (await order(alice, { ...basics, productId: product.id, quantity: 2 })).json().insertedId;
    await t.database.db.deleteFrom('products').where('id', '=', product.id).execute();
    const kept = await t.app.inject({ url: `/api/specificorders/${id}`, headers: alice.headers });
    expect(kept.json()).toMatchObject({ toolName: 'Discontinued Lever', toolPrice: 15, total: 30 });
    expect((await order(alice, { ...basics, productId: product.id, quantity: 1 })).statusCode).toBe(404);
  });
});

// Last in the file: its sweeps cancel every order of the file still waiting.
describe('the hold of an unpaid order', () => {
  it('answers until when a waiting order holds its parts, which is when the unpaid sweep cancels it; a paid or cancelled order holds nothing', async () => {
    const product = await insertProduct(t.database.db, { quantity: 30, minimum: 1 });
    const read = async (id: string) => (await t.app.inject({ url: `/api/specificorders/${id}`, headers: alice.headers })).json() as { status: string; createdAt: string; holdUntil: string | null };
    const waiting = (await order(alice, { ...basics, productId: product.id, quantity: 2 })).json().insertedId as string;
    const placed = await read(waiting);
    expect(Date.parse(placed.holdUntil!) - Date.parse(placed.createdAt)).toBe(t.app.config.orderPaymentTimeoutMs);
    const listed = (await t.app.inject({ url: `/api/orders/${alice.email}`, headers: alice.headers })).json() as Array<{ _id: string; holdUntil: string | null }>;
    expect(listed.find((line) => line._id === waiting)?.holdUntil).toBe(placed.holdUntil);

    const timeout = t.app.config.orderPaymentTimeoutMs;
    await t.app.orders.sweepUnpaid(timeout, Date.parse(placed.holdUntil!) - 1);
    expect((await read(waiting)).status).toBe('waiting');
    await t.app.orders.sweepUnpaid(timeout, Date.parse(placed.holdUntil!) + 1);
    expect(await read(waiting)).toMatchObject({ status: 'cancelled', holdUntil: null });

    const paid = (await order(alice, { ...basics, productId: product.id, quantity: 1 })).json().insertedId as string;
    await t.app.orders.markPaid(paid, 'pi_hold_test');
    expect(await read(paid)).toMatchObject({ status: 'paid', holdUntil: null });
  });
});
