import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertShopPeople, type insertSignedInUser } from '../../test/factories.js';
import { DELIVERY, payWithTestCard } from '../../test/purchases.js';

type Caller = Awaited<ReturnType<typeof insertSignedInUser>>;
let t: TestApp;
let admin: Caller;
let staff: Caller;
let customer: Caller;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.background.stop();
  ({ admin, staff, customer } = await insertShopPeople(t.database.db));
});
afterAll(async () => t.close());

/** The activity entries of a record, oldest first, as the table keeps them. */
const entriesOf = async (recordId: string) =>
  (await t.database.db.selectFrom('activity').selectAll().where('record_id', '=', recordId).orderBy('id').execute()).map((row) => ({
    actor: { id: row.actor_id, name: row.actor_name, email: row.actor_email, role: row.actor_role },
    action: row.action,
    record: { type: row.record_type, id: row.record_id, label: row.record_label },
    changes: JSON.parse(row.changes) as unknown[],
    summary: row.summary,
  }));
const entryCount = async () => Number((await t.database.db.selectFrom('activity').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const numberOf = async (orderId: string) => (await t.database.db.selectFrom('orders').select('number').where('id', '=', orderId).executeTakeFirstOrThrow()).number;
const statusOf = async (orderId: string) => (await t.database.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;
const actorOf = (caller: Caller, role: string) => ({ id: caller.id, name: caller.name, email: caller.email, role });

/** A one-part order of a $12.50 part: placed, and paid unless `paid` is false. */
async function order({ paid = true, quantity = 2 } = {}) {
  const part = await insertProduct(t.database.db, { price_cents: 1250, minimum: 1, quantity: 50 });
  const placed = await t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.headers, payload: { productId: part.id, quantity, ...DELIVERY } });
  expect(placed.statusCode).toBe(201);
  const orderId = placed.json().insertedId as string;
  if (paid) await payWithTestCard(t.app, customer, { orderId }, orderId);
  return { orderId, part };
}

/** A paid checkout of two parts: its id and its lines' ids. */
async function checkout() {
  const parts = await Promise.all([1000, 500].map((price_cents) => insertProduct(t.database.db, { price_cents, minimum: 1, quantity: 10 })));
  await t.app.inject({ method: 'PUT', url: '/api/cart', headers: customer.headers, payload: { lines: parts.map((part) => ({ productId: part.id, quantity: 1 })) } });
  const placed = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: customer.headers, payload: DELIVERY });
  expect(placed.statusCode).toBe(201);
  const { checkoutId, orderIds } = placed.json() as { checkoutId: string; orderIds: string[] };
  await payWithTestCard(t.app, customer, { checkoutId }, orderIds[0]!);
  return { checkoutId, orderIds };
}

describe('shipping', () => {
  it("keeps staff's shipment of an order as one entry: who, the order, its status, carrier and tracking", async () => {
    const { orderId } = await order();
    const shipped = await t.app.inject({ method: 'PATCH', url: `/api/shiftorders/${orderId}`, headers: staff.headers, payload: { carrier: 'DPD', trackingNumber: 'TRK-1' } });
    expect(shipped.statusCode).toBe(200);
    expect(await entriesOf(orderId)).toEqual([
      {
        actor: actorOf(staff, 'staff'),
        action: 'order.shipped',
        record: { type: 'order', id: orderId, label: `Order #${await numberOf(orderId)}` },
        changes: [
          { field: 'status', before: 'paid', after: 'shipped' },
          { field: 'carrier', before: null, after: 'DPD' },
          { field: 'trackingNumber', before: null, after: 'TRK-1' },
        ],
        summary: null,
      },
    ]);
  });

  it('writes nothing for a shipment refused (409) or of no order (404)', async () => {
    const { orderId } = await order({ paid: false });
    const before = await entryCount();
    expect((await t.app.inject({ method: 'PATCH', url: `/api/shiftorders/${orderId}`, headers: admin.headers, payload: {} })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/shiftorders/${'e'.repeat(24)}`, headers: admin.headers, payload: {} })).statusCode).toBe(404);
    expect(await entryCount()).toBe(before);
  });

  it('keeps a purchase shipped as one parcel as one entry naming the lines that went', async () => {
    const { checkoutId, orderIds } = await checkout();
    const shipped = await t.app.inject({ method: 'POST', url: `/api/purchases/${checkoutId}/ship`, headers: admin.headers, payload: { trackingNumber: 'PARCEL-9' } });
    expect(shipped.statusCode).toBe(200);
    const numbers = await Promise.all(orderIds.map(numberOf));
    const purchaseNumber = shipped.json().number as number;
    expect(await entriesOf(checkoutId)).toEqual([
      {
        actor: actorOf(admin, 'admin'),
        action: 'purchase.shipped',
        record: { type: 'purchase', id: checkoutId, label: `Order #${purchaseNumber}` },
        changes: [{ field: 'trackingNumber', before: null, after: 'PARCEL-9' }],
        summary: `2 lines shipped: ${numbers.map((n) => `#${n}`).join(', ')}`,
      },
    ]);
    // Nothing left to ship: refused, and nothing written.
    const before = await entryCount();
    expect((await t.app.inject({ method: 'POST', url: `/api/purchases/${checkoutId}/ship`, headers: admin.headers, payload: {} })).statusCode).toBe(409);
    expect(await entryCount()).toBe(before);
  });
});

