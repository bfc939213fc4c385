import { DEMO_SETTINGS, DEMO_TAX_RATES, type Quote } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertSignedInUser>>;
let customer: Awaited<ReturnType<typeof insertSignedInUser>>;
const parts: Record<'oil' | 'pads' | 'chain' | 'bolt', string> = { oil: '', pads: '', chain: '', bolt: '' };
const methods: Record<string, string> = {};

// Thursday 24 December 2026, 10:00 in New York: before the cut-off, the day before a holiday.
const NOW = new Date('2026-12-24T15:00:00Z');

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  t = await buildTestApp();
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
  customer = await insertSignedInUser(t.database.db);
  for (const [key, price_cents] of [['oil', 4999], ['pads', 1250], ['chain', 7500], ['bolt', 99_999_999]] as const) {
    parts[key] = (await insertProduct(t.database.db, { price_cents, minimum: 1, quantity: 100 })).id;
  }
  expect((await t.app.inject({ method: 'PUT', url: '/api/tax-rates', headers: admin.headers, payload: { rates: DEMO_TAX_RATES } })).statusCode).toBe(200);
  expect((await t.app.inject({ method: 'POST', url: '/api/discounts', headers: admin.headers, payload: { code: 'TenOff', kind: 'percent', value: 10 } })).statusCode).toBe(201);
  const listed = (await t.app.inject({ url: '/api/shipping-methods' })).json() as Array<{ _id: string; name: string }>;
  for (const method of listed) methods[method.name] = method._id;
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const quote = (payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/quote', headers, payload });
const quoted = async (payload: object, headers: Record<string, string> = {}): Promise<Quote> => {
  const answer = await quote(payload, headers);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as Quote;
};

describe('POST /api/quote', () => {
  it("prices a visitor's lines for the country with its cheapest method, each method with its arrival", async () => {
    const answer = await quoted({ lines: [{ productId: parts.oil, quantity: 1 }, { productId: parts.pads, quantity: 2 }], country: 'US' });
    expect(answer).toMatchObject({ subtotal: 74.99, shipping: 0, discount: 0, tax: 0, total: 74.99, taxLines: [], shippingMethodId: methods['Collect from the shop'] });
    expect(answer.lines).toEqual([
      { productId: parts.oil, name: expect.any(String), quantity: 1, unitPrice: 49.99, lineTotal: 49.99 },
      { productId: parts.pads, name: expect.any(String), quantity: 2, unitPrice: 12.5, lineTotal: 25 },
    ]);
    // Dispatched today (before 14:00 in New York); Friday 25 is a holiday, then a weekend.
    expect(answer.methods).toEqual([
      { _id: methods['Collect from the shop'], name: 'Collect from the shop', price: 0, arrivesFrom: '2026-12-24', arrivesTo: '2026-12-24', daysMax: 0 },
      { _id: methods.Standard, name: 'Standard', price: 4.9, arrivesFrom: '2026-12-29', arrivesTo: '2026-12-31', daysMax: 4 },
      { _id: methods.Express, name: 'Express', price: 12.9, arrivesFrom: '2026-12-28', arrivesTo: '2026-12-28', daysMax: 1 },
    ]);
    expect(answer.dispatchBy).toBe('2026-12-24T19:00:00.000Z');
  });

  it('California with Express and a 10 % code: the discount before the tax, delivery untaxed', async () => {
    const answer = await quoted({
      lines: [{ productId: parts.oil, quantity: 1 }, { productId: parts.pads, quantity: 2 }],
      country: 'us',
      region: 'ca',
      postcode: '94103',
      shippingMethodId: methods.Express,
      discountCode: ' tenoff ',
    });
    // 49.99 - 5.00 and 25.00 - 2.50, each taxed at 7.25 %: 3.26 + 1.63.
    expect(answer).toMatchObject({ subtotal: 74.99, discount: 7.5, shipping: 12.9, tax: 4.89, total: 85.28, discountCode: 'TENOFF', discountMessage: 'Code TENOFF applied' });
    expect(answer.taxLines).toEqual([{ name: 'Sales tax', rate: 7.25, amount: 4.89 }]);
  });

  it('delivers Standard free from exactly $75.00, and New York taxes delivery', async () => {
    const atFreeFrom = await quoted({ lines: [{ productId: parts.chain, quantity: 1 }], country: 'US', shippingMethodId: methods.Standard });
    expect(atFreeFrom).toMatchObject({ subtotal: 75, shipping: 0, total: 75 });
    expect(atFreeFrom.methods.find((method) => method.name === 'Standard')?.price).toBe(0);

    const newYork = await quoted({ lines: [{ productId: parts.pads, quantity: 1 }], country: 'US', region: 'NY', postcode: '10001', shippingMethodId: methods.Standard });
    // 12.50 × 4 % = 0.50, and 4.90 × 4 % = 0.196, so 0.20.
    expect(newYork).toMatchObject({ subtotal: 12.5, shipping: 4.9, tax: 0.7, total: 18.1 });
  });

  it('takes the tax out of prices that include it', async () => {
    const save = (pricesIncludeTax: boolean) => t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: { ...DEMO_SETTINGS, pricesIncludeTax } });
    expect((await save(true)).statusCode).toBe(200);
    try {
      const answer = await quoted({ lines: [{ productId: parts.pads, quantity: 1 }], country: 'US', region: 'CA', postcode: '94103' });
      // 12.50 holds 12.50 - 12.50 / 1.0725 = 0.84 of tax.
      expect(answer).toMatchObject({ subtotal: 12.5, tax: 0.84, total: 12.5, pricesIncludeTax: true });
    } finally {
      expect((await save(false)).statusCode).toBe(200);
    }
  });

  it('with a bearer and no lines, prices the cart', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/cart', headers: customer.headers, payload: { lines: [{ productId: parts.pads, quantity: 3 }] } })).statusCode).toBe(200);
    const answer = await quoted({ country: 'US' }, customer.headers);
    expect(answer.lines.map((line) => [line.productId, line.quantity])).toEqual([[parts.pads, 3]]);
    expect(answer.total).toBe(37.5);
  });

  it('says why a code takes nothing off, and prices without it', async () => {
    const answer = await quoted({ lines: [{ productId: parts.pads, quantity: 1 }], country: 'US', discountCode: 'NOSUCHCODE' });
    expect(answer).toMatchObject({ discount: 0, total: 12.5, discountCode: null, discountMessage: 'This code is not valid' });
  });

  it('ignores a region for a country without regions, and offers what serves the country', async () => {
    const answer = await quoted({ lines: [{ productId: parts.pads, quantity: 1 }], country: 'DE', region: 'CA', postcode: '10115' });
    expect(answer.methods.map((method) => method.name)).toEqual(['Standard']);
    expect(answer).toMatchObject({ tax: 0, shipping: 4.9, total: 17.4 });
  });

  it('refuses what cannot be priced, each under its field', async () => {
    const refused = async (payload: object, field: string, message: string, headers: Record<string, string> = {}) => {
      const answer = await quote(payload, headers);
      expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
      expect(answer.json().error.fieldErrors?.[field]).toContain(message);
    };
    const line = [{ productId: parts.pads, quantity: 1 }];
    await refused({ lines: line, country: 'US', shippingMethodId: '0123456789abcdef01234567' }, 'shippingMethodId', 'This delivery method is not available');
    await refused({ lines: line, country: 'DE', shippingMethodId: methods.Express }, 'shippingMethodId', 'This delivery method does not deliver to Germany');
    await refused({ lines: line, country: 'XX' }, 'country', 'Please choose a country');
    await refused({ lines: line }, 'country', 'Please choose a country');
    await refused({ country: 'US' }, 'lines', 'Add a part to see its total');
    await refused({ lines: [{ productId: '0123456789abcdef01234567', quantity: 1 }], country: 'US' }, 'lines.0.productId', 'This part is not in the shop');
    await refused({ lines: [{ productId: parts.bolt, quantity: 2 }], country: 'US' }, 'lines', 'One order can be at most $999,999.99. Please order fewer pieces.');
    await refused({ lines: line, country: 'US', postcode: '<b>1</b>' }, 'postcode', 'Please enter a valid postcode');
    await refused({ lines: line, country: 'US', postcode: '9'.repeat(200) }, 'postcode', 'Please enter a valid postcode');
  });
});
