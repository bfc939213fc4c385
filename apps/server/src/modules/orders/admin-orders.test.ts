import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { newId } from '../../lib/ids.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertSignedInUser>>;

beforeAll(async () => {
  // A shop whose clock is not UTC, for the export's dates.
  t = await buildTestApp({ SHOP_TIME_ZONE: 'America/New_York' });
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
});
afterAll(async () => t.close());

let nextNumber = 500_000;
/** Orders of one customer written straight to the table, numbered in the order given (the last is the newest). */
async function insertOrders(email: string, statuses: string[], name = 'Sam Rider') {
  const user = await insertSignedInUser(t.database.db);
  const product = await insertProduct(t.database.db);
  const stamp = new Date().toISOString();
  const rows = statuses.map((status) => ({
    id: newId(),
    number: ++nextNumber,
    user_id: user.id,
    product_id: product.id,
    customer_name: name,
    email,
    tool_name: 'Chain kit 520',
    unit_price_cents: 1250,
    quantity: 2,
    total_cents: 2500,
    location: '1 Road, York',
    phone: '+44 1904 000000',
    status: status as 'paid',
    created_at: stamp,
    updated_at: stamp,
  }));
  // Each a one-part purchase: the purchase shares its order's id.
  const purchases = rows.map(({ id, user_id, customer_name, email, location, phone, status, total_cents, created_at, updated_at }) => ({
    id,
    user_id,
    customer_name,
    email,
    location,
    phone,
    status: (['waiting', 'cancelled'].includes(status) ? status : 'paid') as 'waiting' | 'paid' | 'cancelled',
    total_cents,
    created_at,
    updated_at,
  }));
  const lines = rows.map(({ customer_name: _name, email: _email, location: _location, phone: _phone, ...line }) => ({ ...line, purchase_id: line.id }));
  for (let start = 0; start < rows.length; start += 500) {
    await t.database.db.insertInto('purchases').values(purchases.slice(start, start + 500)).execute();
    await t.database.db.insertInto('orders').values(lines.slice(start, start + 500)).execute();
  }
  return rows;
}
const list = (query: string) => t.app.inject({ url: `/api/allorders?${query}`, headers: admin.headers });
const numbersOf = (response: { json(): Array<{ number: number }> }) => response.json().map((order) => order.number);

describe('Manage All Orders', () => {
  it('filters by status, searches, and pages newest first', async () => {
    const email = `filters-${newId()}@example.com`;
    const rows = await insertOrders(email, ['waiting', 'paid', 'shipped', 'paid', 'cancelled', 'refunded', 'paid']);
    const q = `q=${encodeURIComponent(email)}`;
    expect(numbersOf(await list(q))).toEqual(rows.map((row) => row.number).reverse());
    const paid = rows.filter((row) => row.status === 'paid').map((row) => row.number).reverse();
    expect(numbersOf(await list(`${q}&status=paid`))).toEqual(paid);
    expect(numbersOf(await list(`${q}&status=refunded`))).toEqual([rows[5]!.number]);
    expect(numbersOf(await list(`${q}&status=paid&page=0&size=2`))).toEqual(paid.slice(0, 2));
    expect(numbersOf(await list(`${q}&status=paid&page=1&size=2`))).toEqual(paid.slice(2));
    expect(numbersOf(await list(`${q}&status=paid&page=5&size=2`))).toEqual([]);
    const count = async (query: string) => (await t.app.inject({ url: `/api/allorders/count?${query}`, headers: admin.headers })).json();
    expect(await count(`${q}&status=paid`)).toEqual({ count: 3 });
    expect(await count(q)).toEqual({ count: 7 });
    // The order number finds its order, whatever the filter's search.
    expect(numbersOf(await list(`q=%23${rows[3]!.number}`))).toEqual([rows[3]!.number]);
  });

  it.each([['status=lost'], ['page=-1&size=2'], ['page=0&size=101'], ['size=0'], [`q=${'x'.repeat(101)}`]])('refuses ?%s with the error envelope', async (query) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_REQUEST');
  });

  it("exports the orders it finds as a CSV file, every one across batches, formulas kept as text, phones and dates as a spreadsheet reads them on the shop's clock", async () => {
    const email = `export-${newId()}@example.com`;
    const rows = await insertOrders(email, Array.from({ length: 2_050 }, (_, n) => (n % 2 === 0 ? 'paid' : 'shipped')), '=HYPERLINK("http://x.example")');
    const newestPaid = rows.filter((row) => row.status === 'paid').at(-1)!;
    // Placed on a November evening in UTC (winter time in New York), paid on a July morning (summer time).
    await t.database.db.updateTable('orders').set({ created_at: '2026-11-27T19:05:00.000Z', paid_at: '2026-07-01T12:30:00.000Z' }).where('id', '=', newestPaid.id).execute();
    const response = await t.app.inject({ url: `/api/allorders/export?q=${encodeURIComponent(email)}&status=paid`, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="orders-paid-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.body.startsWith('\uFEFForder,placedAt,status,customer,email,phone,location,part,quantity,unitPrice,total,')).toBe(true);
    const lines = response.body.trim().split('\r\n');
    expect(lines).toHaveLength(1 + 1_025);
    expect(lines[1]).toContain(`#${newestPaid.number},2026-11-27 14:05,paid,`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x.example"")"`);
    // A phone is not a formula: no apostrophe to show.
    expect(lines[1]).toContain(`,+44 1904 000000,`);
    expect(lines[1]).toContain(',2026-07-01 08:30,,');
    expect(lines[1]).toContain(',Chain kit 520,2,12.50,25.00,');
    expect(lines.slice(1).every((line) => line.includes(',paid,'))).toBe(true);

    // The shop's clock is a time zone the platform knows, or the shop does not start.
    expect(() => loadConfig({ NODE_ENV: 'test', SHOP_TIME_ZONE: 'Europe/Atlantis' })).toThrow(/SHOP_TIME_ZONE must be an IANA time zone such as Europe\/London/);

    const customer = await insertSignedInUser(t.database.db);
    expect((await t.app.inject({ url: '/api/allorders/export', headers: customer.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/allorders/export?status=lost', headers: admin.headers })).statusCode).toBe(400);
  });
});
