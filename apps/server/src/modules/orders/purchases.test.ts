import { type Order, type Purchase, purchaseShippingMessages, shippingMessages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';
import { mailsTo as outboxMailsTo, waitFor } from '../../test/outbox.js';
import { DELIVERY, payWithTestCard } from '../../test/purchases.js';

let t: TestApp;
type Caller = Awaited<ReturnType<typeof insertSignedInUser>>;
let admin: Caller;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SCALE: '10' });
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
});
afterAll(async () => t.close());

const PARTS = [
  { name: 'Engine oil 10W-40 4L', price_cents: 4199, quantity: 1 },
  { name: 'Oil filter HF204', price_cents: 899, quantity: 2 },
  { name: 'Spark plug CR9EK', price_cents: 1050, quantity: 4 },
];

const getPurchase = (id: string, caller: Caller | null) => t.app.inject({ url: `/api/purchases/${id}`, ...(caller ? { headers: caller.headers } : {}) });
const shipPurchase = (id: string, payload?: object, caller: Caller = admin) =>
  t.app.inject({ method: 'POST', url: `/api/purchases/${id}/ship`, headers: caller.headers, ...(payload ? { payload } : {}) });
const myOrders = async (customer: Caller): Promise<Order[]> => (await t.app.inject({ url: `/api/orders/${customer.email}`, headers: customer.headers })).json();
const mailsTo = (customer: Caller) => outboxMailsTo(t.app.config.mail.outboxDir, customer.email);
/** Waits until every email queued for these lines has left the outbox. */
const outboxEmptied = (orderIds: string[]) =>
  waitFor(async () => (await t.database.db.selectFrom('order_mail_outbox').select('id').where('order_id', 'in', orderIds).execute()).length === 0);

/** A customer's checkout of three parts, placed (and paid unless told otherwise): its id and its lines' ids in number order. */
async function checkout({ paid = true } = {}) {
  const customer = await insertSignedInUser(t.database.db);
  const parts = await Promise.all(PARTS.map(({ name, price_cents }) => insertProduct(t.database.db, { name, price_cents, minimum: 1, quantity: 20 })));
  await t.app.inject({ method: 'PUT', url: '/api/cart', headers: customer.headers, payload: { lines: parts.map((part, n) => ({ productId: part.id, quantity: PARTS[n]!.quantity })) } });
  const placed = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: customer.headers, payload: DELIVERY });
  expect(placed.statusCode).toBe(201);
  const { checkoutId, orderIds } = placed.json() as { checkoutId: string; orderIds: string[] };
  if (paid) await payWithTestCard(t.app, customer, { checkoutId }, orderIds[0]!);
  const lines = (await myOrders(customer)).filter((order) => order.purchaseId === checkoutId).sort((a, b) => a.number - b.number);
  return { customer, checkoutId, lines };
}

