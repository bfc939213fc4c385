import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser, storeTestImage } from '../../test/factories.js';

let t: TestApp;
type Customer = Awaited<ReturnType<typeof insertSignedInUser>>;
let admin: Customer;
let customer: Customer;
let IMG = '';
const validProduct = () => ({ name: 'Clutch Cable', decreption: 'Braided clutch cable, 1200 mm.', price: '14.50', quantity: '25', minimum: '1', img: IMG });

beforeAll(async () => {
  t = await buildTestApp();
  IMG = await storeTestImage(t.app);
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
  customer = await insertSignedInUser(t.database.db);
});
afterAll(async () => t.close());

const productCount = async () =>
  Number((await t.database.db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('POST /api/products', () => {
  it('adds a product with the price in cents, and it is listed', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/products', headers: admin.headers, payload: validProduct() });
    expect(response.statusCode).toBe(201);
    const { insertedId } = response.json();
    const product = (await t.app.inject({ url: `/api/products/${insertedId}` })).json();
    expect(product).toEqual({ _id: insertedId, name: 'Clutch Cable', decreption: 'Braided clutch cable, 1200 mm.', price: 14.5, quantity: 25, minimum: 1, img: IMG });
    const row = await t.database.db.selectFrom('products').select('price_cents').where('id', '=', insertedId).executeTakeFirstOrThrow();
    expect(row.price_cents).toBe(1450);
  });

  it.each([
    [{ name: '' }, 'name', 'Name is Required'],
    [{ decreption: '' }, 'decreption', 'decreption is Required'],
    [{ price: '' }, 'price', 'price is Required'],
    [{ price: 'abc' }, 'price', 'Enter a price above 0 with at most 2 decimals, such as 12.99'],
    [{ price: '-1' }, 'price', 'Enter a price above 0 with at most 2 decimals, such as 12.99'],
    [{ price: '0' }, 'price', 'Enter a price above 0 with at most 2 decimals, such as 12.99'],
    [{ price: '1.234' }, 'price', 'Enter a price above 0 with at most 2 decimals, such as 12.99'],
    [{ quantity: '' }, 'quantity', 'Quantity is Required'],
    [{ quantity: '2.5' }, 'quantity', 'Enter a whole number from 0'],
    [{ quantity: -1 }, 'quantity', 'Enter a whole number from 0'],
    [{ minimum: '0' }, 'minimum', 'Enter a whole number from 1'],
    [{ minimum: '99999999999' }, 'minimum', 'That number is too large'],
    [{ img: '' }, 'img', 'Image is Required'],
    [{ img: 'javascript:alert(1)' }, 'img', 'Please upload the image again'],
    [{ img: '/images/ffffffffffffffffffffffffffffffff.webp' }, 'img', 'Please upload the image again'],
    [{ name: 'x'.repeat(10_000) }, 'name', 'Must be at most 120 characters'],
    [{ decreption: 'x'.repeat(10_000) }, 'decreption', 'Must be at most 2000 characters'],
  ])('refuses %j with its message and adds nothing', async (change, field, message) => {
    const before = await productCount();
    const response = await t.app.inject({ method: 'POST', url: '/api/products', headers: admin.headers, payload: { ...validProduct(), ...change } });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fieldErrors[field]).toContain(message);
    expect(await productCount()).toBe(before);
  });

  it('stores markup as plain text', async () => {
    const name = '<img src=x onerror=alert(1)>';
    const response = await t.app.inject({ method: 'POST', url: '/api/products', headers: admin.headers, payload: { ...validProduct(), name } });
    expect(response.statusCode).toBe(201);
    expect((await t.app.inject({ url: `/api/products/${response.json().insertedId}` })).json().name).toBe(name);
  });

  it('is for admins only', async () => {
    const before = await productCount();
    expect((await t.app.inject({ method: 'POST', url: '/api/products', payload: validProduct() })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/products', headers: customer.headers, payload: validProduct() })).statusCode).toBe(403);
    expect(await productCount()).toBe(before);
  });
});

describe('GET /api/products (everything)', () => {
  it('answers every product to an admin, and refuses customers', async () => {
    const all = await t.app.inject({ url: '/api/products', headers: admin.headers });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(await productCount());
    expect((await t.app.inject({ url: '/api/products', headers: customer.headers })).statusCode).toBe(403);
  });
});

describe('PUT /api/product/:id and PUT /api/products/:id', () => {
  it('updates description, price, stock and minimum, keeping the name', async () => {
    const product = await insertProduct(t.database.db, { name: 'Fork Seal', price_cents: 1000 });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/product/${product.id}`,
      headers: admin.headers,
      payload: { name: 'Renamed', decreption: 'Pair of fork seals, 41 mm.', price: 12.99, quantity: 8, minimum: 2 },
    });
    expect(response.statusCode).toBe(200);
    const updated = (await t.app.inject({ url: `/api/products/${product.id}` })).json();
    expect(updated).toMatchObject({ name: 'Fork Seal', decreption: 'Pair of fork seals, 41 mm.', price: 12.99, quantity: 8, minimum: 2 });
  });

  it('answers each field with its own message', async () => {
    const product = await insertProduct(t.database.db);
    const response = await t.app.inject({ method: 'PUT', url: `/api/product/${product.id}`, headers: admin.headers, payload: { decreption: '', price: '', quantity: '', minimum: '' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fieldErrors).toEqual({
      decreption: ['Descreption is Required'],
      price: ['Price is Required'],
      quantity: ['Quantity is Required'],
      minimum: ['Quantity is Required'],
    });
  });

  it('sets the stock with updatequantity', async () => {
    const product = await insertProduct(t.database.db, { quantity: 3 });
    const response = await t.app.inject({ method: 'PUT', url: `/api/products/${product.id}`, headers: admin.headers, payload: { updatequantity: 40 } });
    expect(response.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/products/${product.id}` })).json().quantity).toBe(40);
    expect((await t.app.inject({ method: 'PUT', url: `/api/products/${product.id}`, headers: admin.headers, payload: { updatequantity: -1 } })).statusCode).toBe(422);
  });

  it('refuses customers and visitors, and answers 404 for an unknown product', async () => {
    const product = await insertProduct(t.database.db, { quantity: 3 });
    for (const headers of [{}, customer.headers]) {
      expect((await t.app.inject({ method: 'PUT', url: `/api/products/${product.id}`, headers, payload: { updatequantity: 999 } })).statusCode).toBeGreaterThanOrEqual(401);
      expect((await t.app.inject({ method: 'PUT', url: `/api/product/${product.id}`, headers, payload: { decreption: 'x', price: 1, quantity: 1, minimum: 1 } })).statusCode).toBeGreaterThanOrEqual(401);
    }
    expect((await t.app.inject({ url: `/api/products/${product.id}` })).json().quantity).toBe(3);
    const unknown = '0123456789abcdef01234567';
    expect((await t.app.inject({ method: 'PUT', url: `/api/products/${unknown}`, headers: admin.headers, payload: { updatequantity: 1 } })).statusCode).toBe(404);
  });
});

describe('DELETE /api/products/:id', () => {
  it('deletes for an admin only; it can no longer be ordered', async () => {
    const product = await insertProduct(t.database.db);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/products/${product.id}`, headers: customer.headers })).statusCode).toBe(403);
    const response = await t.app.inject({ method: 'DELETE', url: `/api/products/${product.id}`, headers: admin.headers });
    expect(response.json()).toMatchObject({ deletedCount: 1 });
    expect((await t.app.inject({ url: `/api/products/${product.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/products/${product.id}`, headers: admin.headers })).statusCode).toBe(404);
    const order = await t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.headers, payload: { productId: product.id, quantity: 2, location: 'Bath', phone: '+44 1225 000000' } });
    expect(order.statusCode).toBe(404);
  });
});
