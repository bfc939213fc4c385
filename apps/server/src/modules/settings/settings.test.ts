import { DEMO_SETTINGS, type ShopSettings, settingsMessages } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { createDatabase } from '../../db/database.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertSignedInUser } from '../../test/factories.js';

let t: TestApp;
type Caller = Awaited<ReturnType<typeof insertSignedInUser>>;
let admin: Caller;
let customer: Caller;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
  customer = await insertSignedInUser(t.database.db);
});
afterEach(() => vi.useRealTimers());
afterAll(async () => t.close());

const CHANGED: ShopSettings = {
  shopName: 'Moto Parts Leeds',
  shopAddress: '1 Chain Street\nLeeds LS1 1AA',
  taxId: 'GB123456789',
  country: 'GB',
  pricesIncludeTax: true,
  cutoff: '15:30',
  timeZone: 'Europe/London',
  holidays: ['2026-12-25', '2026-12-26'],
  returnWindowDays: 14,
};

const put = (payload: unknown, caller: Caller | null = admin, app: FastifyInstance = t.app) =>
  app.inject({ method: 'PUT', url: '/api/settings', headers: caller?.headers ?? {}, payload: payload as object });
const publicSettings = async (app: FastifyInstance = t.app) => {
  const answer = await app.inject({ url: '/api/settings' });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};

describe('settings', () => {
  it('start with the demo values, of which every visitor reads the public part', async () => {
    expect(await publicSettings()).toEqual({ shopName: 'Moto Parts', country: 'US', pricesIncludeTax: false, cutoff: '14:00', timeZone: 'America/New_York', returnWindowDays: 30 });
    const all = await t.app.inject({ url: '/api/admin/settings', headers: admin.headers });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual(DEMO_SETTINGS);
    expect(await t.app.settings.current()).toEqual(DEMO_SETTINGS);
  });

  it('are set whole by the admin, answered as saved, and read by every module at once', async () => {
    const saved = await put({ ...CHANGED, country: ' gb ', holidays: ['2026-12-26', '2026-12-25', '2026-12-26'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(CHANGED);
    expect(await publicSettings()).toEqual({ shopName: 'Moto Parts Leeds', country: 'GB', pricesIncludeTax: true, cutoff: '15:30', timeZone: 'Europe/London', returnWindowDays: 14 });
    expect((await t.app.inject({ url: '/api/admin/settings', headers: admin.headers })).json()).toEqual(CHANGED);
    expect(await t.app.settings.current()).toEqual(CHANGED);
    const row = await t.database.db.selectFrom('shop_settings').selectAll().executeTakeFirstOrThrow();
    expect(row.holidays).toBe('["2026-12-25","2026-12-26"]');
    expect(Number.isNaN(Date.parse(row.updated_at))).toBe(false);
    expect((await put(DEMO_SETTINGS)).statusCode).toBe(200);
  });

  it('keep a shop name with markup as the text it is', async () => {
    const shopName = '<img src=x onerror=alert(1)> & <b>Bikes</b>';
    expect((await put({ ...DEMO_SETTINGS, shopName })).json().shopName).toBe(shopName);
    expect((await publicSettings()).shopName).toBe(shopName);
    expect((await put(DEMO_SETTINGS)).statusCode).toBe(200);
  });

  it.each([
    ['an unknown country', { country: 'XX' }, 'country', settingsMessages.countryInvalid],
    ['a country that is no code', { country: 'usa' }, 'country', settingsMessages.countryInvalid],
    ['a cut-off past midnight', { cutoff: '25:00' }, 'cutoff', settingsMessages.cutoffInvalid],
    ['a time zone no one keeps', { timeZone: 'Mars/Base' }, 'timeZone', settingsMessages.timeZoneInvalid],
    ['a holiday that is no date', { holidays: ['2026-12-25', '2026-02-30'] }, 'holidays.1', settingsMessages.holidayInvalid],
    ['a negative return window', { returnWindowDays: -1 }, 'returnWindowDays', settingsMessages.returnWindowInvalid],
    ['a return window of years', { returnWindowDays: 1000 }, 'returnWindowDays', settingsMessages.returnWindowInvalid],
    ['a shop name of 200 characters', { shopName: 'M'.repeat(200) }, 'shopName', settingsMessages.shopNameTooLong],
    ['an empty shop name', { shopName: '  ' }, 'shopName', settingsMessages.shopNameRequired],
  ])('refuse %s under its field, and change nothing', async (_case, change, field, message) => {
    const refused = await put({ ...CHANGED, ...change });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { [field]: [message] } });
    expect(await t.app.settings.current()).toEqual(DEMO_SETTINGS);
  });

  it('refuse a body without every field', async () => {
    const { pricesIncludeTax: _left, ...partial } = CHANGED;
    const refused = await put(partial);
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().error.fieldErrors)).toEqual(['pricesIncludeTax']);
  });

  it('are read whole and written by admins only, who they are checked before the body', async () => {
    expect((await put(CHANGED, null)).statusCode).toBe(401);
    expect((await put(CHANGED, customer)).statusCode).toBe(403);
    expect((await put({ country: 'XX' }, customer)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/settings' })).statusCode).toBe(401);
    const forbidden = await t.app.inject({ url: '/api/admin/settings', headers: customer.headers });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('FORBIDDEN');
    expect(await t.app.settings.current()).toEqual(DEMO_SETTINGS);
  });
});

describe('settings on two instances of one database', () => {
  it('are served from memory, and a change through one is seen by the other once its check is due and its kept answer has expired', async () => {
    const otherDatabase = createDatabase(t.testDatabase.config);
    const other = await buildApp({ config: t.app.config, database: otherDatabase, logger: false });
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      expect((await publicSettings(other)).shopName).toBe('Moto Parts');
      expect((await put({ ...DEMO_SETTINGS, shopName: 'Changed elsewhere' })).statusCode).toBe(200);
      // Within its check interval the other instance answers from memory, without asking the database;
      // its public answer is kept a moment longer, as every shared answer is (PUBLIC_CACHE_MS).
      expect((await publicSettings(other)).shopName).toBe('Moto Parts');
      vi.setSystemTime(Date.now() + 600);
      expect((await other.settings.current()).shopName).toBe('Changed elsewhere');
      vi.setSystemTime(Date.now() + t.app.config.publicCacheMs);
      expect((await publicSettings(other)).shopName).toBe('Changed elsewhere');
      expect((await other.settings.current()).shopName).toBe('Changed elsewhere');

      // And back the other way.
      expect((await put(DEMO_SETTINGS, admin, other)).statusCode).toBe(200);
      expect((await publicSettings(other)).shopName).toBe('Moto Parts');
      vi.setSystemTime(Date.now() + 600 + t.app.config.publicCacheMs);
      expect((await publicSettings()).shopName).toBe('Moto Parts');
    } finally {
      await other.close();
      await otherDatabase.close();
    }
  });
});