describe('placing a purchase', () => {
  it('writes a one-part order and a checkout alike: the purchase and its total, its lines, the stock, and the account’s and the address’s holds', async () => {
    const { db } = t.database;
    const customer = await insertSignedInUser(db);
    const oil = await insertProduct(db, { name: 'Engine oil 10W-40 4L', price_cents: 4199, minimum: 1, quantity: 20 });
    const filter = await insertProduct(db, { name: 'Oil filter HF204', price_cents: 899, minimum: 1, quantity: 20 });

    const ordered = await t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.headers, payload: { productId: oil.id, quantity: 2, ...DELIVERY } });
    expect(ordered.statusCode).toBe(201);
    const orderId: string = ordered.json().insertedId;
    await t.app.inject({ method: 'PUT', url: '/api/cart', headers: customer.headers, payload: { lines: [{ productId: filter.id, quantity: 3 }, { productId: oil.id, quantity: 1 }] } });
    const checkedOut = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: customer.headers, payload: DELIVERY });
    expect(checkedOut.statusCode).toBe(201);
    const { checkoutId } = checkedOut.json() as { checkoutId: string };

    const purchases = await db.selectFrom('purchases').selectAll().where('user_id', '=', customer.id).execute();
    const purchase = (id: string) => purchases.find((found) => found.id === id)!;
    expect(purchases).toHaveLength(2);
    for (const [id, total] of [[orderId, 2 * 4199], [checkoutId, 3 * 899 + 4199]] as const) {
      expect({ ...purchase(id), total_cents: Number(purchase(id).total_cents) }).toMatchObject({ status: 'waiting', total_cents: total, customer_name: customer.name, email: customer.email, ...DELIVERY });
    }
    const lines = await db.selectFrom('orders').select(['id', 'purchase_id', 'product_id', 'tool_name', 'unit_price_cents', 'quantity', 'total_cents', 'number']).where('user_id', '=', customer.id).orderBy('number').execute();
    expect(lines.map(({ number: _number, ...line }) => line)).toEqual([
      { id: orderId, purchase_id: orderId, product_id: oil.id, tool_name: 'Engine oil 10W-40 4L', unit_price_cents: 4199, quantity: 2, total_cents: 8398 },
      { id: expect.any(String), purchase_id: checkoutId, product_id: filter.id, tool_name: 'Oil filter HF204', unit_price_cents: 899, quantity: 3, total_cents: 2697 },
      { id: expect.any(String), purchase_id: checkoutId, product_id: oil.id, tool_name: 'Engine oil 10W-40 4L', unit_price_cents: 4199, quantity: 1, total_cents: 4199 },
    ]);
    expect(lines[2]!.number - lines[1]!.number).toBe(1);

    const stock = await db.selectFrom('products').select(['id', 'quantity']).where('id', 'in', [oil.id, filter.id]).execute();
    expect(Object.fromEntries(stock.map((part) => [part.id, part.quantity]))).toEqual({ [oil.id]: 17, [filter.id]: 17 });
    expect(await db.selectFrom('unpaid_holds').select(['orders', 'units']).where('user_id', '=', customer.id).executeTakeFirst()).toEqual({ orders: 2, units: 6 });
    const held = await db
      .selectFrom('unpaid_address_holds')
      .select(['product_id', 'units'])
      .where('address', '=', purchase(orderId).client_address!)
      .where('product_id', 'in', [oil.id, filter.id])
      .execute();
    expect(Object.fromEntries(held.map((row) => [row.product_id, row.units]))).toEqual({ [oil.id]: 3, [filter.id]: 3 });
  });
});

describe('GET /api/purchases/{id}', () => {
  it('answers its owner and an admin the purchase with its one number and every line; anyone else as for an unknown id', async () => {
    const { customer, checkoutId, lines } = await checkout();
    const first = lines[0]!.number;

    const owned = await getPurchase(checkoutId, customer);
    expect(owned.statusCode).toBe(200);
    const purchase = owned.json() as Purchase;
    expect(purchase).toMatchObject({
      _id: checkoutId,
      number: first,
      status: 'paid',
      total: 41.99 + 17.98 + 42,
      customerName: customer.name,
      email: customer.email,
      location: DELIVERY.location,
      phone: DELIVERY.phone,
    });
    expect(purchase.paidAt).toEqual(expect.any(String));
    expect(purchase.lines.map((line) => [line.toolName, line.quantity, line.purchaseNumber, line.status])).toEqual([
      ['Engine oil 10W-40 4L', 1, first, 'paid'],
      ['Oil filter HF204', 2, first, 'paid'],
      ['Spark plug CR9EK', 4, first, 'paid'],
    ]);
    expect((await getPurchase(checkoutId, admin)).json()).toEqual(purchase);

    const other = await insertSignedInUser(t.database.db);
    const refused = await getPurchase(checkoutId, other);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe('Order was not found');
    expect((await getPurchase('f'.repeat(24), customer)).statusCode).toBe(404);
    expect((await getPurchase(checkoutId, null)).statusCode).toBe(401);
    expect((await getPurchase('not an id', customer)).statusCode).toBe(400);
  });

  it('names a one-part order’s purchase by the order’s own number, on every order answer', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const part = await insertProduct(t.database.db, { price_cents: 500, minimum: 1, quantity: 10 });
    const placed = await t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.headers, payload: { productId: part.id, quantity: 2, ...DELIVERY } });
    const orderId: string = placed.json().insertedId;
    const [order] = await myOrders(customer);
    expect(order).toMatchObject({ _id: orderId, purchaseId: orderId, purchaseNumber: order!.number });
    expect((await t.app.inject({ url: `/api/specificorders/${orderId}`, headers: customer.headers })).json()).toMatchObject({ purchaseNumber: order!.number });
    const purchase = (await getPurchase(orderId, customer)).json() as Purchase;
    expect(purchase).toMatchObject({ _id: orderId, number: order!.number, status: 'waiting', total: 10, paidAt: null });
    expect(purchase.lines).toHaveLength(1);

    const { lines } = await checkout({ paid: false });
    const listed = (await t.app.inject({ url: `/api/allorders?q=%23${lines[2]!.number}`, headers: admin.headers })).json() as Order[];
    expect(listed.map((line) => [line.number, line.purchaseNumber])).toEqual([[lines[2]!.number, lines[0]!.number]]);
  });
});

