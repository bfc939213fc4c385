import { DEMO_SETTINGS, type Order, type Purchase, RETURN_COMMENT_MAX, returnMessages, RETURNS_PAGE_SIZE, type Return } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';
import { mailsTo as outboxMailsTo } from '../../test/outbox.js';
import { DELIVERY, payWithTestCard, VISA } from '../../test/purchases.js';

let t: TestApp;
type Caller = Awaited<ReturnType<typeof insertSignedInUser>>;
type Part = Awaited<ReturnType<typeof insertProduct>>;
let admin: Caller;

const DAY_MS = 24 * 60 * 60 * 1000;
const SHOP_ADDRESS = '1 Workshop Yard, Springfield, IL 62701';
/** Stripe's test card that pays, and whose refunds the provider declines. */
const CLOSED_SINCE = { number: '4000 0000 0000 5126', expiry: '12/34', cvc: '123' };

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SCALE: '10' });
  // The emails are sent by the tests' own rounds, not on the background's clock.
  await t.app.background.stop();
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
  const saved = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: { ...DEMO_SETTINGS, shopAddress: SHOP_ADDRESS } });
  expect(saved.statusCode).toBe(200);
});
afterAll(async () => t.close());

const stockOf = async (part: Part) => (await t.database.db.selectFrom('products').select('quantity').where('id', '=', part.id).executeTakeFirstOrThrow()).quantity;
const returnRow = (id: string) => t.database.db.selectFrom('returns').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const providerRefunds = (intentId: string) => t.database.db.selectFrom('test_refunds').select(['amount_cents', 'status']).where('intent_id', '=', intentId).execute();
const mailsTo = (customer: Caller) => outboxMailsTo(t.app.config.mail.outboxDir, customer.email);
/** Sends every order email due now, as the background's rounds would. */
const sendDueMail = async () => {
  while ((await t.app.orders.mail.deliverDue()) > 0);
};

const place = async (customer: Caller, part: Part, quantity: number) => {
  const placed = await t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.headers, payload: { productId: part.id, quantity, ...DELIVERY } });
  expect(placed.statusCode).toBe(201);
  return placed.json().insertedId as string;
};
const ship = async (orderId: string) => expect((await t.app.inject({ method: 'PATCH', url: `/api/shiftorders/${orderId}`, headers: admin.headers })).statusCode).toBe(200);

/** A customer's one-part order of `quantity` pieces of a part priced $12.50, paid and shipped. */
async function shippedLine({ quantity = 3, card = VISA, name = 'Chain kit 520', customer }: { quantity?: number; card?: typeof VISA; name?: string; customer?: Caller } = {}) {
  const buyer = customer ?? (await insertSignedInUser(t.database.db));
  const part = await insertProduct(t.database.db, { name, price_cents: 1250, minimum: 1, quantity: 100 });
  const orderId = await place(buyer, part, quantity);
  const intentId = await payWithTestCard(t.app, buyer, { orderId }, orderId, card);
  await ship(orderId);
  return { customer: buyer, part, orderId, intentId };
}

