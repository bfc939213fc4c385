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

const entriesOf = async (recordId: string) =>
  (await t.database.db.selectFrom('activity').selectAll().where('record_id', '=', recordId).orderBy('id').execute()).map((row) => ({
    actor: { id: row.actor_id, role: row.actor_role },
    action: row.action,
    record: { type: row.record_type, id: row.record_id, label: row.record_label },
    changes: JSON.parse(row.changes) as unknown[],
  }));
const entryCount = async () => Number((await t.database.db.selectFrom('activity').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const returnRow = (id: string) => t.database.db.selectFrom('returns').select(['status', 'refund_id']).where('id', '=', id).executeTakeFirstOrThrow();
const step = (id: string, payload: object, caller: Caller) => t.app.inject({ method: 'PATCH', url: `/api/returns/${id}`, headers: caller.headers, payload });

/** A return of one piece of a paid and shipped line of two $12.50 pieces: its id and the line's number. */
async function requested() {
  const part = await insertProduct(t.database.db, { price_cents: 1250, minimum: 1, quantity: 20 });
  const placed = await t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.headers, payload: { productId: part.id, quantity: 2, ...DELIVERY } });
  const orderId = placed.json().insertedId as string;
  await payWithTestCard(t.app, customer, { orderId }, orderId);
  expect((await t.app.inject({ method: 'PATCH', url: `/api/shiftorders/${orderId}`, headers: admin.headers, payload: {} })).statusCode).toBe(200);
  const created = await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/returns`, headers: customer.headers, payload: { quantity: 1, reason: 'Does not fit my bike' } });
  expect(created.statusCode).toBe(201);
  return { id: created.json()._id as string, label: `Return of order #${created.json().orderNumber as number}` };
}

describe('the activity of returns', () => {
  it("keeps staff's approval and receipt and an admin's refund, each with the return's status before and after", async () => {
    const { id, label } = await requested();
    expect((await step(id, { action: 'approve' }, staff)).statusCode).toBe(200);
    expect((await step(id, { action: 'receive' }, staff)).statusCode).toBe(200);
    expect((await step(id, { action: 'refund', amount: 12.5, restock: true }, admin)).statusCode).toBe(200);
    const record = { type: 'return', id, label };
    expect(await entriesOf(id)).toEqual([
      { actor: { id: staff.id, role: 'staff' }, action: 'return.approved', record, changes: [{ field: 'status', before: 'requested', after: 'approved' }] },
      { actor: { id: staff.id, role: 'staff' }, action: 'return.received', record, changes: [{ field: 'status', before: 'approved', after: 'received' }] },
      {
        actor: { id: admin.id, role: 'admin' },
        action: 'return.refunded',
        record,
        changes: [
          { field: 'status', before: 'received', after: 'refunded' },
          { field: 'amount', before: null, after: 12.5 },
          { field: 'restock', before: null, after: 1 },
        ],
      },
    ]);
  });

  it('keeps a rejection with its reason', async () => {
    const { id, label } = await requested();
    expect((await step(id, { action: 'reject', reason: 'Worn, not faulty' }, admin)).statusCode).toBe(200);
    expect(await entriesOf(id)).toEqual([
      {
        actor: { id: admin.id, role: 'admin' },
        action: 'return.rejected',
        record: { type: 'return', id, label },
        changes: [
          { field: 'status', before: 'requested', after: 'rejected' },
          { field: 'rejectReason', before: null, after: 'Worn, not faulty' },
        ],
      },
    ]);
  });

  it('refuses staff a refund (403) before anything is read, with nothing changed or written', async () => {
    const { id } = await requested();
    expect((await step(id, { action: 'approve' }, admin)).statusCode).toBe(200);
    expect((await step(id, { action: 'receive' }, admin)).statusCode).toBe(200);
    const before = await entryCount();
    const refused = await step(id, { action: 'refund', amount: 12.5, restock: true }, staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('This needs an admin account');
    // Refused for who asks, whatever the rest of the body says, and for a return that does not exist.
    expect((await step(id, { action: 'refund' }, staff)).statusCode).toBe(403);
    expect((await step('e'.repeat(24), { action: 'refund', amount: 1, restock: false }, staff)).statusCode).toBe(403);
    expect(await returnRow(id)).toEqual({ status: 'received', refund_id: null });
    expect(await entryCount()).toBe(before);
  });

  it('writes nothing for a step refused (409, 404) or invalid (422)', async () => {
    const { id } = await requested();
    const before = await entryCount();
    expect((await step(id, { action: 'receive' }, staff)).statusCode).toBe(409);
    expect((await step('e'.repeat(24), { action: 'approve' }, staff)).statusCode).toBe(404);
    expect((await step(id, { action: 'reject', reason: '' }, admin)).statusCode).toBe(422);
    expect((await step(id, { action: 'refund', amount: 12.5, restock: true }, admin)).statusCode).toBe(409);
    expect(await entryCount()).toBe(before);
  });
});
