import { describe, expect, it } from 'vitest';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';
import { mailsTo, waitFor } from '../../test/outbox.js';
import { signWebhook, useStripeStubApp } from '../../test/stripe-stub.js';

const shop = useStripeStubApp();

async function placeOrder() {
  const customer = await insertSignedInUser(shop.t.database.db);
  const product = await insertProduct(shop.t.database.db, { price_cents: 4500, quantity: 10, minimum: 1 });
  const placed = await shop.t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: customer.headers,
    payload: { productId: product.id, quantity: 2, location: 'York', phone: '+44 1904 000000' },
  });
  return { customer, orderId: placed.json().insertedId as string };
}

const webhook = (payload: string, signature: string) =>
  shop.t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });

describe('Stripe mode (against a local stub of the Stripe API)', () => {
  it("allows Stripe's script and card frames in the page policy, only in Stripe mode", async () => {
    const csp = String((await shop.t.app.inject({ url: '/api/health' })).headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
  });

  it('tells the payment page to use Stripe with the publishable key, and offers no test-card endpoint', async () => {
    expect((await shop.t.app.inject({ url: '/api/payments/config' })).json()).toEqual({ mode: 'stripe', publishableKey: 'pk_test_local_stub' });
    expect((await shop.t.app.inject({ method: 'POST', url: '/api/payments/test/confirm', payload: {} })).statusCode).toBe(404);
  });

  it('creates one intent per order for the order total, with an idempotency key, using the secret key', async () => {
    const { customer, orderId } = await placeOrder();
    const first = await shop.t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: customer.headers, payload: { orderId, price: 1 } });
    expect(first.statusCode).toBe(200);
    const again = await shop.t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: customer.headers, payload: { orderId } });
    expect(again.json().clientSecret).toBe(first.json().clientSecret);
    const created = [...shop.stub.intents.values()].filter((intent) => intent.metadata.orderId === orderId);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ amount: 9000, currency: 'usd' });
    expect(shop.stub.requests.at(-1)?.authorization).toBe('Bearer sk_test_local_stub');
  });

  it('marks paid only after Stripe says succeeded with the right amount', async () => {
    const { customer, orderId } = await placeOrder();
    const { clientSecret } = (await shop.t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: customer.headers, payload: { orderId } })).json();
    const intentId = clientSecret.split('_secret_')[0];
    const patch = () => shop.t.app.inject({ method: 'PATCH', url: `/api/orders/${orderId}`, headers: customer.headers, payload: { order: {}, transactionID: intentId } });
    expect((await patch()).statusCode).toBe(409);
    shop.stub.succeed(intentId, 100);
    expect((await patch()).json().error.message).toBe('The amount paid does not match the order total');
    shop.stub.succeed(intentId, 9000);
    expect((await patch()).statusCode).toBe(200);
    const order = (await shop.t.app.inject({ url: `/api/specificorders/${orderId}`, headers: customer.headers })).json();
    expect(order).toMatchObject({ paid: true, transactionId: intentId });
  });

  it('accepts only events signed with the webhook secret, once', async () => {
    const { customer, orderId } = await placeOrder();
    const { clientSecret } = (await shop.t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: customer.headers, payload: { orderId } })).json();
    const intentId = clientSecret.split('_secret_')[0];
    shop.stub.succeed(intentId);
    const payload = JSON.stringify({
      id: 'evt_stub_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: intentId, object: 'payment_intent', metadata: { orderId } } },
    });
    const forged = signWebhook(payload, { secret: 'whsec_someone_else' });
    expect((await webhook(payload, forged)).statusCode).toBe(400);
    const stale = signWebhook(payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await webhook(payload, stale)).statusCode).toBe(400);
    const signature = signWebhook(payload);
    expect((await webhook(payload, signature)).json()).toEqual({ received: true, outcome: 'processed' });
    expect((await webhook(payload, signature)).json()).toEqual({ received: true, outcome: 'duplicate' });
    const order = (await shop.t.app.inject({ url: `/api/specificorders/${orderId}`, headers: customer.headers })).json();
    expect(order.paid).toBe(true);
  });

  it('cancelling an unpaid order cancels its Stripe intent; a paid one is never cancelled', async () => {
    const { customer, orderId } = await placeOrder();
    const { clientSecret } = (await shop.t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: customer.headers, payload: { orderId } })).json();
    const intentId = clientSecret.split('_secret_')[0];
    expect((await shop.t.app.inject({ method: 'DELETE', url: `/api/orders/${orderId}`, headers: customer.headers })).statusCode).toBe(200);
    expect(shop.stub.intents.get(intentId)?.status).toBe('canceled');

    const paid = await placeOrder();
    const secret = (await shop.t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: paid.customer.headers, payload: { orderId: paid.orderId } })).json().clientSecret;
    shop.stub.succeed(secret.split('_secret_')[0]);
    const refused = await shop.t.app.inject({ method: 'DELETE', url: `/api/orders/${paid.orderId}`, headers: paid.customer.headers });
    expect(refused.statusCode).toBe(409);
    const order = (await shop.t.app.inject({ url: `/api/specificorders/${paid.orderId}`, headers: paid.customer.headers })).json();
    expect(order.paid).toBe(true);
  });

  it("pays a checkout with one Stripe intent for its lines' total, named by its checkoutId, through the webhook", async () => {
    const customer = await insertSignedInUser(shop.t.database.db);
    const oil = await insertProduct(shop.t.database.db, { price_cents: 1390, quantity: 10, minimum: 1 });
    const filter = await insertProduct(shop.t.database.db, { price_cents: 899, quantity: 10, minimum: 1 });
    await shop.t.app.inject({
      method: 'PUT',
      url: '/api/cart',
      headers: customer.headers,
      payload: { lines: [{ productId: oil.id, quantity: 2 }, { productId: filter.id, quantity: 1 }] },
    });
    const placed = await shop.t.app.inject({ method: 'POST', url: '/api/checkout', headers: customer.headers, payload: { location: 'York', phone: '+44 1904 000000' } });
    const { checkoutId, orderIds } = placed.json() as { checkoutId: string; orderIds: string[] };
    const { clientSecret } = (await shop.t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: customer.headers, payload: { checkoutId } })).json();
    const intentId = clientSecret.split('_secret_')[0];
    expect(shop.stub.intents.get(intentId)).toMatchObject({ amount: 2 * 1390 + 899, currency: 'usd', metadata: { checkoutId } });

    shop.stub.succeed(intentId, 2 * 1390 + 899);
    const payload = JSON.stringify({
      id: 'evt_stub_checkout',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: intentId, object: 'payment_intent', metadata: { checkoutId } } },
    });
    expect((await webhook(payload, signWebhook(payload))).json()).toEqual({ received: true, outcome: 'processed' });
    for (const orderId of orderIds) {
      const order = (await shop.t.app.inject({ url: `/api/specificorders/${orderId}`, headers: customer.headers })).json();
      expect(order).toMatchObject({ paid: true, transactionId: intentId, checkoutId });
    }
  });

  /** A paid one-part order of two pieces at $45 (Stripe says succeeded, the page confirmed). */
  async function paidOrder() {
    const { customer, orderId } = await placeOrder();
    const { clientSecret } = (await shop.t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: customer.headers, payload: { orderId } })).json();
    const intentId = clientSecret.split('_secret_')[0] as string;
    shop.stub.succeed(intentId, 9000);
    expect((await shop.t.app.inject({ method: 'PATCH', url: `/api/orders/${orderId}`, headers: customer.headers, payload: { transactionID: intentId } })).statusCode).toBe(200);
    return { customer, orderId, intentId };
  }
  const refundsOf = (intentId: string) => [...shop.stub.refunds.values()].filter((refund) => refund.payment_intent === intentId);

  it('puts an order back to paid when Stripe sends refund.failed for its refund: the units held again, the refund off the sales, the customer told, and the next refund a new one', async () => {
    const admin = await insertSignedInUser(shop.t.database.db, { role: 'admin' });
    const { customer, orderId, intentId } = await paidOrder();
    const order = async () => (await shop.t.app.inject({ url: `/api/specificorders/${orderId}`, headers: customer.headers })).json();
    const stock = async () => (await shop.t.database.db.selectFrom('products').select('quantity').where('id', '=', (await order()).productId).executeTakeFirstOrThrow()).quantity;
    const today = new Date().toISOString().slice(0, 10);
    const sales = async (call: string) => (await shop.t.app.inject({ url: `/api/sales/${call}?from=${today}&to=${today}`, headers: admin.headers })).json();
    const refund = () => shop.t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/refund`, headers: admin.headers });
    const statuses = async (): Promise<Record<string, number>> =>
      Object.fromEntries((await sales('statuses')).statuses.map((row: { status: string; orders: number }) => [row.status, row.orders]));
    const before = await sales('revenue');

    expect((await refund()).statusCode).toBe(200);
    expect(await stock()).toBe(10);
    const [first] = refundsOf(intentId);
    const failed = (id: string, refundObject: object) =>
      JSON.stringify({ id, object: 'event', type: 'refund.failed', data: { object: refundObject } });

    // An event for a refund that is not this order's changes nothing.
    const stranger = failed('evt_refund_failed_other', { id: 're_not_ours', object: 'refund', status: 'failed', failure_reason: 'lost_or_stolen_card', metadata: { orderId } });
    expect((await webhook(stranger, signWebhook(stranger))).json()).toEqual({ received: true, outcome: 'ignored' });
    expect((await order()).status).toBe('refunded');

    const refundedToday = await statuses();
    const event = failed('evt_refund_failed_1', shop.stub.failRefund(first!.id, 'expired_or_canceled_card'));
    expect((await webhook(event, signWebhook(event))).json()).toEqual({ received: true, outcome: 'processed' });
    expect((await webhook(event, signWebhook(event))).json()).toMatchObject({ outcome: 'duplicate' });
    expect(await order()).toMatchObject({ status: 'paid', paid: true, refundFailure: 'expired_or_canceled_card' });
    expect(await stock()).toBe(8);
    const after = await sales('revenue');
    expect(after.totals).toMatchObject({ paid: before.totals.paid, refunded: before.totals.refunded, net: before.totals.net });
    // Today's orders by status: this one is paid again, no longer refunded.
    expect(await statuses()).toMatchObject({ paid: (refundedToday.paid ?? 0) + 1, refunded: (refundedToday.refunded ?? 0) - 1 });
    await waitFor(() => mailsTo(shop.t.app.config.mail.outboxDir, customer.email).some((mail) => mail.includes('did not go through')));
    expect(mailsTo(shop.t.app.config.mail.outboxDir, customer.email).find((mail) => mail.includes('did not go through'))).toContain('your bank sent it back (expired_or_canceled_card)');

    // Refunded again: a new refund at Stripe, not the failed one answered again.
    expect((await refund()).statusCode).toBe(200);
    expect(refundsOf(intentId).map((made) => made.status)).toEqual(['failed', 'succeeded']);
    expect(await order()).toMatchObject({ status: 'refunded', refundFailure: null });
    expect(await stock()).toBe(10);
  });

  it("refunds a paid order through Stripe's refunds API, once, naming the order in the refund's metadata", async () => {
    const admin = await insertSignedInUser(shop.t.database.db, { role: 'admin' });
    const { customer, orderId, intentId } = await paidOrder();
    const answers = await Promise.all([1, 2, 3].map(() => shop.t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/refund`, headers: admin.headers })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(refundsOf(intentId)).toEqual([expect.objectContaining({ amount: 9000, status: 'succeeded', metadata: { orderId, refundId: expect.any(String) } })]);
    const order = (await shop.t.app.inject({ url: `/api/specificorders/${orderId}`, headers: customer.headers })).json();
    expect(order.status).toBe('refunded');
  });

  it("leaves the order paid with Stripe's reason when Stripe's refund fails", async () => {
    const admin = await insertSignedInUser(shop.t.database.db, { role: 'admin' });
    const { customer, orderId, intentId } = await paidOrder();
    shop.stub.failRefundsOf(intentId);
    const answer = await shop.t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/refund`, headers: admin.headers });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.message).toBe('The payment provider declined the refund: expired_or_canceled_card. The order stays paid.');
    expect((await shop.t.app.inject({ url: `/api/specificorders/${orderId}`, headers: customer.headers })).json().status).toBe('paid');
  });

  it('records refunds made in Stripe’s dashboard from its charge.refunded events as ledger rows: a partial one on the line, then the whole rest, each once', async () => {
    const { customer, orderId, intentId } = await paidOrder();
    const charge = (refunds: object[], whole: boolean) =>
      JSON.stringify({
        id: `evt_refund_${intentId}_${refunds.length}_${whole}`,
        object: 'event',
        type: 'charge.refunded',
        data: { object: { id: `ch_${intentId}`, object: 'charge', payment_intent: intentId, refunded: whole, amount: 9000, refunds: { object: 'list', data: refunds } } },
      });
    const mine = async () => (await shop.t.app.inject({ url: `/api/orders/${customer.email}`, headers: customer.headers })).json().find((order: { _id: string }) => order._id === orderId);
    const ledger = () => shop.t.database.db.selectFrom('refunds').select(['provider_refund_id', 'amount_cents', 'status']).where('order_id', '=', orderId).orderBy('provider_refund_id').execute();

    // A partial refund made in Stripe's dashboard names no order: the purchase has one line, so it is that line's, its status unchanged.
    const first = { id: 're_dash_1', object: 'refund', amount: 100, status: 'succeeded', metadata: {} };
    const partial = charge([first], false);
    expect((await webhook(partial, signWebhook(partial))).json()).toEqual({ received: true, outcome: 'processed' });
    expect(await mine()).toMatchObject({ status: 'paid', refunded: 1 });

    // Stripe lists the charge's refunds again with the next one: the first is not counted twice.
    const whole = charge([{ id: 're_dash_2', object: 'refund', amount: 8900, status: 'succeeded', metadata: {} }, first], true);
    expect((await webhook(whole, signWebhook(whole))).json()).toEqual({ received: true, outcome: 'processed' });
    expect(await mine()).toMatchObject({ status: 'refunded', paid: true, refunded: 90 });
    expect((await ledger()).map((row) => [row.provider_refund_id, Number(row.amount_cents), row.status])).toEqual([
      ['re_dash_1', 100, 'succeeded'],
      ['re_dash_2', 8900, 'succeeded'],
    ]);
  });
});
