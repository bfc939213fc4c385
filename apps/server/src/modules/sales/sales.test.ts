import { DEMO_SETTINGS, DEMO_TAX_RATES, salesMessages } from '@shop/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';
import { DELIVERY, payWithTestCard } from '../../test/purchases.js';

let t: TestApp;
type Caller = Awaited<ReturnType<typeof insertSignedInUser>>;
type Part = Awaited<ReturnType<typeof insertProduct>>;
let admin: Caller;
let customer: Caller;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SCALE: '10' });
  // Signed in now: their sessions outlast the fixture's days, which are in the past.
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
  customer = await insertSignedInUser(t.database.db);
});
afterEach(() => vi.useRealTimers());
afterAll(async () => t.close());

/** The shop's clock reads `time` (UTC) until moved again. */
const at = (time: string) => vi.setSystemTime(new Date(time));
const sales = (call: string, from: string, to: string, caller: Caller = admin) => t.app.inject({ url: `/api/sales/${call}?from=${from}&to=${to}`, headers: caller.headers });

async function place(part: Part, quantity: number): Promise<string> {
  const placed = await t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.headers, payload: { productId: part.id, quantity, ...DELIVERY } });
  expect(placed.statusCode).toBe(201);
  return placed.json().insertedId;
}
const pay = (orderId: string) => payWithTestCard(t.app, customer, { orderId }, orderId);
async function expectOk(request: Promise<{ statusCode: number }>) {
  expect((await request).statusCode).toBe(200);
}

