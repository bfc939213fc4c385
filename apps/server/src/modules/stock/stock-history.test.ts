import { DEMO_SETTINGS, STOCK_HISTORY_PAGE_SIZE, type StockHistory, stockReason } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { csvFiles } from '../../test/catalogue-files.js';
import { insertProduct, insertSignedInUser, storeTestImage } from '../../test/factories.js';
import { DELIVERY, payWithTestCard } from '../../test/purchases.js';
import { checkStock } from './stock.repository.js';

let t: TestApp;
type Caller = Awaited<ReturnType<typeof insertSignedInUser>>;
let admin: Caller;
let staff: Caller;
let img: string;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SCALE: '10', UNPAID_ORDERS_PER_ACCOUNT: '10' });
  await t.app.background.stop();
  admin = await insertSignedInUser(t.database.db, { role: 'admin', name: 'Ada Admin' });
  staff = await insertSignedInUser(t.database.db, { role: 'staff', name: 'Sam Staff' });
  img = await storeTestImage(t.app);
  // Returns need the shop's address.
  expect((await t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: DEMO_SETTINGS })).statusCode).toBe(200);
});
afterAll(async () => t.close());

const history = (productId: string, caller: Caller | null = staff, query = '') =>
  t.app.inject({ url: `/api/products/${productId}/stock-history${query}`, headers: caller?.headers ?? {} });
const numberOf = async (orderId: string) => Number((await t.database.db.selectFrom('orders').select('number').where('id', '=', orderId).executeTakeFirstOrThrow()).number);
const place = async (customer: Caller, productId: string, quantity: number) => {
  const placed = await t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.headers, payload: { productId, quantity, ...DELIVERY } });
  expect(placed.statusCode).toBe(201);
  return placed.json().insertedId as string;
};
const ok = (response: { statusCode: number; body: string }) => expect(response.statusCode, response.body).toBe(200);