const requestReturn = (customer: Caller, orderId: string, payload: object = { quantity: 1, reason: 'Damaged' }) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/returns`, headers: customer.headers, payload });
const step = (id: string, payload: object, caller: Caller = admin) => t.app.inject({ method: 'PATCH', url: `/api/returns/${id}`, headers: caller.headers, payload });
const listReturns = async (query: string) => {
  const response = await t.app.inject({ url: `/api/returns?${query}`, headers: admin.headers });
  expect(response.statusCode).toBe(200);
  return response.json() as { returns: Return[]; total: number; page: number; pageSize: number };
};
const myLine = async (customer: Caller, orderId: string): Promise<Order> =>
  ((await t.app.inject({ url: `/api/orders/${customer.email}`, headers: customer.headers })).json() as Order[]).find((order) => order._id === orderId)!;

/** A return of one piece moved up to `status` by the admin's steps: its id. */
async function returnIn(status: 'requested' | 'approved' | 'received', line: { customer: Caller; orderId: string }, quantity = 1): Promise<string> {
  const created = await requestReturn(line.customer, line.orderId, { quantity, reason: 'Does not fit my bike' });
  expect(created.statusCode).toBe(201);
  const id = created.json()._id as string;
  if (status !== 'requested') expect((await step(id, { action: 'approve' })).statusCode).toBe(200);
  if (status === 'received') expect((await step(id, { action: 'receive' })).statusCode).toBe(200);
  return id;
}

const expectRefused = (response: { statusCode: number; json(): { error: { message: string } } }, status: number, message: string) => {
  expect(response.statusCode).toBe(status);
  expect(response.json().error.message).toBe(message);
};

describe('asking to return a part', () => {
  it('records pieces of a shipped line as requested, with what the admin needs to refund them', async () => {
    const { customer, part, orderId } = await shippedLine({ quantity: 3 });
    const response = await requestReturn(customer, orderId, { quantity: 2, reason: 'Wrong part sent', comment: '  Sent a 525 chain instead  ' });
    expect(response.statusCode).toBe(201);
    const order = (await t.database.db.selectFrom('orders').select(['number', 'purchase_id']).where('id', '=', orderId).executeTakeFirstOrThrow());
    expect(response.json()).toMatchObject({
      orderId,
      orderNumber: order.number,
      purchaseId: order.purchase_id,
      purchaseNumber: order.number,
      productId: part.id,
      toolName: 'Chain kit 520',
      quantity: 2,
      orderQuantity: 3,
      reason: 'Wrong part sent',
      comment: 'Sent a 525 chain instead',
      status: 'requested',
      statusText: 'Return requested',
      rejectReason: null,
      customerName: customer.name,
      email: customer.email,
      shareAmount: 25,
      refundableLeft: 37.5,
      refundAmount: null,
      restocked: false,
    });
    expect(await returnRow(response.json()._id)).toMatchObject({ user_id: customer.id, purchase_id: order.purchase_id, status: 'requested' });
  });

  it('refuses a line that is not shipped: waiting, paid, cancelled or refunded', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const part = await insertProduct(t.database.db, { price_cents: 900, minimum: 1, quantity: 50 });
    const waiting = await place(customer, part, 1);
    const cancelled = await place(customer, part, 1);
    await t.app.inject({ method: 'DELETE', url: `/api/orders/${cancelled}`, headers: customer.headers });
    const paid = await place(customer, part, 1);
    await payWithTestCard(t.app, customer, { orderId: paid }, paid);
    const refunded = await place(customer, part, 1);
    await payWithTestCard(t.app, customer, { orderId: refunded }, refunded);
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${refunded}/refund`, headers: admin.headers })).statusCode).toBe(200);

    for (const orderId of [waiting, paid, cancelled, refunded]) expectRefused(await requestReturn(customer, orderId), 409, returnMessages.notShipped);
    expect(await t.database.db.selectFrom('returns').select('id').where('user_id', '=', customer.id).execute()).toEqual([]);
  });

  it("answers someone else's order, an admin's request for a customer and an unknown order as not found", async () => {
    const { orderId } = await shippedLine();
    const stranger = await insertSignedInUser(t.database.db);
    for (const caller of [stranger, admin]) expectRefused(await requestReturn(caller, orderId), 404, 'Order was not found');
    expectRefused(await requestReturn(stranger, 'a'.repeat(24)), 404, 'Order was not found');
    expect(await t.database.db.selectFrom('returns').select('id').where('order_id', '=', orderId).execute()).toEqual([]);
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/returns`, payload: { quantity: 1, reason: 'Damaged' } })).statusCode).toBe(401);
  });

  it('is open for the return window from the shipping, in whole days, as the settings say', async () => {
    const { customer, orderId } = await shippedLine({ quantity: 2 });
    const shipAgo = (days: number) =>
      t.database.db
        .updateTable('orders')
        .set({ shipped_at: new Date(Date.now() - days * DAY_MS).toISOString() })
        .where('id', '=', orderId)
        .execute();
    await shipAgo(30.01);
    expectRefused(await requestReturn(customer, orderId), 409, returnMessages.windowClosed(30));
    await shipAgo(29.99);
    expect((await requestReturn(customer, orderId)).statusCode).toBe(201);

    const shorter = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: { ...DEMO_SETTINGS, shopAddress: SHOP_ADDRESS, returnWindowDays: 14 } });
    expect(shorter.statusCode).toBe(200);
    try {
      expectRefused(await requestReturn(customer, orderId), 409, returnMessages.windowClosed(14));
      await shipAgo(13.99);
      expect((await requestReturn(customer, orderId)).statusCode).toBe(201);
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: { ...DEMO_SETTINGS, shopAddress: SHOP_ADDRESS } });
    }
  });

  it('takes at most the pieces bought that no other return holds; a rejected return gives its pieces back', async () => {
    const line = await shippedLine({ quantity: 3 });
    const { customer, orderId } = line;
    expect((await requestReturn(customer, orderId, { quantity: 2, reason: 'Damaged' })).statusCode).toBe(201);
    // The same pieces twice are refused like any pieces above what is left.
    const twice = await requestReturn(customer, orderId, { quantity: 2, reason: 'Damaged' });
    expectRefused(twice, 409, returnMessages.tooMany(1));
    expect(twice.json().error.fieldErrors).toEqual({ quantity: [returnMessages.tooMany(1)] });
    const last = await requestReturn(customer, orderId, { quantity: 1, reason: 'No longer needed' });
    expect(last.statusCode).toBe(201);
    expectRefused(await requestReturn(customer, orderId), 409, returnMessages.tooMany(0));
    expect((await step(last.json()._id, { action: 'reject', reason: 'Used part' })).statusCode).toBe(200);
    expect((await requestReturn(customer, orderId)).statusCode).toBe(201);
    expectRefused(await requestReturn(customer, orderId), 409, returnMessages.tooMany(0));
  });

  it('counts requests made at once one after the other: only the pieces bought are ever in returns', async () => {
    const { customer, orderId } = await shippedLine({ quantity: 3 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => requestReturn(customer, orderId)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 409, 409, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) expect(refused.json().error.message).toBe(returnMessages.tooMany(0));
    const rows = await t.database.db.selectFrom('returns').select('quantity').where('order_id', '=', orderId).execute();
    expect(rows.reduce((sum, row) => sum + row.quantity, 0)).toBe(3);

    // Two pieces at a time, from a fresh line of 5: never more than 5 pieces, whatever the interleaving.
    const other = await shippedLine({ quantity: 5, customer });
    const pairs = await Promise.all(Array.from({ length: 6 }, () => requestReturn(customer, other.orderId, { quantity: 2, reason: 'Damaged' })));
    expect(pairs.filter((answer) => answer.statusCode === 201)).toHaveLength(2);
    expect(pairs.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().error.message)).toEqual(Array(4).fill(returnMessages.tooMany(1)));
  });

  it('checks the fields: a whole quantity from 1, a listed reason, a comment of at most 1,000 characters kept as text', async () => {
    const { customer, orderId } = await shippedLine({ quantity: 2 });
    const refusedField = async (payload: object, field: string, message: string) => {
      const response = await requestReturn(customer, orderId, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().error.fieldErrors[field]).toEqual([message]);
    };
    await refusedField({ quantity: 0, reason: 'Damaged' }, 'quantity', returnMessages.quantityInvalid);
    await refusedField({ quantity: 1.5, reason: 'Damaged' }, 'quantity', returnMessages.quantityInvalid);
    await refusedField({ reason: 'Damaged' }, 'quantity', returnMessages.quantityInvalid);
    await refusedField({ quantity: 1, reason: 'Bored of it' }, 'reason', returnMessages.reasonInvalid);
    await refusedField({ quantity: 1, reason: 'Other', comment: 'x'.repeat(5000) }, 'comment', returnMessages.commentTooLong);
    await refusedField({ quantity: 1, reason: 'Other', comment: 'x'.repeat(RETURN_COMMENT_MAX + 1) }, 'comment', returnMessages.commentTooLong);
    expect(await t.database.db.selectFrom('returns').select('id').where('order_id', '=', orderId).execute()).toEqual([]);

    const markup = '<script>alert("hi")</script> <b>bent</b> & scratched';
    const kept = await requestReturn(customer, orderId, { quantity: 1, reason: 'Other', comment: markup });
    expect(kept.statusCode).toBe(201);
    expect(kept.json().comment).toBe(markup);
    expect((await returnRow(kept.json()._id)).comment).toBe(markup);
    expect((await listReturns(`q=${encodeURIComponent(customer.email)}`)).returns[0]!.comment).toBe(markup);
    expect((await requestReturn(customer, orderId, { quantity: 1, reason: 'Other', comment: 'y'.repeat(RETURN_COMMENT_MAX) })).statusCode).toBe(201);
  });
});

describe("the admin's steps", () => {
  it('moves requested -> approved -> received -> refunded, each step once, and refuses every other move with its text', async () => {
    const line = await shippedLine({ quantity: 3 });
    const id = await returnIn('requested', line);

    expectRefused(await step(id, { action: 'receive' }), 409, returnMessages.cannot('receive', 'requested'));
    expectRefused(await step(id, { action: 'refund', amount: 12.5 }), 409, returnMessages.cannot('refund', 'requested'));
    const approved = await step(id, { action: 'approve' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ _id: id, status: 'approved', statusText: 'Return approved' });

    expectRefused(await step(id, { action: 'approve' }), 409, returnMessages.cannot('approve', 'approved'));
    expectRefused(await step(id, { action: 'reject', reason: 'Too late' }), 409, returnMessages.cannot('reject', 'approved'));
    expectRefused(await step(id, { action: 'refund', amount: 12.5 }), 409, returnMessages.cannot('refund', 'approved'));
    const received = await step(id, { action: 'receive' });
    expect(received.json()).toMatchObject({ status: 'received', statusText: 'Return received' });

    expectRefused(await step(id, { action: 'approve' }), 409, returnMessages.cannot('approve', 'received'));
    expectRefused(await step(id, { action: 'reject', reason: 'Worn' }), 409, returnMessages.cannot('reject', 'received'));
    expectRefused(await step(id, { action: 'receive' }), 409, returnMessages.cannot('receive', 'received'));
    const refunded = await step(id, { action: 'refund', amount: 12.5 });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json()).toMatchObject({ status: 'refunded', statusText: 'Refunded', refundAmount: 12.5, restocked: false, refundableLeft: 25 });

    for (const action of ['approve', 'receive'] as const) expectRefused(await step(id, { action }), 409, returnMessages.cannot(action, 'refunded'));
    expectRefused(await step(id, { action: 'reject', reason: 'Late' }), 409, returnMessages.cannot('reject', 'refunded'));
    expectRefused(await step(id, { action: 'refund', amount: 12.5 }), 409, returnMessages.cannot('refund', 'refunded'));
    expect(await providerRefunds(line.intentId)).toEqual([{ amount_cents: 1250, status: 'succeeded' }]);
  });

  it('rejects a request with a reason, which the line shows, and nothing moves a rejected return', async () => {
    const line = await shippedLine();
    const id = await returnIn('requested', line);
    const noReason = await step(id, { action: 'reject' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().error.fieldErrors.reason).toEqual([returnMessages.rejectReasonRequired]);
    expect((await step(id, { action: 'reject', reason: '   ' })).statusCode).toBe(422);

    const rejected = await step(id, { action: 'reject', reason: 'The seal is broken' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectReason: 'The seal is broken', statusText: 'Return rejected: The seal is broken' });
    for (const action of ['approve', 'receive'] as const) expectRefused(await step(id, { action }), 409, returnMessages.cannot(action, 'rejected'));
    expectRefused(await step(id, { action: 'reject', reason: 'Again' }), 409, returnMessages.cannot('reject', 'rejected'));
    expectRefused(await step(id, { action: 'refund', amount: 1 }), 409, returnMessages.cannot('refund', 'rejected'));
    expect((await myLine(line.customer, line.orderId)).returns).toEqual([{ _id: id, quantity: 1, status: 'rejected', statusText: 'Return rejected: The seal is broken' }]);
  });

  it('refuses an unknown return, an unknown action and a bad amount', async () => {
    expectRefused(await step('b'.repeat(24), { action: 'approve' }), 404, 'Return was not found');
    const id = await returnIn('received', await shippedLine());
    const unknown = await step(id, { action: 'destroy' });
    expect(unknown.statusCode).toBe(422);
    for (const amount of [0, -5, 1.234, 'ten']) {
      const response = await step(id, { action: 'refund', amount });
      expect(response.statusCode, String(amount)).toBe(422);
      expect(response.json().error.fieldErrors.amount).toEqual([returnMessages.amountInvalid]);
    }
    expect((await returnRow(id)).status).toBe('received');
  });
});

describe('refunding a return', () => {
  it('gives the amount back through the provider and puts the returned pieces back in stock, once', async () => {
    const line = await shippedLine({ quantity: 3 });
    const id = await returnIn('received', line, 2);
    expect(await stockOf(line.part)).toBe(97);
    const [listed] = (await listReturns(`q=${encodeURIComponent(line.customer.email)}`)).returns;
    expect(listed).toMatchObject({ _id: id, shareAmount: 25, refundableLeft: 37.5 });

    const refunded = await step(id, { action: 'refund', amount: 25, restock: true });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json()).toMatchObject({ status: 'refunded', refundAmount: 25, restocked: true, refundableLeft: 12.5 });
    expect(await stockOf(line.part)).toBe(99);
    expect(await providerRefunds(line.intentId)).toEqual([{ amount_cents: 2500, status: 'succeeded' }]);
    const row = await returnRow(id);
    expect(row).toMatchObject({ status: 'refunded', claimed_until: null });
    expect(Number(row.refund_cents)).toBe(2500);
    const ledger = await t.database.db.selectFrom('refunds').select(['id', 'return_id', 'restock_quantity']).where('order_id', '=', line.orderId).execute();
    expect(ledger).toEqual([{ id: row.refund_id, return_id: id, restock_quantity: 2 }]);
    // The line stays shipped; its last piece can still go back.
    expect(await myLine(line.customer, line.orderId)).toMatchObject({ status: 'shipped', refunded: 25, returnableQuantity: 1 });

    expectRefused(await step(id, { action: 'refund', amount: 25, restock: true }), 409, returnMessages.cannot('refund', 'refunded'));
    expect(await stockOf(line.part)).toBe(99);
  });

  it('leaves the stock as it is without restock, and refuses an amount above what is left of the payment, the return staying received', async () => {
    const line = await shippedLine({ quantity: 2 });
    const first = await returnIn('received', line);
    const second = await returnIn('received', line);
    const tooMuch = await step(first, { action: 'refund', amount: 30 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toBe(returnMessages.amountAboveLeft(2500));
    expect(await returnRow(first)).toMatchObject({ status: 'received', claimed_until: null });

    expect((await step(first, { action: 'refund', amount: 20 })).json()).toMatchObject({ status: 'refunded', refundAmount: 20, restocked: false, refundableLeft: 5 });
    expect(await stockOf(line.part)).toBe(98);
    expect((await step(second, { action: 'refund', amount: 5.01 })).json().error.message).toBe(returnMessages.amountAboveLeft(500));
    expect((await step(second, { action: 'refund', amount: 5, restock: true })).json()).toMatchObject({ status: 'refunded', refundAmount: 5, restocked: true, refundableLeft: 0 });
    expect(await stockOf(line.part)).toBe(99);
    expect((await providerRefunds(line.intentId)).map((refund) => refund.amount_cents)).toEqual([2000, 500]);
    // Everything paid for the line is back: none of it can be returned any more.
    expect(await myLine(line.customer, line.orderId)).toMatchObject({ refunded: 25, returnableQuantity: 0, returnableUntil: null });
  });

  it('refuses to take back a piece of a line whose every cent was refunded already', async () => {
    const line = await shippedLine({ quantity: 2 });
    const id = await returnIn('received', line);
    expect((await step(id, { action: 'refund', amount: 25 })).json()).toMatchObject({ status: 'refunded', refundAmount: 25 });
    expect(await myLine(line.customer, line.orderId)).toMatchObject({ status: 'shipped', refunded: 25, returnableQuantity: 0, returnableUntil: null });
    expectRefused(await requestReturn(line.customer, line.orderId), 409, returnMessages.allRefunded);
  });

  it('makes one refund when two admins refund the same return at once', async () => {
    const line = await shippedLine({ quantity: 3 });
    const id = await returnIn('received', line, 3);
    const otherAdmin = await insertSignedInUser(t.database.db, { role: 'admin' });
    const answers = await Promise.all([admin, otherAdmin, admin, otherAdmin].map((caller) => step(id, { action: 'refund', amount: 37.5, restock: true }, caller)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect([returnMessages.refundUnderWay, returnMessages.cannot('refund', 'refunded')]).toContain(refused.json().error.message);
    }
    expect(await providerRefunds(line.intentId)).toEqual([{ amount_cents: 3750, status: 'succeeded' }]);
    expect(await stockOf(line.part)).toBe(100);
    expect(await t.database.db.selectFrom('refunds').select('status').where('order_id', '=', line.orderId).execute()).toEqual([{ status: 'succeeded' }]);
  });

  it('says a refund is under way while another admin holds the return for it', async () => {
    const id = await returnIn('received', await shippedLine());
    await t.database.db.updateTable('returns').set({ claimed_until: new Date(Date.now() + 60_000).toISOString() }).where('id', '=', id).execute();
    expectRefused(await step(id, { action: 'refund', amount: 12.5 }), 409, returnMessages.refundUnderWay);
    // A claim left by an instance that stopped runs out.
    await t.database.db.updateTable('returns').set({ claimed_until: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute();
    expect((await step(id, { action: 'refund', amount: 12.5 })).json()).toMatchObject({ status: 'refunded' });
  });

  it('keeps the return received, its stock and claim as they were, when the provider declines the refund', async () => {
    const line = await shippedLine({ card: CLOSED_SINCE });
    const id = await returnIn('received', line);
    const stock = await stockOf(line.part);
    const declined = await step(id, { action: 'refund', amount: 12.5, restock: true });
    expect(declined.statusCode).toBe(409);
    expect(declined.json().error.code).toBe('REFUND_DECLINED');
    expect(await returnRow(id)).toMatchObject({ status: 'received', claimed_until: null, refund_id: null });
    expect(await stockOf(line.part)).toBe(stock);
    expect(await providerRefunds(line.intentId)).toEqual([{ amount_cents: 1250, status: 'failed' }]);
    expect((await listReturns(`q=${encodeURIComponent(line.customer.email)}`)).returns[0]).toMatchObject({ status: 'received', refundableLeft: 37.5 });
  });
});

describe('the Returns page', () => {
  it('lists returns newest first, by status, and finds them by order number, part, customer name or email', async () => {
    const customer = await insertSignedInUser(t.database.db, { name: 'Rosalind Quickshifter' });
    const pads = await shippedLine({ customer, name: 'Sintered brake pads', quantity: 2 });
    const filter = await shippedLine({ customer, name: 'Oil filter HF204', quantity: 2 });
    const first = await returnIn('requested', pads);
    const second = await returnIn('approved', filter);
    const third = await returnIn('requested', filter);
    const number = (await t.database.db.selectFrom('orders').select('number').where('id', '=', pads.orderId).executeTakeFirstOrThrow()).number;

    const ids = (page: { returns: Return[] }) => page.returns.map((row) => row._id);
    expect(ids(await listReturns(`q=${encodeURIComponent(customer.email)}`))).toEqual([third, second, first]);
    expect(ids(await listReturns('q=quickshifter'))).toEqual([third, second, first]);
    expect(ids(await listReturns('q=ROSALIND%20quick'))).toEqual([third, second, first]);
    expect(ids(await listReturns('q=sintered'))).toEqual([first]);
    expect(ids(await listReturns(`q=${number}`))).toEqual([first]);
    expect(ids(await listReturns(`q=%23${number}`))).toEqual([first]);
    expect(ids(await listReturns(`status=approved&q=${encodeURIComponent(customer.email)}`))).toEqual([second]);
    expect(ids(await listReturns('q=no-such-rider'))).toEqual([]);
    const everyRequested = await listReturns('status=requested');
    expect(everyRequested.returns.every((row) => row.status === 'requested')).toBe(true);
    expect(everyRequested.total).toBeGreaterThanOrEqual(2);

    const badStatus = await t.app.inject({ url: '/api/returns?status=lost', headers: admin.headers });
    expect(badStatus.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/returns?page=-1', headers: admin.headers })).statusCode).toBe(400);
  });

  it('answers pages of RETURNS_PAGE_SIZE with the total', async () => {
    const customer = await insertSignedInUser(t.database.db, { name: 'Pagina Paddock' });
    const { orderId } = await shippedLine({ customer, quantity: RETURNS_PAGE_SIZE + 5 });
    const made: string[] = [];
    for (let index = 0; index < RETURNS_PAGE_SIZE + 5; index++) made.push((await requestReturn(customer, orderId)).json()._id);
    const first = await listReturns('q=paddock');
    expect(first).toMatchObject({ total: RETURNS_PAGE_SIZE + 5, page: 0, pageSize: RETURNS_PAGE_SIZE });
    expect(first.returns.map((row) => row._id)).toEqual(made.slice().reverse().slice(0, RETURNS_PAGE_SIZE));
    const second = await listReturns('q=paddock&page=1');
    expect(second).toMatchObject({ total: RETURNS_PAGE_SIZE + 5, page: 1 });
    expect(second.returns.map((row) => row._id)).toEqual(made.slice(0, 5).reverse());
    expect((await listReturns('q=paddock&page=2')).returns).toEqual([]);
  });
});

describe("the customer's orders", () => {
  it('carry each line’s returns, the pieces that can still go back and until when', async () => {
    const line = await shippedLine({ quantity: 3 });
    const { customer, orderId } = line;
    const shippedAt = (await t.database.db.selectFrom('orders').select('shipped_at').where('id', '=', orderId).executeTakeFirstOrThrow()).shipped_at!;
    const until = new Date(Date.parse(shippedAt) + 30 * DAY_MS).toISOString();
    expect(await myLine(customer, orderId)).toMatchObject({ returns: [], returnableQuantity: 3, returnableUntil: until });

    const id = await returnIn('approved', line, 2);
    expect(await myLine(customer, orderId)).toMatchObject({
      returns: [{ _id: id, quantity: 2, status: 'approved', statusText: 'Return approved' }],
      returnableQuantity: 1,
      returnableUntil: until,
    });
    const purchaseId = (await myLine(customer, orderId)).purchaseId;
    const purchase = (await t.app.inject({ url: `/api/purchases/${purchaseId}`, headers: customer.headers })).json() as Purchase;
    expect(purchase.lines[0]).toMatchObject({ _id: orderId, returns: [{ _id: id, status: 'approved' }], returnableQuantity: 1, returnableUntil: until });

    const last = await returnIn('requested', line);
    expect(await myLine(customer, orderId)).toMatchObject({ returnableQuantity: 0, returnableUntil: null });
    expect((await myLine(customer, orderId)).returns!.map((row) => row._id)).toEqual([id, last]);

    // A line not shipped yet can send nothing back.
    const part = await insertProduct(t.database.db, { price_cents: 700, minimum: 1, quantity: 10 });
    const paid = await place(customer, part, 2);
    await payWithTestCard(t.app, customer, { orderId: paid }, paid);
    expect(await myLine(customer, paid)).toMatchObject({ returns: [], returnableQuantity: 0, returnableUntil: null });
  });
});

describe('emails', () => {
  it('tells the customer of each step: where to send the part, why it was rejected, that it arrived, and the refund once', async () => {
    const line = await shippedLine({ quantity: 2, name: 'Clutch lever' });
    const { customer } = line;
    const number = (await t.database.db.selectFrom('orders').select('number').where('id', '=', line.orderId).executeTakeFirstOrThrow()).number;
    const accepted = await returnIn('requested', line);
    const declined = await returnIn('requested', line);
    const queued = async () =>
      (await t.database.db.selectFrom('order_mail_outbox').select(['kind', 'return_id']).where('order_id', '=', line.orderId).where('kind', 'in', ['return-approved', 'return-rejected', 'return-received']).execute()).map(
        (row) => `${row.kind} ${row.return_id}`,
      );

    expect((await step(accepted, { action: 'approve' })).statusCode).toBe(200);
    expect((await step(declined, { action: 'reject', reason: 'The lever is bent from a fall' })).statusCode).toBe(200);
    await sendDueMail();
    const approval = mailsTo(customer).find((mail) => mail.includes(`Subject: Your return for order #${number} is approved`));
    expect(approval).toContain(`1 x Clutch lever from order #${number}`);
    expect(approval).toContain(SHOP_ADDRESS);
    expect(mailsTo(customer).find((mail) => mail.includes('was rejected'))).toContain('The lever is bent from a fall');

    expect((await step(accepted, { action: 'receive' })).statusCode).toBe(200);
    await sendDueMail();
    expect(mailsTo(customer).filter((mail) => mail.includes(`Subject: We received your return for order #${number}`))).toHaveLength(1);
    expect(await queued()).toEqual([]);

    const before = mailsTo(customer).length;
    expect((await step(accepted, { action: 'refund', amount: 12.5 })).statusCode).toBe(200);
    await sendDueMail();
    // The refund's one email is the line's: the amount given back, with its credit note.
    const after = mailsTo(customer).slice(before);
    expect(after).toHaveLength(1);
    expect(after[0]).toContain('$12.50');
    expect(after[0]).toMatch(/filename=CN-\d{4}-\d{5}\.pdf/);
    expect(after.filter((mail) => mail.includes('Subject: Your return'))).toEqual([]);
  });
});
