import { DEMO_SETTINGS } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertSignedInUser } from '../../test/factories.js';

/** The activity of the shop-wide data: settings, tax rates, discount codes and delivery methods. */
let t: TestApp;
type Caller = Awaited<ReturnType<typeof insertSignedInUser>>;
let admin: Caller;
let staff: Caller;
/** An entry's actor when the admin made the change. */
let byAdmin: { id: string; role: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertSignedInUser(t.database.db, { role: 'admin', name: 'Ada Admin' });
  byAdmin = { id: admin.id, role: 'admin' };
  staff = await insertSignedInUser(t.database.db, { role: 'staff', name: 'Sid Staff' });
});
afterAll(async () => t.close());

const entriesOf = async (recordType: string) =>
  (await t.database.db.selectFrom('activity').selectAll().where('record_type', '=', recordType).orderBy('id').execute()).map((row) => ({
    actor: { id: row.actor_id, role: row.actor_role },
    action: row.action,
    record: { type: row.record_type, id: row.record_id, label: row.record_label },
    changes: JSON.parse(row.changes) as Array<{ field: string; before: unknown; after: unknown }>,
    summary: row.summary,
  }));
const entryCount = async () => Number((await t.database.db.selectFrom('activity').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, caller: Caller = admin) =>
  t.app.inject({ method, url: `/api${url}`, headers: caller.headers, ...(payload ? { payload } : {}) });

describe('settings', () => {
  it('keeps each save with the fields it changed, and nothing of a save that changed nothing, an invalid one or staff', async () => {
    // The shop starts with the demo settings.
    expect((await send('PUT', '/settings', DEMO_SETTINGS)).statusCode).toBe(200);
    expect((await send('PUT', '/settings', { ...DEMO_SETTINGS, cutoff: '11:30', returnWindowDays: 14, holidays: ['2026-12-25'] })).statusCode).toBe(200);
    expect(await entriesOf('settings')).toEqual([
      {
        actor: byAdmin,
        action: 'settings.updated',
        record: { type: 'settings', id: 'shop', label: 'Shop settings' },
        changes: [
          { field: 'cutoff', before: DEMO_SETTINGS.cutoff, after: '11:30' },
          { field: 'holidays', before: JSON.stringify(DEMO_SETTINGS.holidays), after: '["2026-12-25"]' },
          { field: 'returnWindowDays', before: DEMO_SETTINGS.returnWindowDays, after: 14 },
        ].filter((change) => change.before !== change.after),
        summary: null,
      },
    ]);

    const before = await entryCount();
    expect((await send('PUT', '/settings', { ...DEMO_SETTINGS, cutoff: '11:30', returnWindowDays: 14, holidays: ['2026-12-25'] })).statusCode).toBe(200);
    expect((await send('PUT', '/settings', { ...DEMO_SETTINGS, cutoff: '25:00' })).statusCode).toBe(422);
    expect((await send('PUT', '/settings', DEMO_SETTINGS, staff)).statusCode).toBe(403);
    expect(await entryCount()).toBe(before);
  });
});

describe('tax rates', () => {
  it('keeps a new list as the rates it added, removed or changed, with how many there are', async () => {
    const california = { country: 'US', region: 'CA', name: 'Sales tax', rate: 7.25, appliesToDelivery: false };
    expect((await send('PUT', '/tax-rates', { rates: [california] })).statusCode).toBe(200);
    expect((await send('PUT', '/tax-rates', { rates: [{ ...california, rate: 8 }, { country: 'DE', name: 'MwSt', rate: 19, appliesToDelivery: true }] })).statusCode).toBe(200);
    expect((await send('PUT', '/tax-rates', { rates: [{ country: 'DE', name: 'MwSt', rate: 19, appliesToDelivery: true }] })).statusCode).toBe(200);
    const record = { type: 'tax-rates', id: 'tax-rates', label: 'Tax rates' };
    expect(await entriesOf('tax-rates')).toEqual([
      { actor: byAdmin, action: 'tax-rates.updated', record, changes: [{ field: 'US-CA', before: null, after: 'Sales tax 7.25%' }], summary: '1 rate' },
      {
        actor: byAdmin,
        action: 'tax-rates.updated',
        record,
        changes: [
          { field: 'US-CA', before: 'Sales tax 7.25%', after: 'Sales tax 8%' },
          { field: 'DE', before: null, after: 'MwSt 19% with delivery' },
        ],
        summary: '2 rates',
      },
      { actor: byAdmin, action: 'tax-rates.updated', record, changes: [{ field: 'US-CA', before: 'Sales tax 8%', after: null }], summary: '1 rate' },
    ]);

    const before = await entryCount();
    expect((await send('PUT', '/tax-rates', { rates: [{ country: 'DE', name: 'MwSt', rate: 19, appliesToDelivery: true }] })).statusCode).toBe(200);
    expect((await send('PUT', '/tax-rates', { rates: [{ country: 'DE', name: 'MwSt', rate: 500, appliesToDelivery: true }] })).statusCode).toBe(422);
    expect((await send('PUT', '/tax-rates', { rates: [] }, staff)).statusCode).toBe(403);
    expect(await entryCount()).toBe(before);
  });
});

describe('discount codes', () => {
  it('keeps a code added, changed and deleted, labelled by its code, and nothing of a write refused', async () => {
    const added = await send('POST', '/discounts', { code: 'SPRING10', kind: 'percent', value: 10 });
    expect(added.statusCode).toBe(201);
    const id = added.json().insertedId as string;
    expect((await send('PATCH', `/discounts/${id}`, { value: 15, active: false })).statusCode).toBe(200);
    expect((await send('DELETE', `/discounts/${id}`)).statusCode).toBe(200);

    const [created, changed, deleted, ...more] = await entriesOf('discount');
    expect(more).toEqual([]);
    const record = { type: 'discount', id, label: 'SPRING10' };
    expect(created).toMatchObject({ actor: byAdmin, action: 'discount.created', record });
    expect(created!.changes).toEqual(
      expect.arrayContaining([
        { field: 'code', before: null, after: 'SPRING10' },
        { field: 'value', before: null, after: 10 },
      ]),
    );
    expect(changed).toEqual({
      actor: byAdmin,
      action: 'discount.updated',
      record,
      changes: [
        { field: 'value', before: 10, after: 15 },
        { field: 'active', before: true, after: false },
      ],
      summary: null,
    });
    expect(deleted).toEqual({ actor: byAdmin, action: 'discount.deleted', record, changes: [], summary: null });

    const taken = (await send('POST', '/discounts', { code: 'TAKEN5', kind: 'percent', value: 5 })).json().insertedId as string;
    const before = await entryCount();
    expect((await send('POST', '/discounts', { code: 'TAKEN5', kind: 'percent', value: 5 })).statusCode).toBe(409);
    expect((await send('PATCH', `/discounts/${taken}`, { value: 150 })).statusCode).toBe(422);
    expect((await send('PATCH', `/discounts/${taken}`, { value: 5 })).statusCode).toBe(200);
    expect((await send('PATCH', `/discounts/${'e'.repeat(24)}`, { value: 5 })).statusCode).toBe(404);
    expect((await send('DELETE', `/discounts/${'e'.repeat(24)}`)).statusCode).toBe(404);
    expect((await send('POST', '/discounts', { code: 'STAFF5', kind: 'percent', value: 5 }, staff)).statusCode).toBe(403);
    expect(await entryCount()).toBe(before);
  });
});

describe('delivery methods', () => {
  it('keeps a method added, changed and deactivated, labelled by its name, and nothing of a write refused', async () => {
    const added = await send('POST', '/shipping-methods', { name: 'Courier', price: 7.5, freeFrom: null, daysMin: 1, daysMax: 2, countries: ['US', 'CA'] });
    expect(added.statusCode).toBe(201);
    const id = added.json().insertedId as string;
    expect((await send('PATCH', `/shipping-methods/${id}`, { price: 9, freeFrom: 100 })).statusCode).toBe(200);
    expect((await send('DELETE', `/shipping-methods/${id}`)).statusCode).toBe(200);

    const record = { type: 'shipping-method', id, label: 'Courier' };
    expect(await entriesOf('shipping-method')).toEqual([
      {
        actor: byAdmin,
        action: 'shipping-method.created',
        record,
        changes: [
          { field: 'name', before: null, after: 'Courier' },
          { field: 'price', before: null, after: 7.5 },
          { field: 'daysMin', before: null, after: 1 },
          { field: 'daysMax', before: null, after: 2 },
          { field: 'countries', before: null, after: '["US","CA"]' },
          { field: 'active', before: null, after: true },
        ],
        summary: null,
      },
      {
        actor: byAdmin,
        action: 'shipping-method.updated',
        record,
        changes: [
          { field: 'price', before: 7.5, after: 9 },
          { field: 'freeFrom', before: null, after: 100 },
        ],
        summary: null,
      },
      { actor: byAdmin, action: 'shipping-method.deleted', record, changes: [{ field: 'active', before: true, after: false }], summary: null },
    ]);

    const before = await entryCount();
    expect((await send('PATCH', `/shipping-methods/${id}`, { daysMin: 5 })).statusCode).toBe(422);
    expect((await send('PATCH', `/shipping-methods/${'e'.repeat(24)}`, { price: 1 })).statusCode).toBe(404);
    expect((await send('DELETE', `/shipping-methods/${'e'.repeat(24)}`)).statusCode).toBe(404);
    expect((await send('POST', '/shipping-methods', { name: 'Van', price: 1, freeFrom: null, daysMin: 1, daysMax: 2, countries: ['US'] }, staff)).statusCode).toBe(403);
    expect(await entryCount()).toBe(before);
  });
});
