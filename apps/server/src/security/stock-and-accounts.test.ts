import { MAX_ORDER_TOTAL_CENTS, purchaseMessages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createUser } from '../test/auth-helpers.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../test/factories.js';

/**
 * Stock that one account cannot hoard, money columns that hold any total the shop allows, and
 * removed accounts that stay gone: each written as the attacker's sequence, with the state
 * checked afterwards.
 */

let t: TestApp;
const LIMITS = { UNPAID_ORDERS_PER_ACCOUNT: '5', UNPAID_UNITS_PER_ACCOUNT: '100' };

beforeAll(async () => {
  t = await buildTestApp(LIMITS);
});
afterAll(async () => t.close());

type Caller = { headers: { authorization: string } };
const order = (caller: Caller, productId: string, quantity: number | string) =>
  t.app.inject({ method: 'POST', url: '/api/orders', headers: caller.headers, payload: { productId, quantity, location: 'Leeds', phone: '+44 113 496 0000' } });
const stockOf = async (id: string) => (await t.database.db.selectFrom('products').select('quantity').where('id', '=', id).executeTakeFirstOrThrow()).quantity;
const waitingOf = async (userId: string) =>
  (await t.database.db.selectFrom('orders').select('quantity').where('user_id', '=', userId).where('status', '=', 'waiting').execute()).length;

describe('hoarding', () => {
  it('holds unpaid stock for an hour by default, at most 5 unpaid orders and 100 units per account, 100 units of a part per address', () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.testDatabase.dataDir });
    expect(config.orderPaymentTimeoutMs).toBe(60 * 60 * 1000);
    expect(config.unpaidLimits).toEqual({ orders: 5, units: 100, partUnitsPerAddress: 100 });
  });

  it('one account cannot hold a part\'s whole stock in unpaid orders', async () => {
    const hoarder = await insertSignedInUser(t.database.db);
    const product = await insertProduct(t.database.db, { quantity: 1000, minimum: 1 });
    const placed = await order(hoarder, product.id, 100);
    expect(placed.statusCode).toBe(201);
    const more = await order(hoarder, product.id, 1);
    expect(more.statusCode).toBe(409);
    expect(more.json().error).toMatchObject({ code: 'TOO_MANY_UNPAID_ORDERS', fieldErrors: { quantity: [purchaseMessages.tooManyUnitsHeld(100)] } });
    expect(await stockOf(product.id)).toBe(900);
    // Another customer still finds the part.
    expect((await order(await insertSignedInUser(t.database.db), product.id, 50)).statusCode).toBe(201);
  });

  it('caps unpaid orders per account, even when they are placed all at once', async () => {
    const hoarder = await insertSignedInUser(t.database.db);
    const product = await insertProduct(t.database.db, { quantity: 1000, minimum: 1 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => order(hoarder, product.id, 1)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().error.message).toBe(purchaseMessages.tooManyUnpaid(5));
    expect(await waitingOf(hoarder.id)).toBe(5);
    expect(await stockOf(product.id)).toBe(995);
  });

  it('frees a place when an unpaid order is cancelled', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const product = await insertProduct(t.database.db, { quantity: 100, minimum: 1 });
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) ids.push((await order(customer, product.id, 2)).json().insertedId);
    expect((await order(customer, product.id, 2)).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${ids[0]}`, headers: customer.headers })).statusCode).toBe(200);
    expect((await order(customer, product.id, 2)).statusCode).toBe(201);
    expect(await stockOf(product.id)).toBe(90);
  });

  it('frees a place when an unpaid order is paid', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const product = await insertProduct(t.database.db, { quantity: 100, minimum: 1 });
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) ids.push((await order(customer, product.id, 1)).json().insertedId);
    expect((await order(customer, product.id, 1)).statusCode).toBe(409);
    const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: customer.headers, payload: { orderId: ids[0] } });
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm',
      headers: customer.headers,
      payload: { clientSecret: intent.json().clientSecret, card: { number: '4242424242424242', expiry: '12/34', cvc: '123' } },
    });
    const marked = await t.app.inject({ method: 'PATCH', url: `/api/orders/${ids[0]}`, headers: customer.headers, payload: { transactionID: paid.json().id } });
    expect(marked.statusCode).toBe(200);
    expect((await order(customer, product.id, 1)).statusCode).toBe(201);
  });

  it('limits how fast one account places orders: 20 a minute, counted in the order statement itself', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const product = await insertProduct(t.database.db, { quantity: 100, minimum: 1 });
    // Placing and cancelling at once never holds stock, yet each placement counts.
    for (let index = 0; index < 20; index++) {
      const placed = await order(customer, product.id, 1);
      expect(placed.statusCode).toBe(201);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${placed.json().insertedId}`, headers: customer.headers })).statusCode).toBe(200);
    }
    const refused = await order(customer, product.id, 1);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
    expect(await stockOf(product.id)).toBe(100);
    // Another account is not slowed by this one.
    expect((await order(await insertSignedInUser(t.database.db), product.id, 1)).statusCode).toBe(201);
    // Unauthenticated attempts are refused before any counter is written.
    const counters = async () => [
      await t.database.db.selectFrom('rate_limits').select('key').orderBy('key').execute(),
      await t.database.db.selectFrom('unpaid_holds').selectAll().orderBy('user_id').execute(),
    ];
    const before = await counters();
    for (let index = 0; index < 30; index++) {
      const answer = await t.app.inject({ method: 'POST', url: '/api/orders', headers: { authorization: `Bearer ${'x'.repeat(40 + index)}` }, payload: {} });
      expect(answer.statusCode).toBe(401);
    }
    expect(await counters()).toEqual(before);
  });
});

