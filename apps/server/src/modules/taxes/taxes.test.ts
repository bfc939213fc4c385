import { MAX_TAX_RATES, settingsMessages, type TaxRate, taxMessages } from '@shop/shared';
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

const CALIFORNIA = { country: 'US', region: 'CA', name: 'Sales tax', rate: 7.25, appliesToDelivery: false };
const put = (rates: unknown[], caller: Caller | null = admin, app: FastifyInstance = t.app) =>
  app.inject({ method: 'PUT', url: '/api/tax-rates', headers: caller?.headers ?? {}, payload: { rates } });
const list = async (app: FastifyInstance = t.app): Promise<TaxRate[]> => {
  const answer = await app.inject({ url: '/api/tax-rates', headers: admin.headers });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().rates;
};
async function saved(rates: unknown[]): Promise<TaxRate[]> {
  const answer = await put(rates);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().rates;
}
/** Refused with 422, these messages under these fields, and the rates as they were. */
async function expectRefused(rates: unknown[], fieldErrors: Record<string, string[]>) {
  const before = await list();
  const answer = await put(rates);
  expect(answer.statusCode, answer.body).toBe(422);
  expect(answer.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors });
  expect(await list()).toEqual(before);
}

describe('tax rates', () => {
  it('start empty: a new shop charges no tax', async () => {
    expect(await list()).toEqual([]);
    expect(await t.app.taxes.rateFor('US', 'CA')).toBeNull();
  });

  it('are replaced whole, in the order given, and answered as saved', async () => {
    const rates = await saved([
      { ...CALIFORNIA, region: ' ca ' },
      { country: 'de', name: 'VAT', rate: 19, appliesToDelivery: true },
      { country: 'US', region: 'TX', name: 'Sales tax', rate: 6.125, appliesToDelivery: true },
    ]);
    expect(rates).toEqual([
      CALIFORNIA,
      { country: 'DE', name: 'VAT', rate: 19, appliesToDelivery: true },
      { country: 'US', region: 'TX', name: 'Sales tax', rate: 6.125, appliesToDelivery: true },
    ]);
    expect(await list()).toEqual(rates);
    const rows = await t.database.db.selectFrom('tax_rates').select(['country', 'region', 'rate_millipercent']).orderBy('position').execute();
    expect(rows).toEqual([
      { country: 'US', region: 'CA', rate_millipercent: 7250 },
      { country: 'DE', region: null, rate_millipercent: 19000 },
      { country: 'US', region: 'TX', rate_millipercent: 6125 },
    ]);

    expect(await saved([{ country: 'FR', name: 'VAT', rate: 20, appliesToDelivery: true }])).toHaveLength(1);
    expect(await saved([])).toEqual([]);
    expect(await list()).toEqual([]);
  });

  it('drop a region given for a country without regions', async () => {
    expect(await saved([{ country: 'DE', region: 'BY', name: 'VAT', rate: 19, appliesToDelivery: true }])).toEqual([
      { country: 'DE', name: 'VAT', rate: 19, appliesToDelivery: true },
    ]);
    expect(await saved([{ country: 'US', region: '', name: 'Sales tax', rate: 5, appliesToDelivery: false }])).toEqual([
      { country: 'US', name: 'Sales tax', rate: 5, appliesToDelivery: false },
    ]);
  });

  it('answer the most specific rate for an address: its region, else its country, else none', async () => {
    await saved([
      CALIFORNIA,
      { country: 'US', name: 'Federal test tax', rate: 1.5, appliesToDelivery: true },
      { country: 'DE', name: 'VAT', rate: 19, appliesToDelivery: true },
      { country: 'CA', region: 'ON', name: 'HST', rate: 13, appliesToDelivery: true },
    ]);
    expect(await t.app.taxes.rateFor('US', 'CA')).toEqual({ name: 'Sales tax', ratePercent: 7.25, appliesToDelivery: false });
    expect(await t.app.taxes.rateFor('US', 'NY')).toEqual({ name: 'Federal test tax', ratePercent: 1.5, appliesToDelivery: true });
    expect(await t.app.taxes.rateFor('US', null)).toEqual({ name: 'Federal test tax', ratePercent: 1.5, appliesToDelivery: true });
    expect(await t.app.taxes.rateFor('DE', 'BY')).toEqual({ name: 'VAT', ratePercent: 19, appliesToDelivery: true });
    expect(await t.app.taxes.rateFor('CA', 'ON')).toEqual({ name: 'HST', ratePercent: 13, appliesToDelivery: true });
    expect(await t.app.taxes.rateFor('CA', 'QC')).toBeNull();
    expect(await t.app.taxes.rateFor('FR', null)).toBeNull();

    await saved([CALIFORNIA]);
    expect(await t.app.taxes.rateFor('US', 'NY')).toBeNull();
    expect(await t.app.taxes.rateFor('US', 'CA')).toEqual({ name: 'Sales tax', ratePercent: 7.25, appliesToDelivery: false });
  });

  it.each([
    ['a negative rate', { rate: -1 }, 'rates.1.rate', taxMessages.rateInvalid],
    ['a rate above 100 %', { rate: 101 }, 'rates.1.rate', taxMessages.rateInvalid],
    ['a rate that is no number', { rate: '7.25' }, 'rates.1.rate', taxMessages.rateInvalid],
    ['a rate of 4 decimals', { rate: 7.1234 }, 'rates.1.rate', taxMessages.rateDecimals],
    ['an unknown country', { country: 'XX' }, 'rates.1.country', settingsMessages.countryInvalid],
    ['a country that is no code', { country: 'usa' }, 'rates.1.country', settingsMessages.countryInvalid],
    ['a region its country does not have', { region: 'ZZ' }, 'rates.1.region', taxMessages.regionInvalid('US')],
    ['a rate without a name', { name: ' ' }, 'rates.1.name', taxMessages.nameRequired],
  ])('refuse %s under its row and field, and change nothing', async (_case, change, field, message) => {
    await saved([CALIFORNIA]);
    await expectRefused([{ country: 'US', region: 'TX', name: 'Sales tax', rate: 6.25, appliesToDelivery: true }, { ...CALIFORNIA, region: 'NY', ...change }], {
      [field]: [message],
    });
  });

  it('refuse two rates for the same country and region, a dropped region counting as none', async () => {
    await saved([]);
    await expectRefused([CALIFORNIA, { country: 'DE', name: 'VAT', rate: 19 }, { ...CALIFORNIA, region: 'ca', rate: 8 }], {
      'rates.2.region': [taxMessages.duplicate('US-CA')],
    });
    await expectRefused([{ country: 'DE', name: 'VAT', rate: 19 }, { country: 'DE', region: 'BY', name: 'VAT', rate: 7 }], {
      'rates.1.country': [taxMessages.duplicate('DE')],
    });
  });

  it(`refuse more than ${MAX_TAX_RATES} rates`, async () => {
    const many = Array.from({ length: MAX_TAX_RATES + 1 }, () => ({ ...CALIFORNIA }));
    const answer = await put(many);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error.fieldErrors.rates).toEqual([taxMessages.tooMany]);
  });

  it('are read and written by admins only, who they are checked before the body', async () => {
    await saved([CALIFORNIA]);
    expect((await put([CALIFORNIA], null)).statusCode).toBe(401);
    expect((await put([CALIFORNIA], customer)).statusCode).toBe(403);
    expect((await put([{ rate: 500 }], customer)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/tax-rates' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/tax-rates', headers: customer.headers })).statusCode).toBe(403);
    expect(await list()).toEqual([CALIFORNIA]);
  });
});

describe('tax rates on two instances of one database', () => {
  it('are served from memory, and a change through one is seen by the other once its check is due', async () => {
    await saved([CALIFORNIA]);
    const otherDatabase = createDatabase(t.testDatabase.config);
    const other = await buildApp({ config: t.app.config, database: otherDatabase, logger: false });
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      expect((await other.taxes.rateFor('US', 'CA'))?.ratePercent).toBe(7.25);
      await saved([{ ...CALIFORNIA, rate: 8 }]);
      expect((await t.app.taxes.rateFor('US', 'CA'))?.ratePercent).toBe(8);
      // Within its check interval the other instance answers from memory, without asking the database.
      expect((await other.taxes.rateFor('US', 'CA'))?.ratePercent).toBe(7.25);
      vi.setSystemTime(Date.now() + 600);
      expect((await other.taxes.rateFor('US', 'CA'))?.ratePercent).toBe(8);
      expect(await list(other)).toEqual([{ ...CALIFORNIA, rate: 8 }]);
    } finally {
      await other.close();
      await otherDatabase.close();
    }
  });
});
