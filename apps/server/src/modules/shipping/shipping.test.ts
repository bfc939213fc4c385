import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { createDatabase } from '../../db/database.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertSignedInUser } from '../../test/factories.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertSignedInUser>>;
let customer: Awaited<ReturnType<typeof insertSignedInUser>>;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_CACHE_MS: '0' });
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
  customer = await insertSignedInUser(t.database.db);
});
afterAll(async () => t.close());

interface Method {
  _id: string;
  name: string;
  price: number;
  freeFrom: number | null;
  daysMin: number;
  daysMax: number;
  countries: string[];
  active?: boolean;
  arrivesFrom?: string;
  arrivesTo?: string;
  dispatchBy?: string | null;
}
const VALID = { name: 'Courier', price: 7.5, freeFrom: null, daysMin: 1, daysMax: 2, countries: ['US', 'CA'] };
/** As a visitor unless `headers` says otherwise. */
const list = async (query = '', headers?: Record<string, string>) => {
  const response = await t.app.inject({ url: `/api/shipping-methods${query}`, ...(headers ? { headers } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Method[];
};
const everyMethod = async () => {
  const response = await t.app.inject({ url: '/api/admin/shipping-methods', headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Method[];
};
/** As the admin unless `headers` says otherwise (null: a visitor). */
const add = (payload: unknown, headers: Record<string, string> | null = admin.headers) =>
  t.app.inject({ method: 'POST', url: '/api/shipping-methods', ...(headers ? { headers } : {}), payload: payload as object });
const patch = (id: string, payload: unknown, headers: Record<string, string> | null = admin.headers) =>
  t.app.inject({ method: 'PATCH', url: `/api/shipping-methods/${id}`, ...(headers ? { headers } : {}), payload: payload as object });
const remove = (id: string, headers: Record<string, string> | null = admin.headers) =>
  t.app.inject({ method: 'DELETE', url: `/api/shipping-methods/${id}`, ...(headers ? { headers } : {}) });
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

describe('the demo delivery methods', () => {
  it('every shop starts with the three of SPEC-3, active, cheapest first', async () => {
    expect(await list()).toEqual([
      { _id: expect.any(String), name: 'Collect from the shop', price: 0, freeFrom: null, daysMin: 0, daysMax: 0, countries: ['US'] },
      { _id: expect.any(String), name: 'Standard', price: 4.9, freeFrom: 75, daysMin: 2, daysMax: 4, countries: ['*'] },
      { _id: expect.any(String), name: 'Express', price: 12.9, freeFrom: null, daysMin: 1, daysMax: 1, countries: ['US'] },
    ]);
  });

  it('lists per country, with the arrival dates of an order placed now and the dispatch deadline', async () => {
    const before = Date.now();
    const us = await list('?country=US');
    expect(us.map((method) => method.name)).toEqual(['Collect from the shop', 'Standard', 'Express']);
    for (const method of us) {
      expect(method.arrivesFrom).toMatch(CALENDAR_DAY);
      expect(method.arrivesTo).toMatch(CALENDAR_DAY);
      expect(method.arrivesFrom! <= method.arrivesTo!).toBe(true);
      expect(method.dispatchBy === null || Date.parse(method.dispatchBy!) > before).toBe(true);
    }
    expect(us[0]!.arrivesFrom).toBe(us[0]!.arrivesTo);
    const canada = await list('?country=ca');
    expect(canada.map((method) => [method.name, method.countries])).toEqual([['Standard', ['*']]]);
    const unknown = await t.app.inject({ url: '/api/shipping-methods?country=XX' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fieldErrors.country).toEqual(['country must be a two-letter country code']);
  });

  it("the quote's service: the methods serving a country with their dates on a fixed clock, any method by id, the dispatch deadline", async () => {
    const wednesdayMorning = new Date('2026-11-25T15:00:00Z'); // 10:00 in New York, the demo shop's clock
    const options = await t.app.shipping.methodsFor('US', wednesdayMorning);
    expect(options).toEqual([
      { id: expect.any(String), name: 'Collect from the shop', priceCents: 0, freeFromCents: null, daysMin: 0, daysMax: 0, arrivesFrom: '2026-11-25', arrivesTo: '2026-11-25' },
      { id: expect.any(String), name: 'Standard', priceCents: 490, freeFromCents: 7500, daysMin: 2, daysMax: 4, arrivesFrom: '2026-11-27', arrivesTo: '2026-12-01' },
      { id: expect.any(String), name: 'Express', priceCents: 1290, freeFromCents: null, daysMin: 1, daysMax: 1, arrivesFrom: '2026-11-26', arrivesTo: '2026-11-26' },
    ]);
    expect((await t.app.shipping.methodsFor('DE', new Date('2026-11-27T20:00:00Z'))).map((option) => [option.name, option.arrivesFrom, option.arrivesTo])).toEqual([
      ['Standard', '2026-12-02', '2026-12-04'],
    ]);
    expect((await t.app.shipping.dispatchBy(wednesdayMorning))?.toISOString()).toBe('2026-11-25T19:00:00.000Z');
    expect(await t.app.shipping.dispatchBy(new Date('2026-11-28T15:00:00Z'))).toBeNull();
    expect(await t.app.shipping.find(options[1]!.id)).toMatchObject({ name: 'Standard', priceCents: 490, countries: ['*'], active: true });
    expect(await t.app.shipping.find('f'.repeat(24))).toBeNull();
  });
});

describe('changing the delivery methods (admin)', () => {
  it('adds a method (a name with markup kept as text), lists it by price, and changes it', async () => {
    const added = await add({ ...VALID, name: '<b>Bike</b> courier', price: '7.50', countries: 'us, ca' });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().insertedId as string;
    const shown = (await list()).find((method) => method._id === id);
    expect(shown).toEqual({ _id: id, name: '<b>Bike</b> courier', price: 7.5, freeFrom: null, daysMin: 1, daysMax: 2, countries: ['US', 'CA'] });
    expect((await list()).map((method) => method.price)).toEqual([0, 4.9, 7.5, 12.9]);
    expect((await list('?country=CA')).map((method) => method._id)).toContain(id);

    const changed = await patch(id, { name: 'Bike courier', freeFrom: 50, countries: ['*'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect((await list()).find((method) => method._id === id)).toMatchObject({ name: 'Bike courier', price: 7.5, freeFrom: 50, countries: ['*'] });
    expect((await patch(id, { freeFrom: null })).statusCode).toBe(200);
    expect((await list()).find((method) => method._id === id)?.freeFrom).toBeNull();
  });

  it('DELETE deactivates: no longer offered, still found by id and in the admin list; PATCH active: true offers it again', async () => {
    const id = (await add({ ...VALID, name: 'Pallet' })).json().insertedId as string;
    const removed = await remove(id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await list()).some((method) => method._id === id)).toBe(false);
    expect((await list('?country=US')).some((method) => method._id === id)).toBe(false);
    expect((await t.app.shipping.methodsFor('US', new Date())).some((option) => option.id === id)).toBe(false);
    expect((await everyMethod()).find((method) => method._id === id)).toMatchObject({ name: 'Pallet', active: false });
    expect(await t.app.shipping.find(id)).toMatchObject({ name: 'Pallet', active: false });
    expect((await remove(id)).statusCode).toBe(200);
    expect((await patch(id, { active: true })).statusCode).toBe(200);
    expect((await list()).find((method) => method._id === id)).toMatchObject({ name: 'Pallet' });
    expect((await everyMethod()).every((method) => typeof method.active === 'boolean')).toBe(true);
  });

  it('answers 404 for an unknown method and 400 for a malformed id', async () => {
    for (const response of [await patch('e'.repeat(24), { name: 'Ghost' }), await remove('e'.repeat(24))]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Delivery method was not found' }, requestId: expect.any(String) });
    }
    expect((await patch('not-an-id', { name: 'Ghost' })).statusCode).toBe(400);
    expect((await remove('not-an-id')).statusCode).toBe(400);
  });
});

describe('bad input', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['no name', { name: '' }, 'name', 'Name is Required'],
    ['a name too long', { name: 'x'.repeat(61) }, 'name', 'Must be at most 60 characters'],
    ['a name on two lines', { name: 'Two\nlines' }, 'name', 'Must be on one line'],
    ['a negative price', { price: -1 }, 'price', 'Enter a price from 0 with at most 2 decimals, such as 4.90'],
    ['a price with 3 decimals', { price: '4.905' }, 'price', 'Enter a price from 0 with at most 2 decimals, such as 4.90'],
    ['no price', { price: undefined }, 'price', 'Enter a price from 0 with at most 2 decimals, such as 4.90'],
    ['a negative free-from subtotal', { freeFrom: -75 }, 'freeFrom', 'Enter a subtotal from 0 with at most 2 decimals, or leave it empty'],
    ['days from above days to', { daysMin: 4, daysMax: 2 }, 'daysMax', 'Days to must not be below Days from'],
    ['days above 30', { daysMin: 1, daysMax: 31 }, 'daysMax', 'Enter a whole number of working days from 0 to 30'],
    ['days that are not whole', { daysMin: 1.5 }, 'daysMin', 'Enter a whole number of working days from 0 to 30'],
    ['negative days', { daysMin: -1 }, 'daysMin', 'Enter a whole number of working days from 0 to 30'],
    ['no countries', { countries: [] }, 'countries', 'Enter * for every country, or country codes such as US, CA'],
    ['blank countries', { countries: ' , ' }, 'countries', 'Enter * for every country, or country codes such as US, CA'],
    ['an unknown country code', { countries: ['US', 'XX'] }, 'countries', 'Not a country code: XX'],
    ['* with country codes', { countries: ['*', 'US'] }, 'countries', '* means every country: enter it alone, without country codes'],
  ];

  it.each(cases)('refuses %s with 422 under the field, adding nothing', async (_what, change, field, message) => {
    const before = (await everyMethod()).length;
    const refused = await add({ ...VALID, ...change });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' }, requestId: expect.any(String) });
    expect(refused.json().error.fieldErrors[field]).toEqual([message]);
    expect((await everyMethod()).length).toBe(before);
  });

  it('a change that puts the days out of order with the saved ones is refused, changing nothing', async () => {
    const express = (await list()).find((method) => method.name === 'Express')!;
    const refused = await patch(express._id, { daysMin: 3 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fieldErrors).toEqual({ daysMax: ['Days to must not be below Days from'] });
    expect((await patch(express._id, { countries: ['XX'] })).json().error.fieldErrors.countries).toEqual(['Not a country code: XX']);
    expect((await list()).find((method) => method._id === express._id)).toMatchObject({ daysMin: 1, daysMax: 1, countries: ['US'] });
  });
});

describe('who may change the delivery methods', () => {
  it('answers a visitor 401 and a customer 403 before reading the body, changing nothing', async () => {
    const standard = (await list()).find((method) => method.name === 'Standard')!;
    for (const [headers, status] of [[null, 401], [customer.headers, 403]] as const) {
      for (const body of [VALID, { price: -1 }]) {
        expect((await add(body, headers)).statusCode).toBe(status);
        expect((await patch(standard._id, body, headers)).statusCode).toBe(status);
      }
      expect((await remove(standard._id, headers)).statusCode).toBe(status);
      const adminList = await t.app.inject({ url: '/api/admin/shipping-methods', ...(headers ? { headers } : {}) });
      expect(adminList.statusCode).toBe(status);
      expect(adminList.json().error.code).toBe(status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN');
    }
    expect((await list()).find((method) => method._id === standard._id)).toEqual(standard);
  });
});

describe('delivery methods on two instances of one database', () => {
  it('are served from memory, and a change through one is seen by the other once its check is due', async () => {
    const otherDatabase = createDatabase(t.testDatabase.config);
    const other = await buildApp({ config: t.app.config, database: otherDatabase, logger: false });
    // Only the method this test adds: the demo's 'Standard' serves every country.
    const names = async (app: typeof t.app) => (await app.shipping.methodsFor('NZ', new Date())).map((method) => method.name).filter((name) => name === 'Tasman Freight');
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      expect(await names(other)).toEqual([]);
      const added = await add({ ...VALID, name: 'Tasman Freight', countries: ['NZ'] });
      expect(added.statusCode, added.body).toBe(201);
      // The instance that wrote sees it at once; the other answers from memory until its check is due.
      expect(await names(t.app)).toEqual(['Tasman Freight']);
      expect(await names(other)).toEqual([]);
      vi.setSystemTime(Date.now() + 600);
      expect(await names(other)).toEqual(['Tasman Freight']);
      // A method taken off is gone from the other's quotes too.
      expect((await remove((added.json() as { insertedId: string }).insertedId)).statusCode).toBe(200);
      expect(await names(t.app)).toEqual([]);
      vi.setSystemTime(Date.now() + 600);
      expect(await names(other)).toEqual([]);
    } finally {
      vi.useRealTimers();
      await other.close();
      await otherDatabase.close();
    }
  });
});