describe('what each account holds', () => {
  it('matches the orders waiting for payment, account by account, after every place, pay and cancel above', async () => {
    const db = t.database.db;
    const waiting = await db
      .selectFrom('orders')
      .select((eb) => ['user_id', eb.fn.countAll<number>().as('orders'), eb.fn.sum<number>('quantity').as('units')])
      .where('status', '=', 'waiting')
      .groupBy('user_id')
      .execute();
    const holds = await db.selectFrom('unpaid_holds').selectAll().where('orders', '>', 0).execute();
    const byUser = (rows: Array<{ user_id: string; orders: number | string; units: number | string | null }>) =>
      Object.fromEntries(rows.map((row) => [row.user_id, [Number(row.orders), Number(row.units)]]));
    expect(waiting.length).toBeGreaterThan(3);
    expect(byUser(holds)).toEqual(byUser(waiting));
  });
});

describe('order totals', () => {
  it('refuses an order whose total is above what one order may carry, on both databases, with nothing taken', async () => {
    const customer = await insertSignedInUser(t.database.db);
    // $1,000,000.00 a piece is the highest price; 22 of them would pass a 32-bit column.
    const product = await insertProduct(t.database.db, { quantity: 100, minimum: 1, price_cents: 100_000_000 });
    const answer = await order(customer, product.id, 22);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error.fieldErrors).toEqual({ quantity: [purchaseMessages.totalTooLarge] });
    expect(await stockOf(product.id)).toBe(100);
    expect(await waitingOf(customer.id)).toBe(0);
  });

  it('accepts the largest total exactly', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const product = await insertProduct(t.database.db, { quantity: 10, minimum: 1, price_cents: MAX_ORDER_TOTAL_CENTS });
    const answer = await order(customer, product.id, 1);
    expect(answer.statusCode).toBe(201);
    const row = await t.database.db.selectFrom('orders').select('total_cents').where('id', '=', answer.json().insertedId).executeTakeFirstOrThrow();
    expect(Number(row.total_cents)).toBe(MAX_ORDER_TOTAL_CENTS);
  });
});

describe('removed accounts stay gone', () => {
  it('whoever signs up a removed customer\'s address sees none of their orders, and their unpaid stock is back once', async () => {
    const admin = await insertSignedInUser(t.database.db, { role: 'admin' });
    const email = `removed-${Date.now()}@example.com`;
    const original = await createUser(t.app, t.database.db, { email, name: 'Original Owner' });
    const product = await insertProduct(t.database.db, { quantity: 40, minimum: 1 });
    const placed = await order(original, product.id, 15);
    expect(placed.statusCode).toBe(201);
    expect(await stockOf(product.id)).toBe(25);

    const removal = await t.app.inject({ method: 'DELETE', url: `/api/user/admin/${email}`, headers: admin.headers });
    expect(removal.statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(40);
    const cancelled = await t.database.db.selectFrom('orders').select('status').where('id', '=', placed.json().insertedId).executeTakeFirstOrThrow();
    expect(cancelled.status).toBe('cancelled');
    // The order stays the shop's record; its stock came back exactly once.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${placed.json().insertedId}`, headers: admin.headers })).statusCode).toBe(409);
    expect(await stockOf(product.id)).toBe(40);

    const squatter = await createUser(t.app, t.database.db, { email, name: 'Someone Else' });
    const mine = await t.app.inject({ url: `/api/orders/${email}`, headers: squatter.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([]);
    for (const spelling of [email.toUpperCase(), ` ${email}`, encodeURIComponent(email)]) {
      const answer = await t.app.inject({ url: `/api/orders/${encodeURIComponent(spelling)}`, headers: squatter.headers });
      expect(answer.statusCode === 200 ? answer.json() : [], spelling).toEqual([]);
    }
    const order1 = await t.app.inject({ url: `/api/specificorders/${placed.json().insertedId}`, headers: squatter.headers });
    expect(order1.statusCode).toBe(403);
    // The admin asking by that address sees the new account's orders too: none.
    expect((await t.app.inject({ url: `/api/orders/${email}`, headers: admin.headers })).json()).toEqual([]);
  });

  it('a removed account\'s token places nothing, even an order already on its way', async () => {
    const admin = await insertSignedInUser(t.database.db, { role: 'admin' });
    const customer = await createUser(t.app, t.database.db);
    const product = await insertProduct(t.database.db, { quantity: 30, minimum: 1 });
    const [placed, removed] = await Promise.all([
      order(customer, product.id, 10),
      t.app.inject({ method: 'DELETE', url: `/api/user/admin/${customer.email}`, headers: admin.headers }),
    ]);
    expect(removed.statusCode).toBe(200);
    expect([201, 401]).toContain(placed.statusCode);
    // Whichever came first, no unpaid order of the removed account holds stock.
    expect(await stockOf(product.id)).toBe(30);
    expect((await order(customer, product.id, 1)).statusCode).toBe(401);
  });
});
