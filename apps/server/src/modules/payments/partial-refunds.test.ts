import { DEMO_TAX_RATES, type Order, returnMessages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';
import { mailsTo as outboxMailsTo, waitFor } from '../../test/outbox.js';
import { DELIVERY, payWithTestCard, VISA } from '../../test/purchases.js';
import { signWebhook, useStripeStubApp } from '../../test/stripe-stub.js';

type Caller = Awaited<ReturnType<typeof insertSignedInUser>>;
type Part = Awaited<ReturnType<typeof insertProduct>>;

/** Stripe's test card that pays, and whose refunds fail. */
const CLOSED_SINCE = { number: '4000 0000 0000 5126', expiry: '12/34', cvc: '123' };
const CALIFORNIA = { country: 'US', region: 'CA', postcode: '94103' };

describe('partial refunds through the ledger (test mode)', () => {
  let t: TestApp;
  let admin: Caller;

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_SCALE: '10' });
    admin = await insertSignedInUser(t.database.db, { role: 'admin' });
    expect((await t.app.inject({ method: 'PUT', url: '/api/tax-rates', headers: admin.headers, payload: { rates: DEMO_TAX_RATES } })).statusCode).toBe(200);
  });
  afterAll(async () => t.close());

  const stockOf = async (part: Part) => (await t.database.db.selectFrom('products').select('quantity').where('id', '=', part.id).executeTakeFirstOrThrow()).quantity;
  const providerRefunds = (intentId: string) =>
    t.database.db.selectFrom('test_refunds').select(['amount_cents', 'status']).where('intent_id', '=', intentId).orderBy('created_at').orderBy('id').execute();
  const ledger = async (orderId: string) =>
    (await t.database.db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('created_at').orderBy('id').execute()).map((row) => ({
      amount: Number(row.amount_cents),
      tax: Number(row.tax_cents),
      restock: row.restock_quantity,
      status: row.status,
      reason: row.failure_reason,
    }));
  const refund = (id: string, payload?: object, caller: Caller = admin) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${id}/refund`, headers: caller.headers, ...(payload ? { payload } : {}) });
  const myOrder = async (customer: Caller, id: string): Promise<Order> =>
    ((await t.app.inject({ url: `/api/orders/${customer.email}`, headers: customer.headers })).json() as Order[]).find((order) => order._id === id)!;
  const mailsTo = (customer: Caller) => outboxMailsTo(t.app.config.mail.outboxDir, customer.email);
  const today = () => new Date().toISOString().slice(0, 10);
  const salesToday = async () => {
    const row = await t.database.db.selectFrom('sales_days').selectAll().where('day', '=', today()).executeTakeFirst();
    return { refundedOrders: Number(row?.refunded_orders ?? 0), refundedCents: Number(row?.refunded_cents ?? 0), taxCents: Number(row?.tax_cents ?? 0) };
  };
  const partToday = async (part: Part) => {
    const row = await t.database.db.selectFrom('sales_part_days').selectAll().where('day', '=', today()).where('product_id', '=', part.id).executeTakeFirst();
    return { quantity: Number(row?.quantity ?? 0), cents: Number(row?.cents ?? 0) };
  };

  /** A customer's paid one-part order of `quantity` pieces at `priceCents`, taxed in California when asked. */
  async function paidOrder({ priceCents = 1250, quantity = 3, taxed = false, card = VISA } = {}) {
    const customer = await insertSignedInUser(t.database.db);
    const part = await insertProduct(t.database.db, { name: 'Chain kit 520', price_cents: priceCents, minimum: 1, quantity: 10 });
    const placed = await t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.headers, payload: { productId: part.id, quantity, ...DELIVERY, ...(taxed ? CALIFORNIA : {}) } });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId: string = placed.json().insertedId;
    const intentId = await payWithTestCard(t.app, customer, { orderId }, orderId, card);
    const purchase = await t.database.db.selectFrom('purchases').select(['total_cents', 'tax_cents']).where('id', '=', orderId).executeTakeFirstOrThrow();
    return { customer, part, orderId, intentId, totalCents: Number(purchase.total_cents), taxCents: Number(purchase.tax_cents) };
  }

  it('gives back part of a shipped line: the line stays shipped, and its refunded amount, the sales with its tax share, the stock, the credit note and the email say that part', async () => {
    const { customer, part, orderId, intentId, totalCents, taxCents } = await paidOrder({ priceCents: 10_000, quantity: 2, taxed: true });
    // 2 x $100.00 with California's 7.25 % added, collected from the shop.
    expect({ totalCents, taxCents }).toEqual({ totalCents: 21_450, taxCents: 1450 });
    expect((await t.app.inject({ method: 'PATCH', url: `/api/shiftorders/${orderId}`, headers: admin.headers })).statusCode).toBe(200);
    const sales = await salesToday();
    const partSales = await partToday(part);

    const answer = await refund(orderId, { amount: 50, restock: 1 });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().orders).toEqual([expect.objectContaining({ _id: orderId, status: 'shipped' })]);
    // Its tax share: 50.00 x 14.50 / 214.50, half-up.
    expect(await ledger(orderId)).toEqual([{ amount: 5000, tax: 338, restock: 1, status: 'succeeded', reason: null }]);
    expect(await providerRefunds(intentId)).toEqual([{ amount_cents: 5000, status: 'succeeded' }]);
    expect(await myOrder(customer, orderId)).toMatchObject({ status: 'shipped', refunded: 50 });
    expect(await stockOf(part)).toBe(9);
    expect(await salesToday()).toEqual({ refundedOrders: sales.refundedOrders, refundedCents: sales.refundedCents + 4662, taxCents: sales.taxCents - 338 });
    expect(await partToday(part)).toEqual({ quantity: partSales.quantity - 1, cents: partSales.cents - 4662 });

    const invoice = await t.database.db.selectFrom('invoices').select('id').where('purchase_id', '=', orderId).executeTakeFirstOrThrow();
    const notes = await t.database.db.selectFrom('credit_notes').select(['amount_cents', 'document']).where('invoice_id', '=', invoice.id).execute();
    expect(notes.map((note) => Number(note.amount_cents))).toEqual([5000]);
    expect(JSON.parse(notes[0]!.document)).toMatchObject({ kind: 'credit-note', creditNote: { amountCents: 5000 } });

    await waitFor(() => mailsTo(customer).some((mail) => mail.includes('We refunded $50.00 of your order')));
    const mail = mailsTo(customer).find((text) => text.includes('We refunded $50.00 of your order'))!;
    expect(mail).toContain('We refunded $50.00 of the amount of this part of your order to the card you paid with');
    expect(mail).toContain('Content-Type: application/pdf');
    expect(mailsTo(customer).some((text) => text.includes('is refunded'))).toBe(false);
  });

  it('refunds in parts up to what was paid, then refuses any more and says how much is left', async () => {
    const { orderId, intentId, totalCents } = await paidOrder({ priceCents: 10_000, quantity: 2, taxed: true });
    expect((await refund(orderId, { amount: 100 })).statusCode).toBe(200);

    const tooMuch = await refund(orderId, { amount: 120 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toMatchObject({ code: 'REFUND_TOO_LARGE', message: returnMessages.amountAboveLeft(totalCents - 10_000) });
    expect(tooMuch.json().error.message).toBe('The refund can be at most $114.50, what is left of the payment');

    expect((await refund(orderId, { amount: 114.5 })).statusCode).toBe(200);
    const nothingLeft = await refund(orderId, { amount: 0.01 });
    expect(nothingLeft.statusCode).toBe(409);
    expect(nothingLeft.json().error).toMatchObject({ code: 'REFUND_TOO_LARGE', message: 'The refund can be at most $0.00, what is left of the payment' });
    expect((await providerRefunds(intentId)).map((row) => row.amount_cents)).toEqual([10_000, 11_450]);
    // Every cent given back: the line's paid amount and its tax, no more.
    const rows = await ledger(orderId);
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(totalCents);
    expect(rows.reduce((sum, row) => sum + row.tax, 0)).toBe(1450);
    // The line was never refunded as a whole: it keeps its status.
    expect((await t.database.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status).toBe('paid');

    // Malformed amounts are told apart from a refusal.
    const bad = await refund(orderId, { amount: 1.234 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fieldErrors).toEqual({ amount: [returnMessages.amountInvalid] });
  });

  it('lets exactly two of ten admins refunding 40 % of one purchase at once through, never more than was paid', async () => {
    const { orderId, intentId, totalCents } = await paidOrder({ priceCents: 2000, quantity: 5 });
    expect(totalCents).toBe(10_000);
    const admins = await Promise.all(Array.from({ length: 10 }, () => insertSignedInUser(t.database.db, { role: 'admin' })));
    const answers = await Promise.all(admins.map((caller) => refund(orderId, { amount: 40 }, caller)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 8 }, () => 409));
    expect(new Set(refused.map((answer) => answer.json().error.code))).toEqual(new Set(['REFUND_TOO_LARGE']));
    expect((await providerRefunds(intentId)).map((row) => row.amount_cents)).toEqual([4000, 4000]);
    expect((await ledger(orderId)).map((row) => [row.amount, row.status])).toEqual([
      [4000, 'succeeded'],
      [4000, 'succeeded'],
    ]);
    expect(Number((await t.database.db.selectFrom('orders').select('refunded_cents').where('id', '=', orderId).executeTakeFirstOrThrow()).refunded_cents)).toBe(8000);
  });

  it('puts each piece back in stock once, however many refunds ask for it', async () => {
    const { part, orderId } = await paidOrder({ quantity: 2 });
    expect(await stockOf(part)).toBe(8);
    expect((await refund(orderId, { amount: 5, restock: 2 })).statusCode).toBe(200);
    expect(await stockOf(part)).toBe(10);
    expect((await refund(orderId, { amount: 5, restock: 2 })).statusCode).toBe(200);
    expect(await stockOf(part)).toBe(10);
    // The line's whole refund now gives back what is left of its amount, and no piece more.
    expect((await refund(orderId)).statusCode).toBe(200);
    expect(await stockOf(part)).toBe(10);
    expect((await ledger(orderId)).map((row) => [row.amount, row.restock])).toEqual([
      [500, 2],
      [500, 0],
      [1500, 0],
    ]);
  });

  it('refunds a line whole after a part of it: only what is left, the rest of the pieces back, the line refunded', async () => {
    const { customer, part, orderId, intentId } = await paidOrder({ quantity: 3 });
    expect((await refund(orderId, { amount: 10, restock: 1 })).statusCode).toBe(200);
    expect(await stockOf(part)).toBe(8);
    const sales = await salesToday();

    const whole = await refund(orderId);
    expect(whole.statusCode).toBe(200);
    expect(whole.json().orders).toEqual([expect.objectContaining({ _id: orderId, status: 'refunded' })]);
    expect((await providerRefunds(intentId)).map((row) => row.amount_cents)).toEqual([1000, 2750]);
    expect(await stockOf(part)).toBe(10);
    expect(await myOrder(customer, orderId)).toMatchObject({ status: 'refunded', refunded: 37.5 });
    expect(await salesToday()).toEqual({ refundedOrders: sales.refundedOrders + 1, refundedCents: sales.refundedCents + 2750, taxCents: sales.taxCents });
    await waitFor(() => mailsTo(customer).some((mail) => mail.includes('is refunded')));
    expect(mailsTo(customer).find((mail) => mail.includes('is refunded'))).toContain('We refunded $27.50 to the card you paid with');

    // Nothing is left: neither a part nor the whole can be refunded again.
    expect((await refund(orderId, { amount: 1 })).json().error.message).toBe('This order was already refunded');
    expect((await refund(orderId)).json().error.message).toBe('This order was already refunded');
  });

  it('gives the delivery back with the last line of a checkout, also when its last two lines are refunded at once', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const parts = await Promise.all([1999, 850].map((price_cents, n) => insertProduct(t.database.db, { name: `Brake part ${n}`, price_cents, minimum: 1, quantity: 10 })));
    await t.app.inject({ method: 'PUT', url: '/api/cart', headers: customer.headers, payload: { lines: parts.map((part) => ({ productId: part.id, quantity: 1 })) } });
    const standard = ((await t.app.inject({ url: '/api/shipping-methods' })).json() as Array<{ _id: string; name: string }>).find((method) => method.name === 'Standard')!._id;
    const placed = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: customer.headers, payload: { ...DELIVERY, shippingMethodId: standard } });
    expect(placed.statusCode, placed.body).toBe(201);
    const { checkoutId, orderIds } = placed.json() as { checkoutId: string; orderIds: string[] };
    const intentId = await payWithTestCard(t.app, customer, { checkoutId }, orderIds[0]!);
    const total = Number((await t.database.db.selectFrom('purchases').select('total_cents').where('id', '=', checkoutId).executeTakeFirstOrThrow()).total_cents);
    // 19.99 + 8.50 and Standard's 4.90.
    expect(total).toBe(1999 + 850 + 490);

    const answers = await Promise.all(orderIds.map((id) => refund(id)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const made = await providerRefunds(intentId);
    expect(made.reduce((sum, row) => sum + row.amount_cents, 0)).toBe(total);
    expect([[1999 + 490, 850], [1999, 850 + 490]].map((pair) => pair.sort((a, b) => a - b))).toContainEqual(made.map((row) => row.amount_cents).sort((a, b) => a - b));
  });

  it('keeps a refund the provider declines as failed, with its reason, and counts nothing of it', async () => {
    const { part, orderId, intentId, totalCents } = await paidOrder({ card: CLOSED_SINCE });
    const sales = await salesToday();
    const answer = await refund(orderId, { amount: 10, restock: 1 });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error).toMatchObject({ code: 'REFUND_DECLINED', message: 'The payment provider declined the refund: expired_or_canceled_card. The order stays paid.' });
    expect(await ledger(orderId)).toEqual([{ amount: 1000, tax: 0, restock: 1, status: 'failed', reason: 'expired_or_canceled_card' }]);
    expect(await stockOf(part)).toBe(7);
    expect(await salesToday()).toEqual(sales);
    // A declined refund holds nothing of the payment: the whole of it can still be asked for, as a new refund.
    const again = await refund(orderId, { amount: totalCents / 100 });
    expect(again.json().error.code).toBe('REFUND_DECLINED');
    expect((await providerRefunds(intentId)).map((row) => [row.amount_cents, row.status])).toEqual([
      [1000, 'failed'],
      [totalCents, 'failed'],
    ]);
  });

  it('settles a refund left pending by an instance that stopped mid-way, asking the provider again with the same key', async () => {
    const { orderId, intentId } = await paidOrder({ quantity: 2 });
    // Reserved, then the instance stopped before the provider answered.
    await t.app.orders.reserveRefund({ orderId, amount: 500, restock: 0, returnId: null, by: admin.email });
    const underWay = await refund(orderId);
    expect(underWay.statusCode).toBe(409);
    expect(underWay.json().error.message).toBe('A refund of this order is already under way');

    expect(await t.app.payments.settleStaleRefunds(60_000)).toBe(0);
    expect(await t.app.payments.settleStaleRefunds(60_000, Date.now() + 120_000)).toBe(1);
    expect(await ledger(orderId)).toEqual([{ amount: 500, tax: 0, restock: 0, status: 'succeeded', reason: null }]);
    expect(await providerRefunds(intentId)).toEqual([{ amount_cents: 500, status: 'succeeded' }]);
    expect((await refund(orderId)).statusCode).toBe(200);
    expect((await providerRefunds(intentId)).map((row) => row.amount_cents)).toEqual([500, 2000]);
  });

  it("runs a return's step in the transaction that records its refund, with the return's own idempotency key", async () => {
    const { orderId } = await paidOrder();
    const returnId = 'a'.repeat(24);
    let seen: unknown;
    const row = await t.app.payments.refundPart({
      orderId,
      amountCents: 300,
      restockQuantity: 1,
      returnId,
      by: admin.email,
      complete: async (trx, refund) => {
        seen = await trx.selectFrom('refunds').select(['status', 'amount_cents']).where('id', '=', refund.id).executeTakeFirst();
      },
    });
    expect(seen).toMatchObject({ status: 'succeeded' });
    expect(row).toMatchObject({ status: 'succeeded', return_id: returnId, idempotency_key: `refund-return-${returnId}`, created_by: admin.email, restock_quantity: 1 });
    expect(Number(row.amount_cents)).toBe(300);
  });

  it('refuses a part of a line that is not paid, and a caller who is not an admin before reading the body', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const part = await insertProduct(t.database.db, { price_cents: 500, minimum: 1, quantity: 10 });
    const unpaid = (await t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.headers, payload: { productId: part.id, quantity: 1, ...DELIVERY } })).json().insertedId as string;
    const answer = await refund(unpaid, { amount: 1 });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.message).toBe('Only a paid order can be refunded');
    expect((await refund(unpaid, { amount: 'lots' }, customer)).statusCode).toBe(403);
    expect(await ledger(unpaid)).toEqual([]);
  });
});

describe('partial refunds through Stripe (against a local stub of its API)', () => {
  const shop = useStripeStubApp();
  const webhook = (payload: string) =>
    shop.t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signWebhook(payload) }, payload });

  async function paidOrder() {
    const customer = await insertSignedInUser(shop.t.database.db);
    const product = await insertProduct(shop.t.database.db, { price_cents: 4500, quantity: 10, minimum: 1 });
    const placed = await shop.t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.headers, payload: { productId: product.id, quantity: 2, ...DELIVERY } });
    const orderId = placed.json().insertedId as string;
    const { clientSecret } = (await shop.t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: customer.headers, payload: { orderId } })).json();
    const intentId = clientSecret.split('_secret_')[0] as string;
    shop.stub.succeed(intentId, 9000);
    expect((await shop.t.app.inject({ method: 'PATCH', url: `/api/orders/${orderId}`, headers: customer.headers, payload: { transactionID: intentId } })).statusCode).toBe(200);
    return { customer, orderId, intentId };
  }
  const refundedCents = async (orderId: string) => Number((await shop.t.database.db.selectFrom('orders').select('refunded_cents').where('id', '=', orderId).executeTakeFirstOrThrow()).refunded_cents);
  const ledgerRows = (orderId: string) => shop.t.database.db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).execute();

  it("counts the shop's own refund once when Stripe's charge.refunded event lists it, however often", async () => {
    const admin = await insertSignedInUser(shop.t.database.db, { role: 'admin' });
    const { orderId, intentId } = await paidOrder();
    expect((await shop.t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/refund`, headers: admin.headers, payload: { amount: 30 } })).statusCode).toBe(200);
    const made = [...shop.stub.refunds.values()].filter((refund) => refund.payment_intent === intentId);
    expect(made).toEqual([expect.objectContaining({ amount: 3000, status: 'succeeded', metadata: { orderId, refundId: expect.any(String) } })]);

    for (const id of ['evt_partial_1', 'evt_partial_2']) {
      const event = JSON.stringify({
        id,
        object: 'event',
        type: 'charge.refunded',
        data: { object: { id: `ch_${intentId}`, object: 'charge', payment_intent: intentId, refunded: false, amount: 9000, refunds: { object: 'list', data: made } } },
      });
      expect((await webhook(event)).json()).toEqual({ received: true, outcome: 'ignored' });
    }
    expect(await refundedCents(orderId)).toBe(3000);
    expect(await ledgerRows(orderId)).toHaveLength(1);

    // The bank sends that refund back: its amount is owed again, the line keeps its status.
    const failed = JSON.stringify({ id: 'evt_partial_failed', object: 'event', type: 'refund.failed', data: { object: shop.stub.failRefund(made[0]!.id, 'lost_or_stolen_card') } });
    expect((await webhook(failed)).json()).toEqual({ received: true, outcome: 'processed' });
    expect(await refundedCents(orderId)).toBe(0);
    expect((await ledgerRows(orderId)).map((row) => [row.status, row.failure_reason])).toEqual([['failed', 'lost_or_stolen_card']]);
    expect((await shop.t.database.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status).toBe('paid');
  });

  it('refunds nothing and holds nothing when Stripe cannot be reached', async () => {
    const admin = await insertSignedInUser(shop.t.database.db, { role: 'admin' });
    const { orderId } = await paidOrder();
    await shop.stub.close();
    const answer = await shop.t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/refund`, headers: admin.headers, payload: { amount: 30 } });
    expect(answer.statusCode).toBe(503);
    expect(answer.json().error.message).toBe('The payment provider could not be reached, so nothing was refunded. Please try again.');
    expect(await ledgerRows(orderId)).toEqual([]);
    expect(await refundedCents(orderId)).toBe(0);
  });
});
