import { type Discount, discountAppliedMessage } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { createDatabase } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertSignedInUser } from '../../test/factories.js';
import type { DiscountRequest } from './discounts.plugin.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertSignedInUser>>;
let customer: Awaited<ReturnType<typeof insertSignedInUser>>;
let brakes = '';
let other = '';

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
  customer = await insertSignedInUser(t.database.db);
  brakes = newId();
  await t.database.db.insertInto('categories').values({ id: brakes, name: 'Brakes', name_key: 'brakes', created_at: new Date().toISOString() }).execute();
  other = (await t.database.db.selectFrom('categories').select('id').where('name_key', '=', 'other').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t.close());

const BASE = { kind: 'percent', value: 10 };
const add = (body: Record<string, unknown>, headers = admin.headers) => t.app.inject({ method: 'POST', url: '/api/discounts', headers, payload: body });
const patch = (id: string, body: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: `/api/discounts/${id}`, headers: admin.headers, payload: body });
const list = async () => (await t.app.inject({ url: '/api/discounts', headers: admin.headers })).json() as Discount[];
const byCode = async (code: string) => (await list()).find((discount) => discount.code === code);
/** Adds a code and answers its id. */
async function added(body: Record<string, unknown>): Promise<string> {
  const response = await add({ ...BASE, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().insertedId as string;
}
/** An unpaid purchase of the customer's, written straight to the database: what a redemption names. */
async function purchase(userId = customer.id): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  await t.database.db
    .insertInto('purchases')
    .values({ id, user_id: userId, customer_name: 'Rider', email: 'rider@example.com', location: 'Leeds', phone: '+44 113 496 0000', status: 'waiting', total_cents: 1000, created_at: now, updated_at: now })
    .execute();
  return id;
}
const LINES = [
  { productId: newId(), categoryId: null as string | null, lineTotalCents: 4000 },
  { productId: newId(), categoryId: null as string | null, lineTotalCents: 2000 },
];
const request = (code: string, overrides: Partial<DiscountRequest> = {}): DiscountRequest => ({
  code,
  userId: customer.id,
  today: '2026-06-15',
  lines: LINES,
  subtotalCents: 6000,
  ...overrides,
});
const redeemIn = (discount: { id: string; oncePerCustomer: boolean }, purchaseId: string, userId = customer.id) =>
  t.database.writeTransaction((trx) => t.app.discounts.redeem(trx, { discount, purchaseId, userId }));
const usedCount = async (id: string) => (await t.database.db.selectFrom('discounts').select('used_count').where('id', '=', id).executeTakeFirstOrThrow()).used_count;

describe('discount codes: the admin', () => {
  it('adds a code trimmed and upper-cased, and lists it with money in dollars and every field', async () => {
    const id = await added({ code: ' spring10 ', kind: 'percent', value: 12.5, minSubtotal: '50', startsOn: '2026-03-01', endsOn: '2026-05-31', usesTotal: 100, oncePerCustomer: true, categoryId: brakes });
    expect(await byCode('SPRING10')).toEqual({
      _id: id,
      code: 'SPRING10',
      kind: 'percent',
      value: 12.5,
      minSubtotal: 50,
      startsOn: '2026-03-01',
      endsOn: '2026-05-31',
      usesTotal: 100,
      used: 0,
      oncePerCustomer: true,
      categoryId: brakes,
      appliesToDelivery: false,
      active: true,
    });
    await added({ code: 'FIVEOFF', kind: 'amount', value: '5.50', appliesToDelivery: true });
    expect(await byCode('FIVEOFF')).toMatchObject({ kind: 'amount', value: 5.5, minSubtotal: 0, startsOn: null, endsOn: null, usesTotal: null, categoryId: null, appliesToDelivery: true, active: true });
  });

  it('refuses a code that exists in any case with 409 under the code, also when two admins add it at the same moment', async () => {
    const again = await add({ ...BASE, code: 'Spring10' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ message: 'This code already exists', fieldErrors: { code: ['This code already exists'] } });

    const both = await Promise.all([add({ ...BASE, code: 'race1' }), add({ ...BASE, code: 'RACE1' })]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((response) => response.statusCode === 409)!.json().error.fieldErrors.code).toEqual(['This code already exists']);
    expect((await list()).filter((discount) => discount.code === 'RACE1')).toHaveLength(1);
  });

  it.each([
    ['a code with a space', { code: 'SPRING 10' }, 'code', 'Code may contain only letters and digits'],
    ['a code with a dash', { code: 'spring-10' }, 'code', 'Code may contain only letters and digits'],
    ['a code of 2 characters', { code: 'AB' }, 'code', 'Code must be 3 to 32 letters and digits'],
    ['a code of 33 characters', { code: 'A'.repeat(33) }, 'code', 'Code must be 3 to 32 letters and digits'],
    ['no code', { code: '' }, 'code', 'Code is Required'],
    ['0 %', { value: 0 }, 'value', 'Percent must be from 1 to 100, with at most 2 decimals'],
    ['101 %', { value: 101 }, 'value', 'Percent must be from 1 to 100, with at most 2 decimals'],
    ['a negative amount', { kind: 'amount', value: -5 }, 'value', 'Amount must be above 0, with at most 2 decimals'],
    ['an amount of 0', { kind: 'amount', value: '0' }, 'value', 'Amount must be above 0, with at most 2 decimals'],
    ['an amount with 3 decimals', { kind: 'amount', value: '5.555' }, 'value', 'Amount must be above 0, with at most 2 decimals'],
    ['an unknown kind', { kind: 'free' }, 'kind', "Choose 'Percent' or 'Amount'"],
    ['a negative minimum subtotal', { minSubtotal: -1 }, 'minSubtotal', 'Minimum subtotal must be 0 or more, with at most 2 decimals'],
    ['an end before its start', { startsOn: '2026-05-02', endsOn: '2026-05-01' }, 'endsOn', 'End must not be before start'],
    ['a date that is not one', { startsOn: '2026-02-30' }, 'startsOn', 'Please enter a date as YYYY-MM-DD'],
    ['uses in all of 0', { usesTotal: 0 }, 'usesTotal', 'Uses in all must be a whole number from 1'],
    ['uses in all of 1.5', { usesTotal: 1.5 }, 'usesTotal', 'Uses in all must be a whole number from 1'],
    ['a category id that is not one', { categoryId: 'brakes' }, 'categoryId', "Choose one of the shop's categories"],
  ])('refuses %s with 422 under its field, adding nothing', async (_name, body, field, message) => {
    const before = (await list()).length;
    const response = await add({ ...BASE, code: 'BAD1', ...body });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fieldErrors[field]).toEqual([message]);
    expect(await list()).toHaveLength(before);
  });

  it("refuses a category the shop does not have with 422 under categoryId", async () => {
    const response = await add({ ...BASE, code: 'NOCAT', categoryId: newId() });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fieldErrors).toEqual({ categoryId: ["Choose one of the shop's categories"] });
  });

  it('changes only the fields sent, checking the discount whole as it would be', async () => {
    const id = (await byCode('FIVEOFF'))!._id;
    expect((await patch(id, { active: false, code: ' fiveoff2 ' })).statusCode).toBe(200);
    expect(await byCode('FIVEOFF2')).toMatchObject({ _id: id, kind: 'amount', value: 5.5, active: false, appliesToDelivery: true });

    const percentTooHigh = await patch(id, { kind: 'percent', value: 550 });
    expect(percentTooHigh.statusCode).toBe(422);
    expect(percentTooHigh.json().error.fieldErrors.value).toEqual(['Percent must be from 1 to 100, with at most 2 decimals']);
    // The stored start is what a new end is checked against.
    const spring = (await byCode('SPRING10'))!._id;
    const reversed = await patch(spring, { endsOn: '2026-02-01' });
    expect(reversed.json().error.fieldErrors.endsOn).toEqual(['End must not be before start']);
    const taken = await patch(id, { code: 'spring10' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fieldErrors.code).toEqual(['This code already exists']);
    expect((await patch(id, { categoryId: newId() })).json().error.fieldErrors.categoryId).toEqual(["Choose one of the shop's categories"]);
    expect((await patch(newId(), { active: true })).statusCode).toBe(404);
    expect(await byCode('FIVEOFF2')).toMatchObject({ kind: 'amount', value: 5.5 });
    // Clearing a date, the limit or the category: an empty box is none.
    expect((await patch(spring, { startsOn: '', usesTotal: null, categoryId: '' })).statusCode).toBe(200);
    expect(await byCode('SPRING10')).toMatchObject({ startsOn: null, endsOn: '2026-05-31', usesTotal: null, categoryId: null });
  });

  it('deletes an unused code; deactivates a used one (its purchases keep naming it) and says which', async () => {
    const unused = await added({ code: 'UNUSED1' });
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/discounts/${unused}`, headers: admin.headers });
    expect(removed.json()).toEqual({ acknowledged: true, deletedCount: 1, deactivated: false });
    expect(await byCode('UNUSED1')).toBeUndefined();

    const usedId = await added({ code: 'USED1' });
    expect(await redeemIn({ id: usedId, oncePerCustomer: false }, await purchase())).toEqual({ ok: true });
    const deactivated = await t.app.inject({ method: 'DELETE', url: `/api/discounts/${usedId}`, headers: admin.headers });
    expect(deactivated.json()).toEqual({ acknowledged: true, deletedCount: 0, deactivated: true });
    expect(await byCode('USED1')).toMatchObject({ active: false, used: 1 });
    // A placement quoted before it was deactivated is told it is no longer valid.
    expect(await redeemIn({ id: usedId, oncePerCustomer: false }, await purchase())).toEqual({ ok: false, message: 'This code is not valid' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/discounts/${newId()}`, headers: admin.headers })).statusCode).toBe(404);
  });

  it('is the admin\'s: a visitor gets 401 and a customer 403, and nothing changes', async () => {
    expect((await t.app.inject({ url: '/api/discounts' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/discounts', headers: customer.headers })).statusCode).toBe(403);
    expect((await add({ ...BASE, code: 'MINE' }, customer.headers)).statusCode).toBe(403);
    expect(await byCode('MINE')).toBeUndefined();
  });
});

describe('discount codes: whether a code applies', () => {
  it("matches any case and spaces around, and answers the lines' subtotal it takes off", async () => {
    const id = await added({ code: 'TENOFF', value: 10, appliesToDelivery: true });
    const applied = await t.app.discounts.evaluate(request('  tenOff '));
    expect(applied).toEqual({
      ok: true,
      discount: { id, code: 'TENOFF', kind: 'percent', value: 1000, appliesToDelivery: true, oncePerCustomer: false, usesTotal: null, categoryId: null },
      eligibleCents: 6000,
    });
    expect(discountAppliedMessage(' tenoff ')).toBe('Code TENOFF applied');
    await added({ code: 'AMOUNT5', kind: 'amount', value: 5 });
    expect(await t.app.discounts.evaluate(request('amount5'))).toMatchObject({ ok: true, discount: { kind: 'amount', value: 500 } });
  });

  it("a category code takes off its category's lines only, and is not valid without any", async () => {
    await added({ code: 'BRAKES15', value: 15, categoryId: brakes });
    const lines = [
      { productId: newId(), categoryId: brakes, lineTotalCents: 2500 },
      { productId: newId(), categoryId: other, lineTotalCents: 4000 },
    ];
    expect(await t.app.discounts.evaluate(request('BRAKES15', { lines, subtotalCents: 6500 }))).toMatchObject({ ok: true, eligibleCents: 2500 });
    expect(await t.app.discounts.evaluate(request('BRAKES15', { lines: [lines[1]!], subtotalCents: 4000 }))).toEqual({ ok: false, message: 'This code is not valid' });
  });

  it('a category deleted after its code was made leaves the code applying to no line, never to every line', async () => {
    const tyres = (await t.app.inject({ method: 'POST', url: '/api/categories', headers: admin.headers, payload: { name: 'Tyres' } })).json().insertedId as string;
    const id = await added({ code: 'TYRES20', value: 20, categoryId: tyres });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/categories/${tyres}`, headers: admin.headers })).statusCode).toBe(200);
    const lines = [{ productId: newId(), categoryId: other, lineTotalCents: 6000 }];
    expect(await t.app.discounts.evaluate(request('TYRES20', { lines }))).toEqual({ ok: false, message: 'This code is not valid' });
    // Changing it asks for a category the shop has.
    const stale = await patch(id, { value: 25 });
    expect(stale.statusCode).toBe(422);
    expect(stale.json().error.fieldErrors.categoryId).toEqual(["Choose one of the shop's categories"]);
    expect((await patch(id, { value: 25, categoryId: null })).statusCode).toBe(200);
    expect(await t.app.discounts.evaluate(request('TYRES20', { lines }))).toMatchObject({ ok: true, eligibleCents: 6000 });
  });

  it("says 'This code is not valid' for an unknown or inactive code, and for one that has not started", async () => {
    expect(await t.app.discounts.evaluate(request('NOSUCHCODE'))).toEqual({ ok: false, message: 'This code is not valid' });
    expect(await t.app.discounts.evaluate(request('not a code!'))).toEqual({ ok: false, message: 'This code is not valid' });
    expect(await t.app.discounts.evaluate(request('fiveoff2'))).toEqual({ ok: false, message: 'This code is not valid' });
    await added({ code: 'SUMMER', startsOn: '2026-07-01', endsOn: '2026-08-31' });
    expect(await t.app.discounts.evaluate(request('SUMMER', { today: '2026-06-30' }))).toEqual({ ok: false, message: 'This code is not valid' });
    expect(await t.app.discounts.evaluate(request('SUMMER', { today: '2026-07-01' }))).toMatchObject({ ok: true });
    expect(await t.app.discounts.evaluate(request('SUMMER', { today: '2026-08-31' }))).toMatchObject({ ok: true });
  });

  it("says 'This code has expired' the day after its end", async () => {
    expect(await t.app.discounts.evaluate(request('SUMMER', { today: '2026-09-01' }))).toEqual({ ok: false, message: 'This code has expired' });
  });

  it('names the minimum subtotal in dollars as the shop writes money; the subtotal of exactly the minimum is enough', async () => {
    await added({ code: 'BIGSPEND', minSubtotal: 50 });
    expect(await t.app.discounts.evaluate(request('BIGSPEND', { subtotalCents: 4999 }))).toEqual({ ok: false, message: 'This code needs a subtotal of at least $50.00' });
    expect(await t.app.discounts.evaluate(request('BIGSPEND', { subtotalCents: 5000 }))).toMatchObject({ ok: true });
    await added({ code: 'HUGESPEND', minSubtotal: '1234.5' });
    expect(await t.app.discounts.evaluate(request('HUGESPEND'))).toEqual({ ok: false, message: 'This code needs a subtotal of at least $1,234.50' });
  });

  it("says 'This code has been used up' once its uses are placed, and the placement's redemption refuses it too", async () => {
    const id = await added({ code: 'ONCEONLY', usesTotal: 1 });
    expect(await redeemIn({ id, oncePerCustomer: false }, await purchase())).toEqual({ ok: true });
    expect(await t.app.discounts.evaluate(request('onceonly'))).toEqual({ ok: false, message: 'This code has been used up' });
    expect(await redeemIn({ id, oncePerCustomer: false }, await purchase())).toEqual({ ok: false, message: 'This code has been used up' });
    expect(await usedCount(id)).toBe(1);
  });
});

describe('discount codes: counting uses at placement', () => {
  it('counts the last use once when 20 placements take it at the same moment', async () => {
    const id = await added({ code: 'LASTONE', usesTotal: 5 });
    for (let i = 0; i < 4; i++) expect(await redeemIn({ id, oncePerCustomer: false }, await purchase())).toEqual({ ok: true });
    const purchases = await Promise.all(Array.from({ length: 20 }, async () => purchase((await insertSignedInUser(t.database.db)).id)));
    const outcomes = await Promise.all(purchases.map((purchaseId) => redeemIn({ id, oncePerCustomer: false }, purchaseId)));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual(Array.from({ length: 19 }, () => ({ ok: false, message: 'This code has been used up' })));
    expect(await usedCount(id)).toBe(5);
    const redemptions = await t.database.db.selectFrom('discount_redemptions').select('purchase_id').where('discount_id', '=', id).execute();
    expect(redemptions).toHaveLength(5);
    expect(await byCode('LASTONE')).toMatchObject({ used: 5, usesTotal: 5 });
  });

  it('a once-per-customer code: used, refused to the same customer, given back by a cancel, used again', async () => {
    const id = await added({ code: 'WELCOME', oncePerCustomer: true });
    const discount = { id, oncePerCustomer: true };
    const first = await purchase();
    expect(await redeemIn(discount, first)).toEqual({ ok: true });
    expect(await t.app.discounts.evaluate(request('welcome'))).toEqual({ ok: false, message: 'You have already used this code' });
    // Another customer, and a visitor's quote, may still use it.
    expect(await t.app.discounts.evaluate(request('welcome', { userId: newId() }))).toMatchObject({ ok: true });
    expect(await t.app.discounts.evaluate(request('welcome', { userId: null }))).toMatchObject({ ok: true });
    // Two placements of the same customer at once: the second is refused and counts nothing.
    const both = await Promise.all([redeemIn(discount, await purchase()), redeemIn(discount, await purchase())]);
    expect(both).toEqual([
      { ok: false, message: 'You have already used this code' },
      { ok: false, message: 'You have already used this code' },
    ]);
    expect(await usedCount(id)).toBe(1);

    // Cancelled (or swept) twice at once: the use comes back exactly once.
    const givenBack = await Promise.all([first, first].map((purchaseId) => t.database.writeTransaction((trx) => t.app.discounts.giveBack(trx, purchaseId))));
    expect(givenBack.sort()).toEqual([0, 1]);
    expect(await usedCount(id)).toBe(0);
    expect(await t.app.discounts.evaluate(request('WELCOME'))).toMatchObject({ ok: true });

    expect(await redeemIn(discount, await purchase())).toEqual({ ok: true });
    expect(await usedCount(id)).toBe(1);
    expect(await t.app.discounts.evaluate(request('WELCOME'))).toEqual({ ok: false, message: 'You have already used this code' });
  });

  it('a placement that rolls back counts nothing', async () => {
    const id = await added({ code: 'ROLLBACK', usesTotal: 1 });
    const purchaseId = await purchase();
    await expect(
      t.database.writeTransaction(async (trx) => {
        expect(await t.app.discounts.redeem(trx, { discount: { id, oncePerCustomer: false }, purchaseId, userId: customer.id })).toEqual({ ok: true });
        throw new Error('the placement failed after');
      }),
    ).rejects.toThrow('the placement failed after');
    expect(await usedCount(id)).toBe(0);
    expect(await t.app.discounts.evaluate(request('ROLLBACK'))).toMatchObject({ ok: true });
  });
});

describe('discount codes on two instances of one database', () => {
  it("are held in memory: a code added, changed or taken off through one is seen by the other once its check is due, and a use's count is read as it is", async () => {
    const otherDatabase = createDatabase(t.testDatabase.config);
    const other = await buildApp({ config: t.app.config, database: otherDatabase, logger: false });
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      expect(await other.discounts.evaluate(request('TWOHOUSES'))).toMatchObject({ ok: false });
      const added = await add({ code: 'TWOHOUSES', kind: 'percent', value: 10, usesTotal: 1 });
      expect(added.statusCode, added.body).toBe(201);
      // The instance that wrote sees it at once; the other answers from memory until its check is due.
      expect(await t.app.discounts.evaluate(request('twohouses'))).toMatchObject({ ok: true });
      expect(await other.discounts.evaluate(request('TWOHOUSES'))).toMatchObject({ ok: false });
      vi.setSystemTime(Date.now() + 600);
      expect(await other.discounts.evaluate(request('TWOHOUSES'))).toMatchObject({ ok: true, discount: { value: 1000 } });
      // A use counted by a placement is seen at once, held copy or not: its one use is gone.
      await t.database.db.updateTable('discounts').set({ used_count: 1 }).where('code', '=', 'TWOHOUSES').execute();
      expect(await other.discounts.evaluate(request('TWOHOUSES'))).toEqual({ ok: false, message: 'This code has been used up' });
    } finally {
      vi.useRealTimers();
      await other.close();
      await otherDatabase.close();
    }
  });
});
