import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { selectOrders } from '../../test/purchases.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';
import { readOutbox } from '../../test/outbox.js';

let t: TestApp;
type Customer = Awaited<ReturnType<typeof insertSignedInUser>>;
let alice: Customer;
let bob: Customer;
let admin: Customer;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SCALE: '10' });
  alice = await insertSignedInUser(t.database.db, { name: 'Alice' });
  bob = await insertSignedInUser(t.database.db, { name: 'Bob' });
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
});
afterAll(async () => t.close());

const VISA = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const DECLINED = { number: '4000 0000 0000 0002', expiry: '12/34', cvc: '123' };

async function placeOrder(customer: Customer, quantity = 2, priceCents = 2599) {
  const product = await insertProduct(t.database.db, { price_cents: priceCents, quantity: 100, minimum: 1 });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: customer.headers,
    payload: { productId: product.id, quantity, location: 'Leeds', phone: '+44 113 496 0000' },
  });
  return { orderId: response.json().insertedId as string, productId: product.id };
}
const intentFor = (customer: Customer, orderId: string, price?: number) =>
  t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: customer.headers, payload: { orderId, price } });
const confirmCard = (customer: Customer, clientSecret: string, card = VISA) =>
  t.app.inject({ method: 'POST', url: '/api/payments/test/confirm', headers: customer.headers, payload: { clientSecret, card } });
const markPaid = (customer: Customer, orderId: string, transactionID: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/orders/${orderId}`, headers: customer.headers, payload: { order: {}, transactionID } });
const orderRow = (id: string) => selectOrders(t.database.db).where('orders.id', '=', id).executeTakeFirstOrThrow();
const intentRow = (id: string) => t.database.db.selectFrom('test_payment_intents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const waitFor = async (check: () => Promise<boolean>) => {
  for (let attempt = 0; attempt < 50; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('condition not met in time');
};

describe('payment intents', () => {
  it("charges the order's own total whatever price the client sends, and reuses the intent on retry", async () => {
    const { orderId } = await placeOrder(alice, 3, 1999);
    const first = await intentFor(alice, orderId, 0.5);
    expect(first.statusCode).toBe(200);
    const { clientSecret } = first.json();
    const intentId = clientSecret.split('_secret_')[0];
    expect((await intentRow(intentId)).amount_cents).toBe(5997);
    const again = await intentFor(alice, orderId, 59.97);
    expect(again.json().clientSecret).toBe(clientSecret);
    const concurrent = await Promise.all([intentFor(alice, orderId), intentFor(alice, orderId)]);
    expect(new Set(concurrent.map((response) => response.json().clientSecret))).toEqual(new Set([clientSecret]));
  });

  it('answers one intent to the first requests made at the same moment (a double click on Pay)', async () => {
    const orderIds = [];
    for (let index = 0; index < 6; index += 1) orderIds.push((await placeOrder(alice)).orderId);
    const answers = await Promise.all(orderIds.map((orderId) => Promise.all(Array.from({ length: 10 }, () => intentFor(alice, orderId)))));
    for (const responses of answers) {
      expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
      expect(new Set(responses.map((response) => response.json().clientSecret)).size).toBe(1);
    }
  });

  it("refuses another customer's order and unknown orders", async () => {
    const { orderId } = await placeOrder(alice);
    expect((await intentFor(bob, orderId)).statusCode).toBe(403);
    expect((await intentFor(alice, '0123456789abcdef01234567')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { orderId } })).statusCode).toBe(401);
  });

  it('says which provider the payment page talks to', async () => {
    expect((await t.app.inject({ url: '/api/payments/config' })).json()).toEqual({ mode: 'test', publishableKey: null });
  });
});

describe('paying by card in test mode', () => {
  it('pays with 4242, marks the order paid through the webhook even without the client, and mails the customer', async () => {
    const { orderId } = await placeOrder(alice);
    const { clientSecret } = (await intentFor(alice, orderId)).json();
    const confirmed = await confirmCard(alice, clientSecret);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'succeeded', amount: 5198, currency: 'usd' });
    // The customer closed the tab: no PATCH. The provider's event still marks the order paid.
    await waitFor(async () => (await orderRow(orderId)).status === 'paid');
    expect((await orderRow(orderId)).transaction_id).toBe(confirmed.json().id);
    const { number } = await orderRow(orderId);
    await waitFor(async () => readOutbox(t.app.config.mail.outboxDir).some((mail) => mail.includes(`Payment received for order #${number}`)));
    // The client's confirmation arriving afterwards is a harmless no-op.
    const patch = await markPaid(alice, orderId, confirmed.json().id);
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ modifiedCount: 0 });
  });

  it('leaves the order unpaid when the card is declined', async () => {
    const { orderId } = await placeOrder(alice);
    const { clientSecret } = (await intentFor(alice, orderId)).json();
    const declined = await confirmCard(alice, clientSecret, DECLINED);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toMatchObject({ code: 'CARD_DECLINED', message: 'Your card was declined.' });
    const intentId = clientSecret.split('_secret_')[0];
    expect((await markPaid(alice, orderId, intentId)).statusCode).toBe(409);
    expect((await orderRow(orderId)).status).toBe('waiting');
    // The customer can try again with another card.
    expect((await confirmCard(alice, clientSecret)).statusCode).toBe(200);
  });

  it.each([
    [{ number: '4111 1111 1111 1111', expiry: '12/34', cvc: '123' }, 'card.number'],
    [{ number: '4242', expiry: '12/34', cvc: '123' }, 'card.number'],
    [{ number: '4242 4242 4242 4242', expiry: '13/34', cvc: '123' }, 'card.expiry'],
    [{ number: '4242 4242 4242 4242', expiry: '01/20', cvc: '123' }, 'card.expiry'],
    [{ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '1' }, 'card.cvc'],
  ])('refuses card %j and stores no card number', async (card, field) => {
    const { orderId } = await placeOrder(alice);
    const { clientSecret } = (await intentFor(alice, orderId)).json();
    const response = await confirmCard(alice, clientSecret, card);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fieldErrors[field]).toBeDefined();
    const intent = await intentRow(clientSecret.split('_secret_')[0]);
    expect(intent.status).toBe('requires_payment_method');
    expect(intent.card_last4).toBeNull();
    const digits = card.number.replace(/\s/g, '');
    if (digits.length >= 13) expect(JSON.stringify(intent)).not.toContain(digits);
  });

  it("refuses to confirm another customer's payment", async () => {
    const { orderId } = await placeOrder(alice);
    const { clientSecret } = (await intentFor(alice, orderId)).json();
    expect((await confirmCard(bob, clientSecret)).statusCode).toBe(403);
    expect((await confirmCard(alice, 'pi_test_made_up_secret_x')).statusCode).toBe(404);
  });
});

