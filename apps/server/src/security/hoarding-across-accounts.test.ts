import { purchaseMessages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../test/factories.js';
import { DELIVERY, payWithTestCard } from '../test/purchases.js';

/**
 * Accounts are cheap: whatever their number, the accounts of one client address together hold
 * no more unpaid pieces of a part than UNPAID_PART_UNITS_PER_ADDRESS (decision 020), through a
 * one-part order or a checkout, and however many of them order at the same moment.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ UNPAID_ORDERS_PER_ACCOUNT: '5', UNPAID_UNITS_PER_ACCOUNT: '100', UNPAID_PART_UNITS_PER_ADDRESS: '100' });
});
afterAll(async () => t.close());

type Customer = Awaited<ReturnType<typeof insertSignedInUser>>;
const order = (customer: Customer, productId: string, quantity: number, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.headers, remoteAddress, payload: { productId, quantity, ...DELIVERY } });
const stockOf = async (id: string) => (await t.database.db.selectFrom('products').select('quantity').where('id', '=', id).executeTakeFirstOrThrow()).quantity;
const customers = (count: number) => Promise.all(Array.from({ length: count }, () => insertSignedInUser(t.database.db, { verified: false })));
const refusedForTheAddress = { code: 'TOO_MANY_UNPAID_ORDERS', fieldErrors: { quantity: [purchaseMessages.partHeldFromAddress(100)] } };

describe('unpaid pieces of a part per client address', () => {
  it("five new accounts from one address, ordering at once, hold no more than one customer may; other addresses still buy", async () => {
    const part = await insertProduct(t.database.db, { quantity: 500, minimum: 1 });
    const hoarders = await customers(5);
    const answers = await Promise.all(hoarders.map((hoarder) => order(hoarder, part.id, 100, '203.0.113.7')));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().error).toMatchObject(refusedForTheAddress);
    expect(await stockOf(part.id)).toBe(400);

    // Customers elsewhere buy as before, and another part is not held back.
    const [elsewhere, other] = await customers(2);
    expect((await order(elsewhere!, part.id, 100, '198.51.100.9')).statusCode).toBe(201);
    expect((await order(other!, part.id, 100, '192.0.2.44')).statusCode).toBe(201);
    // One of the refused accounts (the one that placed holds its own 100 unpaid pieces, all its account may).
    const anotherPart = await insertProduct(t.database.db, { quantity: 50, minimum: 1 });
    const refused = hoarders[answers.findIndex((answer) => answer.statusCode === 409)]!;
    expect((await order(refused, anotherPart.id, 50, '203.0.113.7')).statusCode).toBe(201);
    expect(await stockOf(part.id)).toBe(200);
  });

  it('counts an IPv6 address by its /64, as the rate limits do', async () => {
    const part = await insertProduct(t.database.db, { quantity: 500, minimum: 1 });
    const [first, second] = await customers(2);
    expect((await order(first!, part.id, 60, '2001:db8:7:1::10')).statusCode).toBe(201);
    const refused = await order(second!, part.id, 41, '2001:db8:7:1:ffff::2');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject(refusedForTheAddress);
    expect((await order(second!, part.id, 40, '2001:db8:7:1:ffff::2')).statusCode).toBe(201);
    expect(await stockOf(part.id)).toBe(400);
  });

  it("holds a checkout's lines to the same rule, naming the part, and frees the pieces once an order is paid or cancelled", async () => {
    const part = await insertProduct(t.database.db, { name: 'Chain kit 520', quantity: 500, minimum: 1 });
    const washer = await insertProduct(t.database.db, { name: 'Sump plug washer', quantity: 500, minimum: 1 });
    const [first, second, third] = await customers(3);
    const address = '203.0.113.80';
    const placed = [await order(first!, part.id, 50, address), await order(second!, part.id, 40, address)];
    expect(placed.map((answer) => answer.statusCode)).toEqual([201, 201]);

    const cart = await t.app.inject({
      method: 'PUT',
      url: '/api/cart',
      headers: third!.headers,
      payload: { lines: [{ productId: washer.id, quantity: 5 }, { productId: part.id, quantity: 20 }] },
    });
    expect(cart.statusCode).toBe(200);
    const checkout = () => t.app.inject({ method: 'POST', url: '/api/checkout', headers: third!.headers, remoteAddress: address, payload: DELIVERY });
    const refused = await checkout();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.fieldErrors).toEqual({ 'lines.1.quantity': [`Chain kit 520: ${purchaseMessages.partHeldFromAddress(100)}`] });
    expect([await stockOf(part.id), await stockOf(washer.id)]).toEqual([410, 500]);

    // Paying one order and cancelling the other give the address its pieces back.
    const firstId = placed[0]!.json().insertedId as string;
    await payWithTestCard(t.app, first!, { orderId: firstId }, firstId);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${placed[1]!.json().insertedId}`, headers: second!.headers })).statusCode).toBe(200);
    expect((await checkout()).statusCode).toBe(201);
    expect((await order(second!, part.id, 80, address)).statusCode).toBe(201);
    expect(await stockOf(part.id)).toBe(500 - 50 - 20 - 80);
  });

  it("keeps each address's held pieces equal to its waiting orders after every place, pay and cancel above", async () => {
    const db = t.database.db;
    const waiting = await db
      .selectFrom('orders')
      .innerJoin('purchases', 'purchases.id', 'orders.purchase_id')
      .select((eb) => ['purchases.client_address', 'orders.product_id', eb.fn.sum<number>('orders.quantity').as('units')])
      .where('orders.status', '=', 'waiting')
      .groupBy(['purchases.client_address', 'orders.product_id'])
      .execute();
    const held = await db.selectFrom('unpaid_address_holds').selectAll().where('units', '>', 0).execute();
    const byKey = (rows: Array<{ product_id: string; units: number | string }>, address: (row: never) => string | null) =>
      Object.fromEntries(rows.map((row) => [`${address(row as never)} ${row.product_id}`, Number(row.units)]));
    expect(waiting.length).toBeGreaterThan(5);
    expect(byKey(held, (row: { address: string }) => row.address)).toEqual(byKey(waiting, (row: { client_address: string | null }) => row.client_address));
  });
});
