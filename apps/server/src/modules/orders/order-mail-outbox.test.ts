import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../../lib/mailer.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';
import { payWithTestCard } from '../../test/purchases.js';
import { arrivalText } from '@shop/shared';
import { createOrderMailDispatcher } from './order-mail-outbox.js';

let t: TestApp;
let alice: Awaited<ReturnType<typeof insertSignedInUser>>;

/** An email transport that keeps what it was given, or refuses while `failing` is set. */
function recordingMailer() {
  const sent: MailMessage[] = [];
  const mailer: Mailer & { sent: MailMessage[]; failing: boolean } = {
    sent,
    failing: false,
    async send(message) {
      if (mailer.failing) throw new Error('SMTP server said 451 try again later');
      sent.push(message);
    },
  };
  return mailer;
}

const dispatcherWith = (mailer: Mailer) =>
  createOrderMailDispatcher({ db: t.database.db, mailer, log: t.app.log, documents: t.app.invoices, myOrdersUrl: 'https://shop.example/dashbord/myorders', paymentTimeoutMs: t.app.config.orderPaymentTimeoutMs, timeZone: t.app.config.shopTimeZone });
const queued = () => t.database.db.selectFrom('order_mail_outbox').selectAll().orderBy('id').execute();
const placeOrder = (productId: string, quantity = 1) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: alice.headers,
    payload: { productId, quantity, location: '12 Kings Road, London', phone: '+44 7700 900123' },
  });

/** The short number customers see for an order, as its emails quote it. */
const numberOf = async (orderId: string) =>
  `#${(await t.database.db.selectFrom('orders').select('number').where('id', '=', orderId).executeTakeFirstOrThrow()).number}`;

beforeAll(async () => {
  // A shop clock other than UTC, so an email written in another zone would show.
  t = await buildTestApp({ RATE_LIMIT_SCALE: '10', SHOP_TIME_ZONE: 'America/New_York' });
  // The app's own background rounds would race the rounds these tests run by hand.
  await t.app.background.stop();
  alice = await insertSignedInUser(t.database.db, { name: 'Alice' });
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('order_mail_outbox').execute();
});