describe('sales', () => {
  it('counts payments on their UTC day and refunds on theirs, leaves out unpaid and cancelled orders, and ranks and warns by what sold', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const a = await insertProduct(t.database.db, { name: 'Sales part A', price_cents: 1000, quantity: 20, minimum: 1 });
    const b = await insertProduct(t.database.db, { name: 'Sales part B', price_cents: 2500, quantity: 5, minimum: 2 });
    const c = await insertProduct(t.database.db, { name: 'Sales part C', price_cents: 400, quantity: 30, minimum: 5 });
    await insertProduct(t.database.db, { name: 'Sales part D', price_cents: 900, quantity: 1, minimum: 2 });

    // 1 March: A x3 ($30) placed and paid ten minutes before midnight.
    at('2026-03-01T23:50:00Z');
    await pay(await place(a, 3));
    // B x2 ($50) placed before midnight, paid after it: 2 March's money, 1 March's order.
    at('2026-03-01T23:55:00Z');
    const second = await place(b, 2);
    at('2026-03-02T00:05:00Z');
    await pay(second);
    // 2 March: A x1 ($10) paid, refunded on 3 March; B x2 placed and cancelled unpaid.
    at('2026-03-02T09:00:00Z');
    const refunded = await place(a, 1);
    await pay(refunded);
    const cancelled = await place(b, 2);
    await expectOk(t.app.inject({ method: 'DELETE', url: `/api/orders/${cancelled}`, headers: customer.headers }));
    // 3 March: C x10 ($40) paid and shipped; a checkout of A x2 ($20) and C x5 ($20) paid; the refund.
    at('2026-03-03T10:00:00Z');
    const shipped = await place(c, 10);
    await pay(shipped);
    await expectOk(t.app.inject({ method: 'PATCH', url: `/api/shiftorders/${shipped}`, headers: admin.headers }));
    await t.app.inject({ method: 'PUT', url: '/api/cart', headers: customer.headers, payload: { lines: [{ productId: a.id, quantity: 2 }, { productId: c.id, quantity: 5 }] } });
    const checkout = (await t.app.inject({ method: 'POST', url: '/api/checkout', headers: customer.headers, payload: DELIVERY })).json();
    await payWithTestCard(t.app, customer, { checkoutId: checkout.checkoutId }, checkout.orderIds[0]);
    await expectOk(t.app.inject({ method: 'POST', url: `/api/orders/${refunded}/refund`, headers: admin.headers }));
    // And C x5 waiting for payment.
    await place(c, 5);

    const revenue = await sales('revenue', '2026-03-01', '2026-03-04');
    expect(revenue.statusCode).toBe(200);
    expect(revenue.json()).toEqual({
      from: '2026-03-01',
      to: '2026-03-04',
      days: [
        { day: '2026-03-01', paidOrders: 1, paid: 30, refundedOrders: 0, refunded: 0, net: 30, tax: 0 },
        { day: '2026-03-02', paidOrders: 2, paid: 60, refundedOrders: 0, refunded: 0, net: 60, tax: 0 },
        { day: '2026-03-03', paidOrders: 3, paid: 80, refundedOrders: 1, refunded: 10, net: 70, tax: 0 },
        { day: '2026-03-04', paidOrders: 0, paid: 0, refundedOrders: 0, refunded: 0, net: 0, tax: 0 },
      ],
      totals: { paidOrders: 6, paid: 170, refundedOrders: 1, refunded: 10, net: 160, tax: 0 },
    });

    const statuses = (await sales('statuses', '2026-03-01', '2026-03-04')).json();
    expect(statuses.statuses).toEqual([
      { status: 'waiting', orders: 1 },
      { status: 'paid', orders: 4 },
      { status: 'shipped', orders: 1 },
      { status: 'cancelled', orders: 1 },
      { status: 'refunded', orders: 1 },
    ]);
    // Placed on 1 March (UTC), whenever paid.
    expect((await sales('statuses', '2026-03-01', '2026-03-01')).json().statuses.filter((row: { orders: number }) => row.orders > 0)).toEqual([{ status: 'paid', orders: 2 }]);

    const best = (await sales('best-sellers', '2026-03-01', '2026-03-04')).json();
    expect(best.parts.map(({ name, quantity, revenue: money }: { name: string; quantity: number; revenue: number }) => [name, quantity, money])).toEqual([
      ['Sales part C', 15, 60],
      ['Sales part A', 5, 50],
      ['Sales part B', 2, 50],
    ]);
    // 2 March alone: the refund of 3 March is not in it.
    expect((await sales('best-sellers', '2026-03-02', '2026-03-02')).json().parts.map((part: { name: string; quantity: number }) => [part.name, part.quantity])).toEqual([
      ['Sales part B', 2],
      ['Sales part A', 1],
    ]);

    // Stock now: A 15 (sold 5 net in 4 days: 12 days left), B 3 (2: 6 days), C 10 (15 sold, 5 more held: 2 days), D 1 under its minimum of 2.
    const low = (await sales('low-stock', '2026-03-01', '2026-03-04')).json();
    expect(low.parts.map(({ name, quantity, minimum, sold, daysLeft }: Record<string, unknown>) => ({ name, quantity, minimum, sold, daysLeft }))).toEqual([
      { name: 'Sales part D', quantity: 1, minimum: 2, sold: 0, daysLeft: 0 },
      { name: 'Sales part C', quantity: 10, minimum: 5, sold: 15, daysLeft: 2 },
      { name: 'Sales part B', quantity: 3, minimum: 2, sold: 2, daysLeft: 6 },
      { name: 'Sales part A', quantity: 15, minimum: 1, sold: 5, daysLeft: 12 },
    ]);
    // Over 30 days the same sales are slower (C's 10 last 20 days): only what cannot be ordered.
    expect((await sales('low-stock', '2026-02-03', '2026-03-04')).json().parts.map((part: { name: string }) => part.name)).toEqual(['Sales part D']);
  });

  it('sums the closed days of a 7, 30 or 90-day range once, and still counts what sells today and yesterday', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const part = await insertProduct(t.database.db, { name: 'Window part', price_cents: 500, quantity: 50, minimum: 1 });
    const sold = async () => (await sales('best-sellers', '2026-03-31', '2026-04-06')).json().parts.find((row: { name: string }) => row.name === 'Window part');
    at('2026-04-01T12:00:00Z');
    await pay(await place(part, 2));
    at('2026-04-05T23:00:00Z');
    await pay(await place(part, 1));

    // 6 April: the days to 4 April are closed and summed once; yesterday and today are read as they are.
    at('2026-04-06T12:00:00Z');
    expect(await sold()).toMatchObject({ quantity: 3, revenue: 15 });
    await pay(await place(part, 4));
    expect(await sold()).toMatchObject({ quantity: 7, revenue: 35 });
    expect(await t.database.db.selectFrom('sales_windows').selectAll().where('from_day', '=', '2026-03-31').execute()).toEqual([{ from_day: '2026-03-31', through_day: '2026-04-04' }]);
    expect((await sales('low-stock', '2026-03-31', '2026-04-06')).statusCode).toBe(200);

    // A week on, the same range is closed days only, summed from the days: the same figures.
    at('2026-04-13T12:00:00Z');
    expect(await sold()).toMatchObject({ quantity: 7, revenue: 35 });
    expect(await t.database.db.selectFrom('sales_windows').selectAll().where('from_day', '=', '2026-03-31').execute()).toEqual([{ from_day: '2026-03-31', through_day: '2026-04-04' }]);
  });

  describe('revenue after discounts, without tax, the tax apart', () => {
    const CALIFORNIA = { country: 'US', region: 'CA', postcode: '94103' };
    let express = '';
    beforeAll(async () => {
      expect((await t.app.inject({ method: 'PUT', url: '/api/tax-rates', headers: admin.headers, payload: { rates: DEMO_TAX_RATES } })).statusCode).toBe(200);
      const code = await t.app.inject({ method: 'POST', url: '/api/discounts', headers: admin.headers, payload: { code: 'SALESTEN', kind: 'percent', value: 10 } });
      expect(code.statusCode, code.body).toBe(201);
      express = ((await t.app.inject({ url: '/api/shipping-methods' })).json() as Array<{ _id: string; name: string }>).find((method) => method.name === 'Express')!._id;
    });
    afterAll(async () => {
      expect((await t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: DEMO_SETTINGS })).statusCode).toBe(200);
    });

    /** A $40.00 part bought in California (7.25 %, delivery untaxed) with Express ($12.90) and 10 % off. */
    async function buyWithCode(name: string, address = CALIFORNIA): Promise<{ orderId: string; line: { discount: number; tax: number }; total: number }> {
      const part = await insertProduct(t.database.db, { name, price_cents: 4000, quantity: 10, minimum: 1 });
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: customer.headers,
        payload: { productId: part.id, quantity: 1, ...DELIVERY, ...address, shippingMethodId: express, discountCode: 'salesten' },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const orderId: string = placed.json().insertedId;
      await pay(orderId);
      const line = await t.database.db.selectFrom('orders').select(['discount_cents', 'tax_cents']).where('id', '=', orderId).executeTakeFirstOrThrow();
      return { orderId, line: { discount: Number(line.discount_cents), tax: Number(line.tax_cents) }, total: placed.json().total };
    }
    const revenueOf = async (from: string, to: string) => {
      const answer = await sales('revenue', from, to);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json();
    };

    it('counts a line with tax added as its price less its discount, the tax apart, and its refund takes the same back', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      at('2026-05-10T12:00:00Z');
      // 40.00 less 4.00, 7.25 % of 36.00 added (2.61), Express's 12.90: 51.51 charged.
      const bought = await buyWithCode('Tax added part');
      expect(bought).toMatchObject({ line: { discount: 400, tax: 261 }, total: 51.51 });
      at('2026-05-11T09:00:00Z');
      expect((await t.app.inject({ method: 'POST', url: `/api/orders/${bought.orderId}/refund`, headers: admin.headers })).statusCode).toBe(200);

      expect(await revenueOf('2026-05-10', '2026-05-11')).toEqual({
        from: '2026-05-10',
        to: '2026-05-11',
        days: [
          { day: '2026-05-10', paidOrders: 1, paid: 36, refundedOrders: 0, refunded: 0, net: 36, tax: 2.61 },
          { day: '2026-05-11', paidOrders: 0, paid: 0, refundedOrders: 1, refunded: 36, net: -36, tax: -2.61 },
        ],
        totals: { paidOrders: 1, paid: 36, refundedOrders: 1, refunded: 36, net: 0, tax: 0 },
      });
      expect((await sales('best-sellers', '2026-05-10', '2026-05-10')).json().parts).toEqual([expect.objectContaining({ name: 'Tax added part', quantity: 1, revenue: 36 })]);
      expect((await sales('best-sellers', '2026-05-10', '2026-05-11')).json().parts).toEqual([]);
    });

    it('counts the tax on delivery where the rate taxes it: collected with the payment, given back with the refund that returns the delivery', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      at('2026-05-15T12:00:00Z');
      // New York taxes delivery at 4 %: 1.44 on the line's 36.00, 0.52 on Express's 12.90 (0.516 rounded half-up).
      const bought = await buyWithCode('Delivery taxed part', { country: 'US', region: 'NY', postcode: '10001' });
      expect(bought).toMatchObject({ line: { discount: 400, tax: 144 }, total: 50.86 });
      at('2026-05-16T09:00:00Z');
      expect((await t.app.inject({ method: 'POST', url: `/api/orders/${bought.orderId}/refund`, headers: admin.headers })).statusCode).toBe(200);

      const { days, totals } = await revenueOf('2026-05-15', '2026-05-16');
      expect(days).toEqual([
        { day: '2026-05-15', paidOrders: 1, paid: 36, refundedOrders: 0, refunded: 0, net: 36, tax: 1.96 },
        { day: '2026-05-16', paidOrders: 0, paid: 0, refundedOrders: 1, refunded: 36, net: -36, tax: -1.96 },
      ]);
      expect(totals.tax).toBe(0);
    });

    it('counts a line whose price includes its tax as its price less its discount and less that tax, the tax apart', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      expect((await t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: { ...DEMO_SETTINGS, pricesIncludeTax: true } })).statusCode).toBe(200);
      at('2026-05-20T12:00:00Z');
      // 40.00 less 4.00 is 36.00, which holds 36.00 - 36.00 / 1.0725 = 2.43 of tax; with Express 48.90 charged.
      const bought = await buyWithCode('Tax included part');
      expect(bought).toMatchObject({ line: { discount: 400, tax: 243 }, total: 48.9 });

      expect((await revenueOf('2026-05-20', '2026-05-20')).days).toEqual([{ day: '2026-05-20', paidOrders: 1, paid: 33.57, refundedOrders: 0, refunded: 0, net: 33.57, tax: 2.43 }]);
      expect((await sales('best-sellers', '2026-05-20', '2026-05-20')).json().parts).toEqual([expect.objectContaining({ name: 'Tax included part', quantity: 1, revenue: 33.57 })]);
    });
  });

  it('refuses a reversed range, a range of ten years and dates that are not days, with the error envelope', async () => {
    const reversed = await sales('revenue', '2026-03-04', '2026-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.message).toContain(salesMessages.reversed);
    const decade = await sales('best-sellers', '2016-03-01', '2026-03-01');
    expect(decade.statusCode).toBe(400);
    expect(decade.json().error.message).toContain(salesMessages.tooLong);
    for (const [from, to] of [
      ['2026-02-30', '2026-03-01'],
      ['yesterday', '2026-03-01'],
      ['2026-03-01', ''],
    ]) {
      const answer = await sales('statuses', from!, to!);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.message).toContain(salesMessages.day);
    }
    expect((await t.app.inject({ url: '/api/sales/low-stock', headers: admin.headers })).statusCode).toBe(400);
    // A year is fine.
    expect((await sales('low-stock', '2025-03-02', '2026-03-02')).statusCode).toBe(200);
    // Customers see none of it.
    expect((await sales('revenue', '2026-03-01', '2026-03-04', customer)).statusCode).toBe(403);
  });
});
