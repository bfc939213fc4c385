import { type Order, shippingMessages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';
import { mailsTo as outboxMailsTo, waitFor } from '../../test/outbox.js';
import { DELIVERY, payWithTestCard, selectOrders, VISA } from '../../test/purchases.js';

let t: TestApp;
type Caller = Awaited<ReturnType<typeof insertSignedInUser>>;
type Part = Awaited<ReturnType<typeof insertProduct>>;
let admin: Caller;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SCALE: '10' });
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
});
afterAll(async () => t.close());

/** Stripe's test card that pays, and whose refunds fail. */
const CLOSED_SINCE = { number: '4000 0000 0000 5126', expiry: '12/34', cvc: '123' };

const stockOf = async (part: Part) => (await t.database.db.selectFrom('products').select('quantity').where('id', '=', part.id).executeTakeFirstOrThrow()).quantity;
const orderRow = (id: string) => selectOrders(t.database.db).where('orders.id', '=', id).executeTakeFirstOrThrow();
const refundsOf = (intentId: string) => t.database.db.selectFrom('test_refunds').select(['amount_cents', 'status']).where('intent_id', '=', intentId).execute();
const refund = (id: string, caller: Caller = admin) => t.app.inject({ method: 'POST', url: `/api/orders/${id}/refund`, headers: caller.headers });
const ship = (id: string, payload?: object) => t.app.inject({ method: 'PATCH', url: `/api/shiftorders/${id}`, headers: admin.headers, ...(payload ? { payload } : {}) });
const myOrders = async (customer: Caller): Promise<Order[]> => (await t.app.inject({ url: `/api/orders/${customer.email}`, headers: customer.headers })).json();
const mailsTo = (customer: Caller) => outboxMailsTo(t.app.config.mail.outboxDir, customer.email);

const pay = (customer: Caller, paysFor: { orderId: string } | { checkoutId: string }, firstOrderId: string, card = VISA) => payWithTestCard(t.app, customer, paysFor, firstOrderId, card);

/** A customer's paid one-part order of `quantity` pieces of a part priced $12.50. */
async function paidOrder(card = VISA, quantity = 3) {
  const customer = await insertSignedInUser(t.database.db);
  const part = await insertProduct(t.database.db, { name: 'Chain kit 520', price_cents: 1250, minimum: 1, quantity: 10 });
  const placed = await t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.headers, payload: { productId: part.id, quantity, ...DELIVERY } });
  expect(placed.statusCode).toBe(201);
  const orderId: string = placed.json().insertedId;
  const intentId = await pay(customer, { orderId }, orderId, card);
  return { customer, part, orderId, intentId };
}