describe('order emails through the outbox', () => {
  it("tells the customer of the order they cancelled, and writes nothing to a removed account's address", async () => {
    const product = await insertProduct(t.database.db, { name: 'Chain Lube', price_cents: 900, quantity: 10, minimum: 1 });
    const orderId = (await placeOrder(product.id, 2)).json().insertedId as string;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${orderId}`, headers: alice.headers })).statusCode).toBe(200);
    expect((await queued()).map((mail) => mail.kind)).toEqual(['placed', 'cancelled']);
    const mailer = recordingMailer();
    expect(await dispatcherWith(mailer).deliverDue()).toBe(2);
    const number = await numberOf(orderId);
    const cancelled = mailer.sent.find((mail) => mail.subject === `Your order ${number} is cancelled`);
    expect(cancelled).toMatchObject({ to: alice.email });
    expect(cancelled!.text).toContain('2 x Chain Lube at $9.00 = $18.00');
    expect(cancelled!.text).toContain('nothing was charged');

    const bob = await insertSignedInUser(t.database.db, { name: 'Bob' });
    const bobs = await t.app.inject({ method: 'POST', url: '/api/orders', headers: bob.headers, payload: { productId: product.id, quantity: 1, location: '1 Mill Lane, Leeds', phone: '+44 7700 900124' } });
    await t.database.db.deleteFrom('order_mail_outbox').execute();
    await t.app.orders.cancelUnpaidOfAccount(bob.id);
    expect((await t.database.db.selectFrom('orders').select('status').where('id', '=', bobs.json().insertedId).executeTakeFirst())?.status).toBe('cancelled');
    expect(await queued()).toEqual([]);
  });

  it('queues the confirmation with the order, sends it from the order row and removes it', async () => {
    const product = await insertProduct(t.database.db, { name: 'Brake Pads', price_cents: 2450, quantity: 10, minimum: 2 });
    const response = await placeOrder(product.id, 2);
    expect(response.statusCode).toBe(201);
    const orderId = response.json().insertedId as string;
    expect(await queued()).toMatchObject([{ order_id: orderId, kind: 'placed', attempts: 0, claimed_until: null }]);
    // As a purchase placed before the shop kept its delivery and amounts (migration 033) reads.
    await t.database.db.updateTable('purchases').set({ country: null, region: null, postcode: null, shipping_method_id: null, shipping_method_name: null, arrives_from: null, arrives_to: null }).where('id', '=', orderId).execute();

    const mailer = recordingMailer();
    expect(await dispatcherWith(mailer).deliverDue()).toBe(1);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: alice.email, subject: `Your Moto Parts order ${await numberOf(orderId)} is waiting for payment` });
    expect(mailer.sent[0]!.text).toContain(`Order number: ${await numberOf(orderId)}`);
    expect(mailer.sent[0]!.text).toContain('2 x Brake Pads at $24.50 = $49.00');
    expect(mailer.sent[0]!.text).toContain('https://shop.example/dashbord/myorders');
    expect(mailer.sent[0]!.text).not.toMatch(/Delivery method|Subtotal/);
    expect(await queued()).toEqual([]);
    expect(await dispatcherWith(mailer).deliverDue()).toBe(0);
  });

  it("says until when the parts are held: the end of the hold the order answers, on the shop's clock, named", async () => {
    const product = await insertProduct(t.database.db, { name: 'Air Filter', price_cents: 1500, quantity: 10, minimum: 1 });
    const orderId = (await placeOrder(product.id, 1)).json().insertedId as string;
    const order = (await t.app.inject({ url: `/api/specificorders/${orderId}`, headers: alice.headers })).json() as { createdAt: string; holdUntil: string };
    expect(Date.parse(order.holdUntil) - Date.parse(order.createdAt)).toBe(t.app.config.orderPaymentTimeoutMs);

    const mailer = recordingMailer();
    expect(await dispatcherWith(mailer).deliverDue()).toBe(1);
    const parts = new Intl.DateTimeFormat('en-GB', { timeZone: t.app.config.shopTimeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' }).formatToParts(new Date(order.holdUntil));
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)!.value;
    const clock = `${part('hour')}:${part('minute')}`;
    const zone = part('timeZoneName');
    expect(mailer.sent[0]!.text).toMatch(new RegExp(`We hold these parts until (\\d{1,2} [A-Z][a-z]{2}, )?${clock} ${zone.replace(/[+]/g, '\\+')}; unpaid by then, they go back on the shelf`));
  });

  it('queues nothing for an order that took no stock', async () => {
    const product = await insertProduct(t.database.db, { quantity: 1, minimum: 1 });
    expect((await placeOrder(product.id, 2)).statusCode).toBe(409);
    expect((await placeOrder(product.id, 0)).statusCode).toBe(422);
    expect(await queued()).toEqual([]);
  });

  it('sends every email exactly once when several instances deliver at the same time', async () => {
    const product = await insertProduct(t.database.db, { quantity: 200, minimum: 1 });
    const placed = await Promise.all(Array.from({ length: 60 }, () => placeOrder(product.id)));
    expect(placed.every((response) => response.statusCode === 201)).toBe(true);
    const mailers = [recordingMailer(), recordingMailer(), recordingMailer()];
    const dispatchers = mailers.map(dispatcherWith);
    // Batches of 50: two rounds each at most, all three racing.
    await Promise.all(dispatchers.map(async (dispatcher) => (await dispatcher.deliverDue()) + (await dispatcher.deliverDue())));
    const subjects = mailers.flatMap((mailer) => mailer.sent.map((mail) => mail.subject));
    expect(subjects).toHaveLength(60);
    expect(new Set(subjects).size).toBe(60);
    expect(await queued()).toEqual([]);
  });

  it('keeps a failed email, retries it after a growing wait, and sends it once the transport is back', async () => {
    const product = await insertProduct(t.database.db, { quantity: 5, minimum: 1 });
    const orderId = (await placeOrder(product.id)).json().insertedId as string;
    const mailer = recordingMailer();
    mailer.failing = true;
    const dispatcher = dispatcherWith(mailer);
    const start = Date.now();
    expect(await dispatcher.deliverDue(start)).toBe(0);
    const [failed] = await queued();
    expect(failed).toMatchObject({ order_id: orderId, attempts: 1, claimed_until: null, last_error: 'SMTP server said 451 try again later' });
    expect(new Date(failed!.next_attempt_at).getTime()).toBeGreaterThanOrEqual(start + 29_000);

    mailer.failing = false;
    expect(await dispatcher.deliverDue(start + 1000)).toBe(0);
    expect(await dispatcher.deliverDue(Date.now() + 31_000)).toBe(1);
    expect(mailer.sent.map((mail) => mail.subject)).toEqual([`Your Moto Parts order ${await numberOf(orderId)} is waiting for payment`]);
    expect(await queued()).toEqual([]);
  });

  it('takes over an email whose claim expired (an instance that died mid-send)', async () => {
    const product = await insertProduct(t.database.db, { quantity: 5, minimum: 1 });
    await placeOrder(product.id);
    const now = Date.now();
    await t.database.db
      .updateTable('order_mail_outbox')
      .set({ claimed_until: new Date(now + 60_000).toISOString(), attempts: 1 })
      .execute();
    const mailer = recordingMailer();
    expect(await dispatcherWith(mailer).deliverDue(now)).toBe(0);
    expect(await dispatcherWith(mailer).deliverDue(now + 61_000)).toBe(1);
    expect(mailer.sent).toHaveLength(1);
  });

  it('queues the payment and shipping emails with their status changes, sent in that order', async () => {
    const product = await insertProduct(t.database.db, { quantity: 5, minimum: 1 });
    const orderId = (await placeOrder(product.id)).json().insertedId as string;
    await t.app.orders.markPaid(orderId, 'pi_outbox_test');
    const admin = await insertSignedInUser(t.database.db, { role: 'admin' });
    const shipped = await t.app.inject({ method: 'PATCH', url: `/api/shiftorders/${orderId}`, headers: admin.headers });
    expect(shipped.statusCode).toBe(200);
    expect((await queued()).map((row) => row.kind)).toEqual(['placed', 'paid', 'shipped']);
    const mailer = recordingMailer();
    expect(await dispatcherWith(mailer).deliverDue()).toBe(3);
    const number = await numberOf(orderId);
    expect(mailer.sent.map((mail) => mail.subject)).toEqual([
      `Your Moto Parts order ${number} is waiting for payment`,
      `Payment received for order ${number}`,
      `Your order ${number} is on its way`,
    ]);
  });

  it('shows the delivery method, its arrival and the amounts in the confirmation and payment emails', async () => {
    const admin = await insertSignedInUser(t.database.db, { role: 'admin' });
    const methods = (await t.app.inject({ url: '/api/shipping-methods' })).json() as Array<{ _id: string; name: string }>;
    const methodId = (name: string) => methods.find((method) => method.name === name)!._id;
    const code = await t.app.inject({ method: 'POST', url: '/api/discounts', headers: admin.headers, payload: { kind: 'percent', value: 10, code: 'MAILTEN' } });
    expect(code.statusCode, code.body).toBe(201);
    const oil = await insertProduct(t.database.db, { name: 'Fork Oil', price_cents: 4999, quantity: 10, minimum: 1 });
    const pads = await insertProduct(t.database.db, { name: 'Disc Pads', price_cents: 1250, quantity: 10, minimum: 1 });
    const address = { location: '12 Kings Road, London', phone: '+44 7700 900123', country: 'US', region: 'CA', postcode: '94103' };
    const lines = [{ productId: oil.id, quantity: 1 }, { productId: pads.id, quantity: 2 }];
    expect((await t.app.inject({ method: 'PUT', url: '/api/cart', headers: alice.headers, payload: { lines } })).statusCode).toBe(200);
    const checkout = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: alice.headers, payload: { ...address, shippingMethodId: methodId('Express'), discountCode: 'MAILTEN' } });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const { checkoutId, orderIds } = checkout.json() as { checkoutId: string; orderIds: string[] };
    const collected = await t.app.inject({ method: 'POST', url: '/api/orders', headers: alice.headers, payload: { productId: pads.id, quantity: 1, ...address, shippingMethodId: methodId('Collect from the shop') } });
    expect(collected.statusCode, collected.body).toBe(201);
    const collectedId = collected.json().insertedId as string;
    await t.app.orders.markPaid(checkoutId, 'pi_priced_mail');
    // The shop turns collection into a delivery before the emails go: the purchase keeps its method's days as placed.
    const collection = t.database.db.updateTable('shipping_methods').where('id', '=', methodId('Collect from the shop'));
    await collection.set({ days_min: 1, days_max: 2 }).execute();

    const mailer = recordingMailer();
    expect(await dispatcherWith(mailer).deliverDue()).toBe(3);
    await collection.set({ days_min: 0, days_max: 0 }).execute();
    const purchase = await t.database.db.selectFrom('purchases').selectAll().where('id', '=', checkoutId).executeTakeFirstOrThrow();
    const dollars = (cents: number | string) => `$${(Number(cents) / 100).toFixed(2)}`;
    const arrives = arrivalText({ arrivesFrom: purchase.arrives_from!, arrivesTo: purchase.arrives_to!, daysMax: 1 });
    const tax = purchase.prices_include_tax ? 'Tax (included)' : 'Tax';
    const amounts = [
      '1 x Fork Oil at $49.99 = $49.99',
      '2 x Disc Pads at $12.50 = $25.00',
      `Delivery method: Express (${arrives})`,
      'Subtotal: $74.99',
      'Delivery: $12.90',
      `Discount: -${dollars(purchase.discount_cents)}`,
      `${tax}: ${dollars(purchase.tax_cents)}`,
      `Total: ${dollars(purchase.total_cents)}`,
      `Order number: ${await numberOf(orderIds[0]!)}`,
    ].join('\n');
    expect(Number(purchase.discount_cents)).toBe(750);
    const number = await numberOf(orderIds[0]!);
    const checkoutMails = mailer.sent.filter((mail) => mail.subject.endsWith(`${number} is waiting for payment`) || mail.subject.endsWith(`order ${number}`));
    expect(checkoutMails.map((mail) => mail.subject)).toEqual([`Your Moto Parts order ${number} is waiting for payment`, `Payment received for order ${number}`]);
    for (const mail of checkoutMails) expect(mail.text).toContain(`\n\n${amounts}\n`);

    // Collected from the shop: ready on a day, not arriving; nothing for delivery, no discount line.
    const collect = await t.database.db.selectFrom('purchases').selectAll().where('id', '=', collectedId).executeTakeFirstOrThrow();
    expect(collect.shipping_days_max).toBe(0);
    const numberOfCollected = (await numberOf(collectedId)).slice(1);
    const collectMail = mailer.sent.find((mail) => mail.subject === `Your Moto Parts order #${numberOfCollected} is waiting for payment`)!;
    expect(collectMail.text).toContain(`1 x Disc Pads at $12.50 = $12.50\nDelivery method: Collect from the shop (${arrivalText({ arrivesFrom: collect.arrives_from!, arrivesTo: collect.arrives_to!, daysMax: 0 })})\nSubtotal: $12.50\nDelivery: Free\n${tax}: ${dollars(collect.tax_cents)}\nTotal: ${dollars(collect.total_cents)}\n`);
    expect(collectMail.text).toMatch(/Ready to collect [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}\)/);
    expect(collectMail.text).not.toContain('Discount:');
  });
});