describe('POST /api/purchases/{id}/ship', () => {
  it('ships every line as one parcel with one tracking number, and sends one email listing them with the carrier’s tracking page', async () => {
    const { customer, checkoutId, lines } = await checkout();
    const answer = await shipPurchase(checkoutId, { carrier: 'DHL', trackingNumber: 'JD0146 0000 1234' });
    expect(answer.statusCode).toBe(200);
    const purchase = answer.json() as Purchase;
    expect(purchase.lines.map((line) => [line.status, line.carrier, line.trackingNumber, line.shift])).toEqual(lines.map(() => ['shipped', 'DHL', 'JD0146 0000 1234', true]));

    await outboxEmptied(lines.map((line) => line._id));
    const shipped = mailsTo(customer).filter((mail) => mail.includes('is on its way'));
    expect(shipped).toHaveLength(1);
    const mail = shipped[0]!;
    expect(mail).toContain(`Your order #${lines[0]!.number} is on its way`);
    expect(mail).toContain('1 x Engine oil 10W-40 4L at $41.99 = $41.99');
    expect(mail).toContain('2 x Oil filter HF204 at $8.99 = $17.98');
    expect(mail).toContain('4 x Spark plug CR9EK at $10.50 = $42.00');
    expect(mail).toContain('Carrier: DHL\nTracking number: JD0146 0000 1234\nTrack your parcel: https://www.dhl.com/global-en/home/tracking.html?submit=1&tracking-id=JD014600001234');
    expect(mail).not.toContain('travel separately');
    for (const other of lines.slice(1)) expect(mail).not.toContain(`#${other.number}`);

    // Nothing is left to ship: a clear refusal, and nothing changes.
    const again = await shipPurchase(checkoutId, { carrier: 'UPS' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(purchaseShippingMessages.nothingToShip);
    expect((await getPurchase(checkoutId, admin)).json().lines.map((line: Order) => line.carrier)).toEqual(['DHL', 'DHL', 'DHL']);
  });

  it('ships the rest of a purchase one line of which left alone, and says the other parts travel separately', async () => {
    const { customer, checkoutId, lines } = await checkout();
    expect((await t.app.inject({ method: 'PATCH', url: `/api/shiftorders/${lines[0]!._id}`, headers: admin.headers })).statusCode).toBe(200);
    const answer = await shipPurchase(checkoutId, { carrier: 'UPS', trackingNumber: '1Z 999' });
    expect((answer.json() as Purchase).lines.map((line) => [line.status, line.trackingNumber])).toEqual([
      ['shipped', null],
      ['shipped', '1Z 999'],
      ['shipped', '1Z 999'],
    ]);
    await outboxEmptied(lines.map((line) => line._id));
    const shipped = mailsTo(customer).filter((mail) => mail.includes('is on its way'));
    expect(shipped).toHaveLength(2);
    expect(shipped[0]).toContain('1 x Engine oil 10W-40 4L');
    expect(shipped[0]).not.toContain('Oil filter');
    expect(shipped[1]).toContain('2 x Oil filter HF204 at $8.99 = $17.98\n4 x Spark plug CR9EK at $10.50 = $42.00\nTotal: $59.98');
    expect(shipped[1]).toContain('Track your parcel: https://www.ups.com/track?tracknum=1Z999\nThe other parts of your order travel separately.');
  });

  it('ships once when two admins ship the same purchase at once', async () => {
    const { customer, checkoutId, lines } = await checkout();
    const other = await insertSignedInUser(t.database.db, { role: 'admin' });
    const shippedCount = async () => Number((await t.database.db.selectFrom('order_status_days').select((eb) => eb.fn.sum<number>('shipped').as('shipped')).executeTakeFirstOrThrow()).shipped);
    const before = await shippedCount();
    const answers = await Promise.all([shipPurchase(checkoutId, { trackingNumber: 'A1' }), shipPurchase(checkoutId, { trackingNumber: 'B2' }, other)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const purchase = (await getPurchase(checkoutId, admin)).json() as Purchase;
    const tracking = new Set(purchase.lines.map((line) => line.trackingNumber));
    expect(tracking.size).toBe(1);
    expect(purchase.lines.every((line) => line.status === 'shipped')).toBe(true);
    // Each line counted shipped once in the orders by status.
    expect((await shippedCount()) - before).toBe(3);
    await outboxEmptied(lines.map((line) => line._id));
    expect(mailsTo(customer).filter((mail) => mail.includes('is on its way'))).toHaveLength(1);
  });

  it('leaves a refunded line as it is and ships the rest, with one email for the parcel', async () => {
    const { customer, checkoutId, lines } = await checkout();
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${lines[1]!._id}/refund`, headers: admin.headers })).statusCode).toBe(200);
    const answer = await shipPurchase(checkoutId, { carrier: 'Bob’s Vans', trackingNumber: 'BV-7' });
    expect(answer.statusCode).toBe(200);
    expect((answer.json() as Purchase).lines.map((line) => [line.status, line.trackingNumber])).toEqual([
      ['shipped', 'BV-7'],
      ['refunded', null],
      ['shipped', 'BV-7'],
    ]);
    await outboxEmptied(lines.map((line) => line._id));
    const mail = mailsTo(customer).find((text) => text.includes('is on its way'))!;
    expect(mail).toContain('1 x Engine oil 10W-40 4L');
    expect(mail).toContain('4 x Spark plug CR9EK');
    expect(mail).not.toContain('Oil filter HF204');
    // The refunded line travels in no parcel: this one is the whole order.
    expect(mail).toContain('Tracking number: BV-7\n\nMoto Parts');
    // An unknown carrier has no tracking page.
    expect(mail).not.toContain('Track your parcel');
    // The refund's email names the purchase too.
    expect(mailsTo(customer).some((text) => text.includes(`A part of your order #${lines[0]!.number} is refunded`))).toBe(true);
  });

  it('refuses an unpaid, a cancelled and an unknown purchase, a shipment field too long, and anyone but an admin', async () => {
    const unpaid = await checkout({ paid: false });
    const refused = await shipPurchase(unpaid.checkoutId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Only paid orders can be shipped');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${unpaid.lines[0]!._id}`, headers: unpaid.customer.headers })).statusCode).toBe(200);
    expect((await shipPurchase(unpaid.checkoutId)).json().error.message).toBe('A cancelled order cannot be shipped');
    expect((await shipPurchase('e'.repeat(24))).statusCode).toBe(404);

    const { customer, checkoutId } = await checkout();
    const long = await shipPurchase(checkoutId, { carrier: 'x'.repeat(500) });
    expect(long.statusCode).toBe(422);
    expect(long.json().error.fieldErrors).toEqual({ carrier: [shippingMessages.carrierTooLong] });
    expect((await shipPurchase(checkoutId, undefined, customer)).statusCode).toBe(403);
    expect((await getPurchase(checkoutId, admin)).json().lines.map((line: Order) => line.status)).toEqual(['paid', 'paid', 'paid']);
  });
});

describe('a purchase’s emails', () => {
  it('name the purchase by its one number from placing to payment', async () => {
    const { customer, lines } = await checkout();
    await outboxEmptied(lines.map((line) => line._id));
    const subjects = mailsTo(customer).map((mail) => /^Subject: (.*)$/m.exec(mail)?.[1]);
    expect(subjects).toEqual([`Your Moto Parts order #${lines[0]!.number} is waiting for payment`, `Payment received for order #${lines[0]!.number}`]);
  });
});