describe('stock history', () => {
  it('keeps every change of a part’s stock with its reason, newest first, adding up to its stock', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.headers,
      payload: { name: 'Chain kit 520', decreption: 'Chain and sprockets.', price: '60.00', quantity: '20', minimum: '1', img, partNumber: 'STK-520' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const partId = added.json().insertedId as string;
    const other = await insertProduct(t.database.db, { name: 'Sprocket 15T', quantity: 10, minimum: 1 });

    ok(await t.app.inject({ method: 'PUT', url: `/api/products/${partId}`, headers: admin.headers, payload: { updatequantity: 40, quantitySeen: 20 } }));

    const cancelled = await place(customer, partId, 2);
    ok(await t.app.inject({ method: 'DELETE', url: `/api/orders/${cancelled}`, headers: customer.headers }));

    ok(await t.app.inject({ method: 'PUT', url: '/api/cart', headers: customer.headers, payload: { lines: [{ productId: partId, quantity: 1 }, { productId: other.id, quantity: 4 }] } }));
    const checkout = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: customer.headers, payload: DELIVERY });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const [lineOfPart, lineOfOther] = checkout.json().orderIds as string[];

    const refunded = await place(customer, partId, 3);
    await payWithTestCard(t.app, customer, { orderId: refunded }, refunded);
    ok(await t.app.inject({ method: 'POST', url: `/api/orders/${refunded}/refund`, headers: admin.headers, payload: { restock: 3 } }));

    const returned = await place(customer, partId, 3);
    await payWithTestCard(t.app, customer, { orderId: returned }, returned);
    ok(await t.app.inject({ method: 'PATCH', url: `/api/shiftorders/${returned}`, headers: admin.headers }));
    const asked = await t.app.inject({ method: 'POST', url: `/api/orders/${returned}/returns`, headers: customer.headers, payload: { quantity: 2, reason: 'Damaged' } });
    expect(asked.statusCode, asked.body).toBe(201);
    const returnId = asked.json()._id as string;
    for (const payload of [{ action: 'approve' }, { action: 'receive' }, { action: 'refund', amount: 120, restock: true }]) {
      ok(await t.app.inject({ method: 'PATCH', url: `/api/returns/${returnId}`, headers: admin.headers, payload }));
    }

    const files = csvFiles({ products: `name,decreption,price,quantity,minimum,category,brand,partNumber,oemNumbers,img,quantitySeen\nChain kit 520,Chain and sprockets.,60.00,50,1,,,STK-520,,${img},38\n` });
    const imported = await t.app.inject({ method: 'POST', url: '/api/catalogue/import', headers: { ...admin.headers, ...files.headers }, payload: files.payload });
    expect(imported.statusCode, imported.body).toBe(200);

    const response = await history(partId);
    ok(response);
    const answer = response.json() as StockHistory;
    expect(answer).toMatchObject({ productId: partId, stock: 50, more: false, page: 0 });
    expect(answer.movements.map(({ change, stockAfter, reason }) => [reason, change, stockAfter])).toEqual([
      ['Import', 12, 50],
      [`Return #${await numberOf(returned)} restocked`, 2, 38],
      [`Order #${await numberOf(returned)} placed`, -3, 36],
      [`Refund of order #${await numberOf(refunded)}`, 3, 39],
      [`Order #${await numberOf(refunded)} placed`, -3, 36],
      [`Order #${await numberOf(lineOfPart!)} placed`, -1, 39],
      [`Order #${await numberOf(cancelled)} cancelled`, 2, 40],
      [`Order #${await numberOf(cancelled)} placed`, -2, 38],
      ['Set by Ada Admin', 20, 40],
      ['Added by Ada Admin', 20, 20],
    ]);
    expect(answer.movements.reduce((sum, movement) => sum + movement.change, 0)).toBe(answer.stock);
    expect(new Set(answer.movements.map((movement) => movement._id)).size).toBe(answer.movements.length);

    const otherHistory = (await history(other.id)).json() as StockHistory;
    expect(otherHistory.movements.map(({ reason, change }) => [reason, change])).toEqual([
      [`Order #${await numberOf(lineOfOther!)} placed`, -4],
      ['Part added', 10],
    ]);
    expect(await numberOf(lineOfOther!)).not.toBe(await numberOf(lineOfPart!));
    expect((await checkStock(t.database.db)).filter((part) => [partId, other.id].includes(part.id))).toEqual([]);
  });

  it('shows a deleted order by its id, pages the movements, and lets only staff and admins read them', async () => {
    const part = await insertProduct(t.database.db, { quantity: 1 });
    for (let stock = 2; stock <= STOCK_HISTORY_PAGE_SIZE; stock++) {
      await t.database.db.updateTable('products').set({ quantity: stock, stock_reason: stockReason('set', 'Test') }).where('id', '=', part.id).execute();
    }
    await t.database.db
      .updateTable('products')
      .set({ quantity: 0, stock_reason: stockReason('placed', 'gone-order') })
      .where('id', '=', part.id)
      .execute();

    const first = (await history(part.id, admin)).json() as StockHistory;
    expect(first).toMatchObject({ stock: 0, more: true, page: 0 });
    expect(first.movements).toHaveLength(STOCK_HISTORY_PAGE_SIZE);
    expect(first.movements[0]).toMatchObject({ reason: 'Order #gone-order placed', change: -STOCK_HISTORY_PAGE_SIZE, stockAfter: 0 });
    expect(first.movements[1]).toMatchObject({ reason: 'Set by Test', change: 1, stockAfter: STOCK_HISTORY_PAGE_SIZE });
    const second = (await history(part.id, staff, '?page=1')).json() as StockHistory;
    expect(second).toMatchObject({ stock: 0, more: false, page: 1 });
    expect(second.movements.map(({ reason, change, stockAfter }) => [reason, change, stockAfter])).toEqual([['Part added', 1, 1]]);

    const customer = await insertSignedInUser(t.database.db);
    expect((await history(part.id, customer)).statusCode).toBe(403);
    expect((await history(part.id, null)).statusCode).toBe(401);
    const unknown = await history('f'.repeat(24));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Product was not found');
    expect([400, 422]).toContain((await history('not-an-id')).statusCode);
    for (const page of ['-1', 'two', '1.5']) {
      const refused = await history(part.id, staff, `?page=${page}`);
      // A malformed query string is a 400 here, as on every other list.
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toContain('page must be a whole number from 0');
    }
  });

  it('refuses a stock change straight in the database that does not say why, and records one that does', async () => {
    const part = await insertProduct(t.database.db, { quantity: 5 });
    await expect(t.database.db.updateTable('products').set({ quantity: 4 }).where('id', '=', part.id).execute()).rejects.toThrow(/A stock change needs its reason/);
    await t.database.db.updateTable('products').set({ name: 'Renamed, same stock' }).where('id', '=', part.id).execute();
    await t.database.db.updateTable('products').set({ quantity: 4, stock_reason: stockReason('set', 'Test') }).where('id', '=', part.id).execute();
    const row = await t.database.db.selectFrom('products').select(['quantity', 'stock_reason']).where('id', '=', part.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ quantity: 4, stock_reason: null });
    const movements = await t.database.db.selectFrom('stock_movements').select(['change', 'stock_after', 'reason']).where('product_id', '=', part.id).orderBy('id').execute();
    expect(movements).toEqual([
      { change: 5, stock_after: 5, reason: 'created' },
      { change: -1, stock_after: 4, reason: 'set:Test' },
    ]);
  });
});