describe('the documents the emails carry', () => {
  it('the payment email carries the invoice and the refund email the credit note, the same files as the downloads', async () => {
    const product = await insertProduct(t.database.db, { name: 'Brake Fluid DOT 4', price_cents: 1100, quantity: 5, minimum: 1 });
    const orderId = (await placeOrder(product.id)).json().insertedId as string;
    await payWithTestCard(t.app, alice, { orderId }, orderId);
    const admin = await insertSignedInUser(t.database.db, { role: 'admin' });
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/refund`, headers: admin.headers })).statusCode).toBe(200);
    const mailer = recordingMailer();
    expect(await dispatcherWith(mailer).deliverDue()).toBe(3);

    const invoice = await t.app.inject({ url: `/api/purchases/${orderId}/invoice`, headers: alice.headers });
    const { refund_id: refundId } = await t.database.db.selectFrom('orders').select('refund_id').where('id', '=', orderId).executeTakeFirstOrThrow();
    const note = await t.app.inject({ url: `/api/refunds/${refundId}/credit-note`, headers: alice.headers });
    const [placed, paid, refunded] = mailer.sent;
    expect(placed!.attachments).toBeUndefined();
    expect(paid!.attachments?.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
      { filename: /filename="(.+)"/.exec(String(invoice.headers['content-disposition']))![1], contentType: 'application/pdf' },
    ]);
    expect(paid!.attachments![0]!.content.equals(invoice.rawPayload)).toBe(true);
    expect(refunded!.attachments![0]!.filename).toMatch(/^CN-\d{4}-\d{5}\.pdf$/);
    expect(refunded!.attachments![0]!.content.equals(note.rawPayload)).toBe(true);
  });
});
