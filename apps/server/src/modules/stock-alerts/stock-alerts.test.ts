import { stockAlertMessages, stockReason } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';
import { mailsTo as outboxMailsTo, waitFor } from '../../test/outbox.js';

let t: TestApp;
type Caller = Awaited<ReturnType<typeof insertSignedInUser>>;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SCALE: '10' });
});
afterAll(async () => t.close());

const notify = (caller: Caller, productId: string, method: 'GET' | 'PUT' | 'DELETE' = 'PUT') =>
  t.app.inject({ method, url: `/api/products/${productId}/notify`, headers: caller.headers });
const backInStockMails = (caller: Caller) => outboxMailsTo(t.app.config.mail.outboxDir, caller.email).filter((mail) => mail.includes('is back in stock'));
const alertsOf = (productId: string) => t.database.db.selectFrom('stock_alerts').select('user_id').where('product_id', '=', productId).execute();
const restock = (productId: string, quantity: number) => t.database.db.updateTable('products').set({ quantity, stock_reason: stockReason('set', 'Test') }).where('id', '=', productId).execute();

describe('back in stock', () => {
  it('takes one alert per customer and part, only for a part out of stock, and only from a signed-in customer', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const out = await insertProduct(t.database.db, { name: 'Steering damper', quantity: 1, minimum: 2 });
    const inStock = await insertProduct(t.database.db, { quantity: 5, minimum: 2 });

    expect((await notify(customer, out.id, 'GET')).json()).toEqual({ subscribed: false });
    expect((await notify(customer, out.id)).json()).toEqual({ subscribed: true });
    expect((await notify(customer, out.id)).json()).toEqual({ subscribed: true });
    expect(await alertsOf(out.id)).toHaveLength(1);
    expect((await notify(customer, out.id, 'GET')).json()).toEqual({ subscribed: true });

    const refused = await notify(customer, inStock.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(stockAlertMessages.inStock);
    expect((await notify(customer, 'f'.repeat(24))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/products/${out.id}/notify` })).statusCode).toBe(401);
    expect(await alertsOf(inStock.id)).toHaveLength(0);
  });

  it('emails each subscriber once when the stock reaches the minimum, and not again while it stays above', async () => {
    const [first, second, withdrawn] = await Promise.all([1, 2, 3].map(() => insertSignedInUser(t.database.db)));
    const part = await insertProduct(t.database.db, { name: 'Steering head bearing kit', quantity: 0, minimum: 2 });
    for (const customer of [first!, second!, withdrawn!]) expect((await notify(customer, part.id)).statusCode).toBe(200);
    expect((await notify(withdrawn!, part.id, 'DELETE')).json()).toEqual({ subscribed: false });

    // Still below the minimum: nothing is sent.
    await restock(part.id, 1);
    expect(await t.app.stockAlerts.deliverDue()).toBe(0);

    await restock(part.id, 2);
    // Several rounds at once, as several instances run them: each alert is claimed by one.
    await Promise.all([t.app.stockAlerts.deliverDue(), t.app.stockAlerts.deliverDue(), t.app.stockAlerts.deliverDue()]);
    await waitFor(() => backInStockMails(first!).length > 0 && backInStockMails(second!).length > 0);
    expect(backInStockMails(first!)).toHaveLength(1);
    expect(backInStockMails(first!)[0]).toContain('Subject: Steering head bearing kit is back in stock');
    expect(backInStockMails(first!)[0]).toContain(`/parts/${part.id}`);
    expect(backInStockMails(withdrawn!)).toHaveLength(0);
    expect(await alertsOf(part.id)).toHaveLength(0);

    await restock(part.id, 40);
    expect(await t.app.stockAlerts.deliverDue()).toBe(0);
    expect(backInStockMails(first!)).toHaveLength(1);
    expect(backInStockMails(second!)).toHaveLength(1);
  });

  it('tells the subscriber when a cancelled order puts the stock back above the minimum', async () => {
    const buyer = await insertSignedInUser(t.database.db);
    const waiting = await insertSignedInUser(t.database.db);
    const part = await insertProduct(t.database.db, { name: 'Rear shock absorber', quantity: 3, minimum: 3 });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: buyer.headers,
      payload: { productId: part.id, quantity: 3, location: '1 Road, York', phone: '+44 1904 000000' },
    });
    expect(placed.statusCode).toBe(201);
    expect((await notify(waiting, part.id)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${placed.json().insertedId}`, headers: buyer.headers })).statusCode).toBe(200);
    await waitFor(() => backInStockMails(waiting).length === 1);
  });

  it('shows the admin how many customers wait for each part', async () => {
    const admin = await insertSignedInUser(t.database.db, { role: 'admin' });
    const part = await insertProduct(t.database.db, { quantity: 0, minimum: 1 });
    for (const customer of await Promise.all([1, 2].map(() => insertSignedInUser(t.database.db)))) await notify(customer, part.id);
    const counts = (await t.app.inject({ url: '/api/stock-alerts', headers: admin.headers })).json() as Array<{ productId: string; waiting: number }>;
    expect(counts.find((row) => row.productId === part.id)).toEqual({ productId: part.id, waiting: 2 });
  });
});
