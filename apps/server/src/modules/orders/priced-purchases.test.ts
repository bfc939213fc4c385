import { DEMO_TAX_RATES, type Quote } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';
import { DELIVERY, payWithTestCard } from '../../test/purchases.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertSignedInUser>>;
type Customer = Awaited<ReturnType<typeof insertSignedInUser>>;
const parts = { oil: '', pads: '' };
let express = '';
const CALIFORNIA = { country: 'US', region: 'CA', postcode: '94103' };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
  parts.oil = (await insertProduct(t.database.db, { price_cents: 4999, minimum: 1, quantity: 1000 })).id;
  parts.pads = (await insertProduct(t.database.db, { price_cents: 1250, minimum: 1, quantity: 1000 })).id;
  expect((await t.app.inject({ method: 'PUT', url: '/api/tax-rates', headers: admin.headers, payload: { rates: DEMO_TAX_RATES } })).statusCode).toBe(200);
  const methods = (await t.app.inject({ url: '/api/shipping-methods' })).json() as Array<{ _id: string; name: string }>;
  express = methods.find((method) => method.name === 'Express')!._id;
});
afterAll(async () => t.close());

const addCode = async (payload: object) => {
  const answer = await t.app.inject({ method: 'POST', url: '/api/discounts', headers: admin.headers, payload: { kind: 'percent', value: 10, ...payload } });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().insertedId as string;
};
const usedCount = async (id: string) => Number((await t.database.db.selectFrom('discounts').select('used_count').where('id', '=', id).executeTakeFirstOrThrow()).used_count);
const order = (customer: Customer, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.headers, payload: { productId: parts.pads, quantity: '1', ...DELIVERY, ...payload } });