describe('cancelling', () => {
  it("keeps an admin's cancellation of a customer's order, and nothing of a customer's own", async () => {
    const byAdmin = await order({ paid: false });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${byAdmin.orderId}`, headers: admin.headers })).statusCode).toBe(200);
    expect(await entriesOf(byAdmin.orderId)).toEqual([
      {
        actor: actorOf(admin, 'admin'),
        action: 'order.cancelled',
        record: { type: 'order', id: byAdmin.orderId, label: `Order #${await numberOf(byAdmin.orderId)}` },
        changes: [{ field: 'status', before: 'waiting', after: 'cancelled' }],
        summary: null,
      },
    ]);

    const own = await order({ paid: false });
    const before = await entryCount();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${own.orderId}`, headers: customer.headers })).statusCode).toBe(200);
    expect(await statusOf(own.orderId)).toBe('cancelled');
    // A paid order cannot be cancelled: refused, nothing written.
    const paid = await order();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${paid.orderId}`, headers: admin.headers })).statusCode).toBe(409);
    expect(await entryCount()).toBe(before);
  });
});

describe('refunds', () => {
  it("keeps an admin's refund with its amount and the pieces put back, and refuses staff (403) with nothing changed", async () => {
    const { orderId } = await order({ quantity: 2 });
    const before = await entryCount();
    const refused = await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/refund`, headers: staff.headers, payload: {} });
    expect(refused.statusCode).toBe(403);
    expect(await statusOf(orderId)).toBe('paid');
    expect(await entryCount()).toBe(before);

    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/refund`, headers: admin.headers, payload: {} })).statusCode).toBe(200);
    expect(await entriesOf(orderId)).toEqual([
      {
        actor: actorOf(admin, 'admin'),
        action: 'order.refunded',
        record: { type: 'order', id: orderId, label: `Order #${await numberOf(orderId)}` },
        changes: [
          { field: 'status', before: 'paid', after: 'refunded' },
          { field: 'amount', before: null, after: 25 },
          { field: 'restock', before: null, after: 2 },
        ],
        summary: null,
      },
    ]);
    // Refunded already: refused, nothing written.
    const after = await entryCount();
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/refund`, headers: admin.headers, payload: {} })).statusCode).toBe(409);
    expect(await entryCount()).toBe(after);
  });

  it('keeps part of an amount given back, the line staying as it is', async () => {
    const { orderId } = await order({ quantity: 2 });
    const refunded = await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/refund`, headers: admin.headers, payload: { amount: 5.5, restock: 1 } });
    expect(refunded.statusCode).toBe(200);
    expect((await entriesOf(orderId)).map(({ action, changes }) => ({ action, changes }))).toEqual([
      {
        action: 'order.refunded',
        changes: [
          { field: 'amount', before: null, after: 5.5 },
          { field: 'restock', before: null, after: 1 },
        ],
      },
    ]);
    const before = await entryCount();
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/refund`, headers: admin.headers, payload: { amount: 1000 } })).statusCode).toBe(409);
    expect(await entryCount()).toBe(before);
  });

  it("keeps a checkout's refund as the refund of each line it gave back; staff are refused (403)", async () => {
    const { checkoutId, orderIds } = await checkout();
    const before = await entryCount();
    expect((await t.app.inject({ method: 'POST', url: `/api/checkouts/${checkoutId}/refund`, headers: staff.headers })).statusCode).toBe(403);
    expect(await entryCount()).toBe(before);

    expect((await t.app.inject({ method: 'POST', url: `/api/checkouts/${checkoutId}/refund`, headers: admin.headers })).statusCode).toBe(200);
    for (const orderId of orderIds) {
      expect((await entriesOf(orderId)).map(({ actor, action }) => ({ role: actor.role, action }))).toEqual([{ role: 'admin', action: 'order.refunded' }]);
    }
    expect(await entryCount()).toBe(before + orderIds.length);
  });
});