describe('refunds', () => {
  it('gives a paid order’s amount back to the card, shows it refunded, puts its stock back once and emails the customer', async () => {
    const { customer, part, orderId, intentId } = await paidOrder();
    expect(await stockOf(part)).toBe(7);

    const answer = await refund(orderId);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().orders).toEqual([expect.objectContaining({ _id: orderId, status: 'refunded' })]);
    expect(await stockOf(part)).toBe(10);
    expect(await refundsOf(intentId)).toEqual([{ amount_cents: 3750, status: 'succeeded' }]);
    expect((await myOrders(customer)).find((order) => order._id === orderId)).toMatchObject({ status: 'refunded', paid: true, shift: false });
    await waitFor(() => mailsTo(customer).some((mail) => mail.includes('is refunded')));
    expect(mailsTo(customer).find((mail) => mail.includes('is refunded'))).toContain('We refunded $37.50 to the card you paid with');

    // A second refund changes nothing: no second provider refund, no second restock.
    const again = await refund(orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This order was already refunded');
    expect(await stockOf(part)).toBe(10);
    expect(await refundsOf(intentId)).toHaveLength(1);
    // Nor can it be shipped any more.
    expect((await ship(orderId)).json().error.message).toBe('A refunded order cannot be shipped');
  });

  it('refuses an unpaid, a shipped, a cancelled and an unknown order, changing nothing', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const part = await insertProduct(t.database.db, { price_cents: 500, minimum: 1, quantity: 10 });
    const place = async () => (await t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.headers, payload: { productId: part.id, quantity: 1, ...DELIVERY } })).json().insertedId as string;
    const unpaid = await place();
    const cancelled = await place();
    await t.app.inject({ method: 'DELETE', url: `/api/orders/${cancelled}`, headers: customer.headers });
    const shipped = (await paidOrder()).orderId;
    expect((await ship(shipped)).statusCode).toBe(200);
    const stock = await stockOf(part);

    for (const [id, message] of [
      [unpaid, 'Only a paid order can be refunded'],
      [cancelled, 'A cancelled order cannot be refunded'],
      [shipped, 'A shipped order cannot be refunded'],
    ] as const) {
      const answer = await refund(id);
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.message).toBe(message);
    }
    expect((await refund('f'.repeat(24))).statusCode).toBe(404);
    expect([(await orderRow(unpaid)).status, (await orderRow(cancelled)).status, (await orderRow(shipped)).status]).toEqual(['waiting', 'cancelled', 'shipped']);
    expect(await stockOf(part)).toBe(stock);
  });

  it('makes one refund when several admins refund the same order at once', async () => {
    const { part, orderId, intentId } = await paidOrder();
    const admins = await Promise.all(Array.from({ length: 4 }, () => insertSignedInUser(t.database.db, { role: 'admin' })));
    const answers = await Promise.all([...admins, admin, ...admins].map((caller) => refund(orderId, caller)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(8);
    expect(await refundsOf(intentId)).toHaveLength(1);
    expect(await stockOf(part)).toBe(10);
    expect((await orderRow(orderId)).status).toBe('refunded');
  });

  it('leaves the order paid and says why when the provider declines the refund', async () => {
    const { part, orderId, intentId } = await paidOrder(CLOSED_SINCE);
    const answer = await refund(orderId);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error).toMatchObject({ code: 'REFUND_DECLINED', message: 'The payment provider declined the refund: expired_or_canceled_card. The order stays paid.' });
    expect((await orderRow(orderId)).status).toBe('paid');
    expect(await stockOf(part)).toBe(7);
    expect(await refundsOf(intentId)).toEqual([{ amount_cents: 3750, status: 'failed' }]);
    // Nothing is held: the order can be shipped as usual.
    expect((await ship(orderId)).statusCode).toBe(200);
  });

  it('refunds one line of a checkout by its own amount, then the rest of the checkout, never more than was paid', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const parts = await Promise.all(
      [1999, 850, 300].map((price_cents, n) => insertProduct(t.database.db, { name: `Service part ${n}`, price_cents, minimum: 1, quantity: 10 })),
    );
    await t.app.inject({ method: 'PUT', url: '/api/cart', headers: customer.headers, payload: { lines: parts.map((part, n) => ({ productId: part.id, quantity: n + 1 })) } });
    const { checkoutId, orderIds } = (await t.app.inject({ method: 'POST', url: '/api/checkout', headers: customer.headers, payload: DELIVERY })).json();
    const intentId = await pay(customer, { checkoutId }, orderIds[0]);
    // The admin ships the third line before anyone asks for money back.
    expect((await ship(orderIds[2])).statusCode).toBe(200);

    expect((await refund(orderIds[1])).statusCode).toBe(200);
    expect(await refundsOf(intentId)).toEqual([{ amount_cents: 1700, status: 'succeeded' }]);
    expect((await myOrders(customer)).map((order) => [order.number, order.status])).toEqual(
      expect.arrayContaining([
        [expect.any(Number), 'paid'],
        [expect.any(Number), 'refunded'],
        [expect.any(Number), 'shipped'],
      ]),
    );

    const whole = await t.app.inject({ method: 'POST', url: `/api/checkouts/${checkoutId}/refund`, headers: admin.headers });
    expect(whole.statusCode).toBe(200);
    expect(whole.json().orders.map((order: { _id: string }) => order._id)).toEqual([orderIds[0]]);
    expect((await refundsOf(intentId)).map((row) => row.amount_cents).sort()).toEqual([1700, 1999]);
    expect(await Promise.all(parts.map(stockOf))).toEqual([10, 10, 7]);

    const nothingLeft = await t.app.inject({ method: 'POST', url: `/api/checkouts/${checkoutId}/refund`, headers: admin.headers });
    expect(nothingLeft.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: `/api/checkouts/${'e'.repeat(24)}/refund`, headers: admin.headers })).statusCode).toBe(404);
  });
});

describe('shipping with a carrier and a tracking number', () => {
  it('shows the tracking number in My Orders and in the shipping email', async () => {
    const { customer, orderId } = await paidOrder();
    const answer = await ship(orderId, { carrier: ' Royal Mail ', trackingNumber: 'RM 1234 5678 5GB' });
    expect(answer.statusCode).toBe(200);
    expect((await myOrders(customer)).find((order) => order._id === orderId)).toMatchObject({ status: 'shipped', carrier: 'Royal Mail', trackingNumber: 'RM 1234 5678 5GB' });
    await waitFor(() => mailsTo(customer).some((mail) => mail.includes('is on its way')));
    const mail = mailsTo(customer).find((text) => text.includes('is on its way'))!;
    expect(mail).toContain('Carrier: Royal Mail');
    expect(mail).toContain('Tracking number: RM 1234 5678 5GB');
  });

  it('refuses a tracking number too long or with markup, and ships without one as SPEC’s call does', async () => {
    const { customer, orderId } = await paidOrder();
    const long = await ship(orderId, { trackingNumber: '1'.repeat(500) });
    expect(long.statusCode).toBe(422);
    expect(long.json().error.fieldErrors).toEqual({ trackingNumber: [shippingMessages.trackingTooLong] });
    const markup = await ship(orderId, { trackingNumber: '<script>alert(1)</script>' });
    expect(markup.statusCode).toBe(422);
    expect(markup.json().error.fieldErrors).toEqual({ trackingNumber: [shippingMessages.trackingCharacters] });
    expect((await orderRow(orderId)).status).toBe('paid');

    expect((await ship(orderId)).statusCode).toBe(200);
    expect((await myOrders(customer)).find((order) => order._id === orderId)).toMatchObject({ status: 'shipped', carrier: null, trackingNumber: null });
  });

  it('waits for a refund under way before shipping', async () => {
    const { orderId } = await paidOrder();
    await t.database.db.updateTable('orders').set({ refund_claimed_until: new Date(Date.now() + 60_000).toISOString() }).where('id', '=', orderId).execute();
    const answer = await ship(orderId);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.message).toBe('A refund of this order is under way, so it cannot be shipped');
    // A claim that ran out (an instance that stopped mid-refund) holds nothing.
    await t.database.db.updateTable('orders').set({ refund_claimed_until: new Date(Date.now() - 1000).toISOString() }).where('id', '=', orderId).execute();
    expect((await ship(orderId)).statusCode).toBe(200);
  });
});