describe('marking an order paid (PATCH /api/orders/:id)', () => {
  it('refuses a made-up intent, an unfinished one, and one that belongs to another order', async () => {
    const { orderId } = await placeOrder(alice);
    expect((await markPaid(alice, orderId, 'pi_test_made_up')).statusCode).toBe(409);
    const { clientSecret } = (await intentFor(alice, orderId)).json();
    const intentId = clientSecret.split('_secret_')[0];
    const unfinished = await markPaid(alice, orderId, intentId);
    expect(unfinished.statusCode).toBe(409);
    expect(unfinished.json().error.message).toBe('The payment has not been completed');

    // Pay a cheap order, then try to use its payment for the expensive one.
    const cheap = await placeOrder(alice, 1, 100);
    const cheapSecret = (await intentFor(alice, cheap.orderId)).json().clientSecret;
    const paid = (await confirmCard(alice, cheapSecret)).json();
    const foreign = await markPaid(alice, orderId, paid.id);
    expect(foreign.statusCode).toBe(409);
    expect((await orderRow(orderId)).status).toBe('waiting');
  });

  it('refuses a payment of a smaller amount than the order total', async () => {
    const { orderId } = await placeOrder(alice, 2, 5000);
    const { clientSecret } = (await intentFor(alice, orderId)).json();
    const intentId = clientSecret.split('_secret_')[0];
    await t.database.db.updateTable('test_payment_intents').set({ amount_cents: 100, status: 'succeeded' }).where('id', '=', intentId).execute();
    const response = await markPaid(alice, orderId, intentId);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('The amount paid does not match the order total');
    expect((await orderRow(orderId)).status).toBe('waiting');
  });

  it("refuses another customer's order", async () => {
    const { orderId } = await placeOrder(alice);
    const { clientSecret } = (await intentFor(alice, orderId)).json();
    const { id } = (await confirmCard(alice, clientSecret)).json();
    expect((await markPaid(bob, orderId, id)).statusCode).toBe(403);
  });

  it('pays once when the confirmation and the webhook arrive together', async () => {
    const { orderId } = await placeOrder(alice);
    const { clientSecret } = (await intentFor(alice, orderId)).json();
    const { id } = (await confirmCard(alice, clientSecret)).json();
    const responses = await Promise.all([markPaid(alice, orderId, id), markPaid(alice, orderId, id), markPaid(alice, orderId, id)]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const row = await orderRow(orderId);
    expect(row.status).toBe('paid');
    expect(row.transaction_id).toBe(id);
  });
});

describe('webhook', () => {
  const post = (payload: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      payload,
    });
  const succeededEvent = (eventId: string, intentId: string, orderId: string) =>
    JSON.stringify({
      id: eventId,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: intentId, object: 'payment_intent', amount: 1, currency: 'usd', metadata: { orderId } } },
    });

  it('refuses an unsigned or altered event, and changes nothing', async () => {
    const { orderId } = await placeOrder(alice);
    const { clientSecret } = (await intentFor(alice, orderId)).json();
    const intentId = clientSecret.split('_secret_')[0];
    await t.database.db.updateTable('test_payment_intents').set({ status: 'succeeded' }).where('id', '=', intentId).execute();
    const payload = succeededEvent('evt_forged_1', intentId, orderId);
    expect((await post(payload)).statusCode).toBe(400);
    const signature = t.app.payments.testMode!.signWebhook(payload);
    const altered = payload.replace('evt_forged_1', 'evt_forged_2');
    const refused = await post(altered, signature);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('BAD_SIGNATURE');
    const wrongKey = signature.replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`);
    expect((await post(payload, wrongKey)).statusCode).toBe(400);
    expect((await orderRow(orderId)).status).toBe('waiting');
  });

  it('processes a signed event once, and a replay is a no-op', async () => {
    const { orderId } = await placeOrder(alice);
    const { clientSecret } = (await intentFor(alice, orderId)).json();
    const intentId = clientSecret.split('_secret_')[0];
    await t.database.db.updateTable('test_payment_intents').set({ status: 'succeeded' }).where('id', '=', intentId).execute();
    const payload = succeededEvent('evt_signed_1', intentId, orderId);
    const signature = t.app.payments.testMode!.signWebhook(payload);
    const first = await post(payload, signature);
    expect(first.json()).toEqual({ received: true, outcome: 'processed' });
    expect((await orderRow(orderId)).status).toBe('paid');
    const replay = await post(payload, signature);
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
  });

  it('does not mark paid on an event for an intent the provider says is not paid', async () => {
    const { orderId } = await placeOrder(alice);
    const { clientSecret } = (await intentFor(alice, orderId)).json();
    const intentId = clientSecret.split('_secret_')[0];
    const payload = succeededEvent('evt_lie_1', intentId, orderId);
    const response = await post(payload, t.app.payments.testMode!.signWebhook(payload));
    expect(response.statusCode).toBe(409);
    expect((await orderRow(orderId)).status).toBe('waiting');
  });
});

describe('order life cycle', () => {
  it('paid -> shipping -> Deliverd; a paid order cannot be cancelled; shipping twice is refused', async () => {
    const { orderId, productId } = await placeOrder(alice, 2);
    const stock = async () => (await t.database.db.selectFrom('products').select('quantity').where('id', '=', productId).executeTakeFirstOrThrow()).quantity;
    const { clientSecret } = (await intentFor(alice, orderId)).json();
    const { id } = (await confirmCard(alice, clientSecret)).json();
    expect((await markPaid(alice, orderId, id)).statusCode).toBe(200);
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/orders/${orderId}`, headers: alice.headers });
    expect(cancel.statusCode).toBe(409);
    expect(await stock()).toBe(98);
    const ship = await t.app.inject({ method: 'PATCH', url: `/api/shiftorders/${orderId}`, headers: admin.headers });
    expect(ship.statusCode).toBe(200);
    const shown = (await t.app.inject({ url: `/api/specificorders/${orderId}`, headers: alice.headers })).json();
    expect(shown).toMatchObject({ paid: true, shift: true, status: 'shipped', transactionId: id });
    expect((await t.app.inject({ method: 'PATCH', url: `/api/shiftorders/${orderId}`, headers: admin.headers })).statusCode).toBe(409);
    const { number } = await orderRow(orderId);
    await waitFor(async () => readOutbox(t.app.config.mail.outboxDir).some((mail) => mail.includes(`Your order #${number} is on its way`)));
  });

  it('a cancel racing a payment never cancels a paid order', async () => {
    const { orderId, productId } = await placeOrder(alice, 1);
    const { clientSecret } = (await intentFor(alice, orderId)).json();
    const [cancel, pay] = await Promise.all([
      t.app.inject({ method: 'DELETE', url: `/api/orders/${orderId}`, headers: alice.headers }),
      confirmCard(alice, clientSecret),
    ]);
    const row = await orderRow(orderId);
    const stock = (await t.database.db.selectFrom('products').select('quantity').where('id', '=', productId).executeTakeFirstOrThrow()).quantity;
    if (pay.statusCode === 200) {
      // The payment won: the cancel was refused and the order ends paid.
      expect(cancel.statusCode).toBe(409);
      await waitFor(async () => (await orderRow(orderId)).status === 'paid');
      expect(stock).toBe(99);
    } else {
      // The cancel won: the payment was refused and nothing was charged.
      expect(cancel.statusCode).toBe(200);
      expect(pay.statusCode).toBe(409);
      expect(row.status).toBe('cancelled');
      expect((await intentRow(clientSecret.split('_secret_')[0])).status).toBe('canceled');
      expect(stock).toBe(100);
    }
  });

  it('shipping racing a cancel of a paid order: it ships, and the cancel is refused', async () => {
    const { orderId, productId } = await placeOrder(alice, 1);
    const { clientSecret } = (await intentFor(alice, orderId)).json();
    const { id } = (await confirmCard(alice, clientSecret)).json();
    await markPaid(alice, orderId, id);
    const [ship, cancel] = await Promise.all([
      t.app.inject({ method: 'PATCH', url: `/api/shiftorders/${orderId}`, headers: admin.headers }),
      t.app.inject({ method: 'DELETE', url: `/api/orders/${orderId}`, headers: alice.headers }),
    ]);
    expect(ship.statusCode).toBe(200);
    expect(cancel.statusCode).toBe(409);
    expect((await orderRow(orderId)).status).toBe('shipped');
    const stock = (await t.database.db.selectFrom('products').select('quantity').where('id', '=', productId).executeTakeFirstOrThrow()).quantity;
    expect(stock).toBe(99);
  });

  it('the sweeper cancels orders left unpaid too long and releases their stock, but never a paid one', async () => {
    const stale = await placeOrder(bob, 3);
    const paidStale = await placeOrder(bob, 2);
    const fresh = await placeOrder(bob, 1);
    const { clientSecret } = (await intentFor(bob, paidStale.orderId)).json();
    await confirmCard(bob, clientSecret);
    // The payment's event may not have arrived yet: the sweeper must ask the provider.
    const old = new Date(Date.now() - 49 * 3600_000).toISOString();
    await t.database.db.updateTable('orders').set({ created_at: old, status: 'waiting' }).where('id', 'in', [stale.orderId, paidStale.orderId]).execute();
    await t.database.db.updateTable('purchases').set({ created_at: old, status: 'waiting', transaction_id: null }).where('id', 'in', [stale.orderId, paidStale.orderId]).execute();
    await t.app.orders.sweepUnpaid(48 * 3600_000);
    expect((await orderRow(stale.orderId)).status).toBe('cancelled');
    expect((await orderRow(paidStale.orderId)).status).toBe('paid');
    expect((await orderRow(fresh.orderId)).status).toBe('waiting');
    const staleStock = (await t.database.db.selectFrom('products').select('quantity').where('id', '=', stale.productId).executeTakeFirstOrThrow()).quantity;
    expect(staleStock).toBe(100);
  });
});