describe('a purchase charges exactly what the quote showed', () => {
  it('a customer in California checks out two parts with Express and a 10 % code', async () => {
    await addCode({ code: 'TENOFF' });
    const customer = await insertSignedInUser(t.database.db);
    const lines = [{ productId: parts.oil, quantity: 1 }, { productId: parts.pads, quantity: 2 }];
    expect((await t.app.inject({ method: 'PUT', url: '/api/cart', headers: customer.headers, payload: { lines } })).statusCode).toBe(200);
    const options = { ...CALIFORNIA, shippingMethodId: express, discountCode: 'tenoff' };
    const quote = (await t.app.inject({ method: 'POST', url: '/api/quote', headers: customer.headers, payload: options })).json() as Quote;
    expect(quote.total).toBe(85.28);

    const placed = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: customer.headers, payload: { ...DELIVERY, ...options, expectedTotal: quote.total } });
    expect(placed.statusCode, placed.body).toBe(201);
    const { checkoutId, orderIds, purchaseId, total, totalChanged } = placed.json();
    expect({ purchaseId, total, totalChanged }).toEqual({ purchaseId: checkoutId, total: 85.28, totalChanged: false });

    const purchase = await t.database.db.selectFrom('purchases').selectAll().where('id', '=', checkoutId).executeTakeFirstOrThrow();
    expect({
      subtotal: Number(purchase.subtotal_cents),
      discount: Number(purchase.discount_cents),
      shipping: Number(purchase.shipping_cents),
      tax: Number(purchase.tax_cents),
      total: Number(purchase.total_cents),
    }).toEqual({ subtotal: 7499, discount: 750, shipping: 1290, tax: 489, total: 8528 });
    expect(purchase).toMatchObject({ country: 'US', region: 'CA', postcode: '94103', shipping_method_name: 'Express', discount_code: 'TENOFF', tax_name: 'Sales tax', tax_rate: 7250 });
    // Its answer names the method with its days, which word its arrival ('Arrives …'; 0 would be 'Ready to collect …').
    const answer = (await t.app.inject({ url: `/api/purchases/${checkoutId}`, headers: customer.headers })).json();
    expect(answer).toMatchObject({ shippingMethod: 'Express', shippingDaysMax: 1, arrivesFrom: purchase.arrives_from, arrivesTo: purchase.arrives_to, subtotal: 74.99, shipping: 12.9, discount: 7.5, tax: 4.89, total: 85.28 });
    // My Orders' lines (newest first) carry the purchase's total and arrival.
    const placedLines = (await t.app.inject({ url: `/api/orders/${encodeURIComponent(customer.email)}`, headers: customer.headers })).json() as Array<Record<string, unknown>>;
    expect(placedLines.map(({ total, purchaseTotal, arrivesFrom, arrivesTo, shippingDaysMax }) => ({ total, purchaseTotal, arrivesFrom, arrivesTo, shippingDaysMax }))).toEqual([
      { total: 25, purchaseTotal: 85.28, arrivesFrom: purchase.arrives_from, arrivesTo: purchase.arrives_to, shippingDaysMax: 1 },
      { total: 49.99, purchaseTotal: 85.28, arrivesFrom: purchase.arrives_from, arrivesTo: purchase.arrives_to, shippingDaysMax: 1 },
    ]);
    const rows = await t.database.db.selectFrom('orders').select(['discount_cents', 'tax_cents']).where('purchase_id', '=', checkoutId).orderBy('number').execute();
    expect(rows.map((row) => [Number(row.discount_cents), Number(row.tax_cents)])).toEqual([
      [500, 326],
      [250, 163],
    ]);

    // One payment of the purchase's total; a line's refund gives back what was paid for it: 25.00 - 2.50 + 1.63.
    const intentId = await payWithTestCard(t.app, customer, { checkoutId }, orderIds[0]);
    const intent = await t.database.db.selectFrom('test_payment_intents').select('amount_cents').where('id', '=', intentId).executeTakeFirstOrThrow();
    expect(Number(intent.amount_cents)).toBe(8528);
    const refunded = await t.app.inject({ method: 'POST', url: `/api/orders/${orderIds[1]}/refund`, headers: admin.headers });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const refunds = await t.database.db.selectFrom('test_refunds').select('amount_cents').where('intent_id', '=', intentId).execute();
    expect(refunds.map((row) => Number(row.amount_cents))).toEqual([2413]);
    // The last line back takes the delivery with it: 49.99 - 5.00 + 3.26, and Express's 12.90.
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${orderIds[0]}/refund`, headers: admin.headers })).statusCode).toBe(200);
    const all = await t.database.db.selectFrom('test_refunds').select('amount_cents').where('intent_id', '=', intentId).execute();
    expect(all.map((row) => Number(row.amount_cents)).sort()).toEqual([2413, 6115]);
  });

  it('charges the new price when a part is repriced after the quote, and says so', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const part = await insertProduct(t.database.db, { price_cents: 2000, minimum: 1, quantity: 10 });
    const quote = (await t.app.inject({ method: 'POST', url: '/api/quote', payload: { lines: [{ productId: part.id, quantity: 1 }], country: 'US' } })).json() as Quote;
    expect(quote.total).toBe(20);
    await t.database.db.updateTable('products').set({ price_cents: 2100 }).where('id', '=', part.id).execute();
    const placed = await order(customer, { productId: part.id, country: 'US', postcode: '10001', region: 'NY', expectedTotal: quote.total });
    expect(placed.statusCode, placed.body).toBe(201);
    // 21.00 and New York's 4 % (0.84); Collect from the shop is free.
    expect(placed.json()).toMatchObject({ total: 21.84, totalChanged: true });
  });

  it('keeps SPEC\'s order working: the shop\'s country, its cheapest method, no tax without a region', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const placed = await order(customer, {});
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ acknowledged: true, total: 12.5, totalChanged: false });
    const purchase = await t.database.db.selectFrom('purchases').select(['country', 'shipping_method_name', 'total_cents']).where('id', '=', placed.json().purchaseId).executeTakeFirstOrThrow();
    expect(purchase).toMatchObject({ country: 'US', shipping_method_name: 'Collect from the shop' });
  });

  it('gives the last use of a code to one of 20 customers placing at once', async () => {
    const id = await addCode({ code: 'LASTONE', usesTotal: 1 });
    const customers = await Promise.all(Array.from({ length: 20 }, () => insertSignedInUser(t.database.db)));
    const answers = await Promise.all(customers.map((customer) => order(customer, { ...CALIFORNIA, discountCode: 'LASTONE' })));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(refused).toHaveLength(19);
    for (const answer of refused) expect(answer.json().error.fieldErrors.discountCode).toEqual(['This code has been used up']);
    expect(await usedCount(id)).toBe(1);
  });

  it('gives a once-per-customer use back when its unpaid purchase is cancelled, and refuses a second use before', async () => {
    const id = await addCode({ code: 'WELCOME', oncePerCustomer: true });
    const customer = await insertSignedInUser(t.database.db);
    const first = await order(customer, { ...CALIFORNIA, discountCode: 'welcome' });
    expect(first.statusCode, first.body).toBe(201);
    const second = await order(customer, { ...CALIFORNIA, discountCode: 'WELCOME' });
    expect(second.statusCode).toBe(422);
    expect(second.json().error.fieldErrors.discountCode).toEqual(['You have already used this code']);
    expect(await usedCount(id)).toBe(1);

    const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/orders/${first.json().insertedId}`, headers: customer.headers });
    expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
    expect(await usedCount(id)).toBe(0);
    const again = await order(customer, { ...CALIFORNIA, discountCode: 'WELCOME' });
    expect(again.statusCode, again.body).toBe(201);
    expect(await usedCount(id)).toBe(1);
  });

  it('refuses what a purchase cannot be, each under its field, writing nothing', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const refused = async (payload: object, field: string, message: string) => {
      const answer = await order(customer, payload);
      expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
      expect(answer.json().error.fieldErrors?.[field]).toContain(message);
    };
    await refused({ country: 'US', postcode: '94103' }, 'region', 'Please choose a region');
    await refused({ country: 'US', region: 'CA' }, 'postcode', 'Postcode is Required');
    await refused({ country: 'ZZ', postcode: '1' }, 'country', 'Please choose a country');
    await refused({ ...CALIFORNIA, shippingMethodId: '0123456789abcdef01234567' }, 'shippingMethodId', 'This delivery method is not available');
    await refused({ country: 'DE', postcode: '10115', shippingMethodId: express }, 'shippingMethodId', 'This delivery method does not deliver to Germany');
    await refused({ ...CALIFORNIA, discountCode: 'NOSUCH' }, 'discountCode', 'This code is not valid');
    expect(await t.database.db.selectFrom('purchases').select('id').where('user_id', '=', customer.id).execute()).toEqual([]);
  });
});
