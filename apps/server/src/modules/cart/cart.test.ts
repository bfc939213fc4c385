import { CART_LINES_MAX, type Cart, cartMessages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';

let t: TestApp;
type Customer = Awaited<ReturnType<typeof insertSignedInUser>>;
let admin: Customer;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
});
afterAll(async () => t.close());

const put = (customer: Customer | null, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/cart', ...(customer ? { headers: customer.headers } : {}), payload: payload as object });
const cartOf = async (customer: Customer) => {
  const response = await t.app.inject({ url: '/api/cart', headers: customer.headers });
  expect(response.statusCode).toBe(200);
  return response.json() as Cart;
};

describe('the cart', () => {
  it('keeps a customer’s lines in the order they were added, priced by the shop, the same from every device', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const oil = await insertProduct(t.database.db, { name: 'Engine oil 10W-40', price_cents: 2499, minimum: 1, quantity: 30 });
    const filter = await insertProduct(t.database.db, { name: 'Oil filter HF204', price_cents: 899, minimum: 2, quantity: 40 });
    expect(await cartOf(customer)).toEqual({ lines: [], total: 0 });

    const saved = await put(customer, { lines: [{ productId: oil.id, quantity: 2 }, { productId: filter.id, quantity: '3' }] });
    expect(saved.statusCode).toBe(200);
    const cart = await cartOf(customer);
    expect(cart).toEqual(saved.json());
    expect(cart.lines).toEqual([
      { productId: oil.id, name: 'Engine oil 10W-40', img: oil.img, price: 24.99, seenPrice: 24.99, quantity: 2, minimum: 1, available: 30, lineTotal: 49.98, problem: null },
      { productId: filter.id, name: 'Oil filter HF204', img: filter.img, price: 8.99, seenPrice: 8.99, quantity: 3, minimum: 2, available: 40, lineTotal: 26.97, problem: null },
    ]);
    expect(cart.total).toBe(76.95);
    // Another customer's cart is their own.
    expect(await cartOf(await insertSignedInUser(t.database.db))).toEqual({ lines: [], total: 0 });
    // Replacing it empties what is left out.
    await put(customer, { lines: [{ productId: filter.id, quantity: 4 }] });
    expect((await cartOf(customer)).lines.map((line) => [line.name, line.quantity])).toEqual([['Oil filter HF204', 4]]);
  });

  it('says which lines are below their minimum, above the stock, repriced or gone, and leaves them out of the total', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const plugs = await insertProduct(t.database.db, { name: 'Spark plug CR9EK', price_cents: 1000, minimum: 4, quantity: 20 });
    const pads = await insertProduct(t.database.db, { name: 'Brake pads FA252', price_cents: 3000, minimum: 1, quantity: 2 });
    const washer = await insertProduct(t.database.db, { name: 'Sump washer', price_cents: 100, minimum: 1, quantity: 100 });
    const chain = await insertProduct(t.database.db, { name: 'Chain kit 520', price_cents: 12000, minimum: 1, quantity: 5 });
    await put(customer, {
      lines: [
        { productId: plugs.id, quantity: 2 },
        { productId: pads.id, quantity: 3 },
        { productId: washer.id, quantity: 1 },
        { productId: chain.id, quantity: 1 },
      ],
    });
    await t.database.db.updateTable('products').set({ price_cents: 150 }).where('id', '=', washer.id).execute();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/products/${chain.id}`, headers: admin.headers })).statusCode).toBe(200);

    const cart = await cartOf(customer);
    expect(cart.lines.map((line) => [line.name, line.problem])).toEqual([
      ['Spark plug CR9EK', 'below-minimum'],
      ['Brake pads FA252', 'not-available'],
      ['Sump washer', null],
      ['Chain kit 520', 'gone'],
    ]);
    expect(cart.lines[2]).toMatchObject({ price: 1.5, seenPrice: 1, lineTotal: 1.5 });
    expect(cart.lines[3]).toMatchObject({ img: null, available: 0, lineTotal: 0, price: 120 });
    expect(cart.total).toBe(20 + 90 + 1.5);

    // The gone line stays while the customer changes others, and goes when they remove it; a
    // repriced line keeps the price it was put in at.
    const kept = await put(customer, { lines: [{ productId: washer.id, quantity: 2 }, { productId: chain.id, quantity: 1 }] });
    expect(kept.statusCode).toBe(200);
    expect((kept.json() as Cart).lines.map((line) => [line.name, line.seenPrice, line.problem])).toEqual([
      ['Sump washer', 1, null],
      ['Chain kit 520', 120, 'gone'],
    ]);
    await put(customer, { lines: [{ productId: washer.id, quantity: 2 }] });
    const again = await put(customer, { lines: [{ productId: washer.id, quantity: 2 }, { productId: chain.id, quantity: 1 }] });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.fieldErrors).toEqual({ 'lines.1.productId': [cartMessages.unknownPart] });
  });

  it('refuses bad lines with the reason under each, and changes nothing', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const part = await insertProduct(t.database.db, { minimum: 1 });
    await put(customer, { lines: [{ productId: part.id, quantity: 1 }] });
    const before = await cartOf(customer);

    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ lines: [{ productId: part.id, quantity: 0 }] }, { 'lines.0.quantity': ['Please enter a whole number of pieces'] }],
      [{ lines: [{ productId: part.id, quantity: -2 }] }, { 'lines.0.quantity': ['Please enter a whole number of pieces'] }],
      [{ lines: [{ productId: part.id, quantity: 1.5 }] }, { 'lines.0.quantity': ['Please enter a whole number of pieces'] }],
      [{ lines: [{ productId: part.id, quantity: 'two' }] }, { 'lines.0.quantity': ['Please enter a whole number of pieces'] }],
      [{ lines: [{ productId: part.id, quantity: '' }] }, { 'lines.0.quantity': ['Quantity is Required'] }],
      [{ lines: [{ productId: 'nope', quantity: 1 }] }, { 'lines.0.productId': ['Not a valid id'] }],
      [
        { lines: [{ productId: part.id, quantity: 1 }, { productId: part.id, quantity: 2 }] },
        { 'lines.1.productId': [cartMessages.sameTwice] },
      ],
      [{ lines: [{ productId: newId(), quantity: 1 }] }, { 'lines.0.productId': [cartMessages.unknownPart] }],
    ];
    for (const [payload, fieldErrors] of cases) {
      const response = await put(customer, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().error.fieldErrors, JSON.stringify(payload)).toEqual(fieldErrors);
    }
    const tooMany = await put(customer, { lines: Array.from({ length: CART_LINES_MAX + 1 }, () => ({ productId: newId(), quantity: 1 })) });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().error.fieldErrors).toEqual({ lines: [cartMessages.tooManyLines] });
    expect((await put(customer, { items: [] })).statusCode).toBe(422);
    expect(await cartOf(customer)).toEqual(before);
  });

  it('is for signed-in customers only', async () => {
    expect((await t.app.inject({ url: '/api/cart' })).statusCode).toBe(401);
    expect((await put(null, { lines: [] })).statusCode).toBe(401);
  });
});
