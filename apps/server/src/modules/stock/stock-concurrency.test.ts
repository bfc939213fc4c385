import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';
import { DELIVERY, payWithTestCard } from '../../test/purchases.js';
import { checkStock } from './stock.repository.js';

let t: TestApp;
type Caller = Awaited<ReturnType<typeof insertSignedInUser>>;

const PARTS = 5;
const CUSTOMERS = 20;
const ORDERS = 200;
const CANCELS = 50;
const STOCK_EDITS = 20;
const REFUNDS = 10;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SCALE: '100', UNPAID_ORDERS_PER_ACCOUNT: '100', UNPAID_UNITS_PER_ACCOUNT: '10000', UNPAID_PART_UNITS_PER_ADDRESS: '100000' });
  await t.app.background.stop();
});
afterAll(async () => t.close());

const place = (customer: Caller, productId: string, quantity: number) =>
  t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.headers, payload: { productId, quantity, ...DELIVERY } });
const countActivity = async (action: string) =>
  Number((await t.database.db.selectFrom('activity').select((eb) => eb.fn.countAll<number | string>().as('n')).where('action', '=', action).executeTakeFirstOrThrow()).n);

describe('stock under many writers at once', () => {
  it('keeps every part’s stock the sum of its movements through orders, cancels, admin edits and refunds at once, each admin change in the log', async () => {
    const admin = await insertSignedInUser(t.database.db, { role: 'admin', name: 'Ada Admin' });
    const customers = await Promise.all(Array.from({ length: CUSTOMERS }, () => insertSignedInUser(t.database.db)));
    const parts = await Promise.all(Array.from({ length: PARTS }, (_, index) => insertProduct(t.database.db, { name: `Busy part ${index}`, quantity: 1000, minimum: 1, price_cents: 1000 })));
    const customerOf = (index: number) => customers[index % CUSTOMERS]!;
    const partOf = (index: number) => parts[index % PARTS]!;

    // Placed beforehand: the orders the burst cancels, and those it refunds (paid first).
    const waiting = await Promise.all(
      Array.from({ length: CANCELS }, async (_, index) => {
        const placed = await place(customerOf(index), partOf(index).id, 1 + (index % 3));
        expect(placed.statusCode).toBe(201);
        return { id: placed.json().insertedId as string, customer: customerOf(index) };
      }),
    );
    const paid = await Promise.all(
      Array.from({ length: REFUNDS }, async (_, index) => {
        const quantity = 1 + (index % 2);
        const placed = await place(customerOf(index), partOf(index).id, quantity);
        expect(placed.statusCode).toBe(201);
        const id = placed.json().insertedId as string;
        await payWithTestCard(t.app, customerOf(index), { orderId: id }, id);
        return { id, quantity };
      }),
    );
    const seen = new Map((await t.database.db.selectFrom('products').select(['id', 'quantity']).where('id', 'in', parts.map((part) => part.id)).execute()).map((row) => [row.id, row.quantity]));

    // Half the cancels by their owners (not in the log), half by the admin (in it).
    const adminCancel = (index: number) => index % 2 === 1;
    const stockNow = async (productId: string) => (await t.database.db.selectFrom('products').select('quantity').where('id', '=', productId).executeTakeFirstOrThrow()).quantity;
    const [edits, orders, cancels, refunds] = await Promise.all([
      // Each edit sets the stock the admin saw on opening the part, plus a delivery; told the
      // stock changed, the admin looks again and saves again, a few times.
      Promise.all(
        Array.from({ length: STOCK_EDITS }, async (_, index) => {
          const part = partOf(index);
          const answers = [];
          for (let attempt = 0; attempt < 4; attempt++) {
            const quantitySeen = attempt === 0 ? seen.get(part.id)! : await stockNow(part.id);
            const answer = await t.app.inject({ method: 'PUT', url: `/api/products/${part.id}`, headers: admin.headers, payload: { updatequantity: quantitySeen + 100 + index, quantitySeen } });
            answers.push(answer);
            if (answer.statusCode !== 409) break;
          }
          return answers;
        }),
      ).then((answers) => answers.flat()),
      Promise.all(Array.from({ length: ORDERS }, (_, index) => place(customerOf(index + 7), partOf(index + 3).id, 1 + (index % 4)))),
      Promise.all(
        waiting.map((order, index) => t.app.inject({ method: 'DELETE', url: `/api/orders/${order.id}`, headers: (adminCancel(index) ? admin : order.customer).headers })),
      ),
      Promise.all(paid.map((order) => t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/refund`, headers: admin.headers, payload: { restock: order.quantity } }))),
    ]);

    expect(orders.map((response) => response.statusCode).filter((status) => status !== 201)).toEqual([]);
    expect(cancels.map((response) => response.statusCode).filter((status) => status !== 200)).toEqual([]);
    expect(refunds.map((response) => response.statusCode).filter((status) => status !== 200)).toEqual([]);
    // An edit made on a stock that moved meanwhile is refused, never written over it.
    expect(edits.map((response) => response.statusCode).filter((status) => status !== 200 && status !== 409)).toEqual([]);
    const acceptedEdits = edits.filter((response) => response.statusCode === 200).length;
    expect(acceptedEdits).toBeGreaterThan(0);

    expect(await checkStock(t.database.db)).toEqual([]);
    const sums = await t.database.db
      .selectFrom('stock_movements')
      .select(['product_id', (eb) => eb.fn.sum<number | string>('change').as('sum'), (eb) => eb.fn.countAll<number | string>().as('movements')])
      .where('product_id', 'in', parts.map((part) => part.id))
      .groupBy('product_id')
      .execute();
    const stock = new Map((await t.database.db.selectFrom('products').select(['id', 'quantity']).execute()).map((row) => [row.id, row.quantity]));
    for (const row of sums) expect(Number(row.sum)).toBe(stock.get(row.product_id));
    // One movement each: the opening stock, every order placed, cancelled and refunded, every accepted edit.
    const movements = sums.reduce((total, row) => total + Number(row.movements), 0);
    expect(movements).toBe(PARTS + CANCELS + REFUNDS + ORDERS + CANCELS + REFUNDS + acceptedEdits);

    expect(await countActivity('product.updated')).toBe(acceptedEdits);
    expect(await countActivity('order.refunded')).toBe(REFUNDS);
    expect(await countActivity('order.cancelled')).toBe(waiting.filter((_, index) => adminCancel(index)).length);
  });
});
