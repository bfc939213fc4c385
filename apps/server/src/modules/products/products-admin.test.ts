import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productMessages } from '@shop/shared';
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
    expect(product).toEqual({
      _id: insertedId,
      name: 'Clutch Cable',
      decreption: 'Braided clutch cable, 1200 mm.',
      price: 14.5,
      quantity: 25,
      minimum: 1,
      img: IMG,
      // One part's answer lists its photos, `img` first.
      images: [IMG],
      // SPEC's call without SPEC-2's fields: category 'Other', the rest empty.
      category: 'Other',
      brand: '',
      partNumber: '',
      oemNumbers: [],
    });
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
      payload: { name: 'Renamed', decreption: 'Pair of fork seals, 41 mm.', price: 12.99, quantity: 8, quantitySeen: 50, minimum: 2 },
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
    const response = await t.app.inject({ method: 'PUT', url: `/api/products/${product.id}`, headers: admin.headers, payload: { updatequantity: 40, quantitySeen: 3 } });
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

describe('stock edits never put back a number read earlier', () => {
  const placeOrder = async (productId: string, quantity: number) =>
    t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.headers, payload: { productId, quantity, location: 'Leeds', phone: '+44 113 496 0000' } });
  const stockOf = async (id: string) => (await t.database.db.selectFrom('products').select('quantity').where('id', '=', id).executeTakeFirstOrThrow()).quantity;

  it('an edit of the description and price, with the stock the form loaded, leaves the stock as orders and cancels made it', async () => {
    const product = await insertProduct(t.database.db, { quantity: 500, minimum: 1 });
    // The admin opens Update Product (500 in stock); meanwhile a customer orders 100.
    const order = await placeOrder(product.id, 100);
    expect(order.statusCode).toBe(201);
    // The shop's form says what it saw (500) and that the stock was left alone: it answers the stock now.
    const staleForm = await t.app.inject({
      method: 'PUT',
      url: `/api/product/${product.id}`,
      headers: admin.headers,
      payload: { decreption: 'Other words', price: 21, quantity: 450, quantitySeen: 500, minimum: 1 },
    });
    expect(staleForm.statusCode, staleForm.body).toBe(409);
    expect(staleForm.json().error).toMatchObject({ code: 'STOCK_CHANGED', fieldErrors: { quantity: [productMessages.stockChanged(400)] } });
    expect(await stockOf(product.id)).toBe(400);
    // The shop's form says it saw 500 and left the stock alone: the words and price are saved, the stock is not touched.
    const priceOnly = await t.app.inject({
      method: 'PUT',
      url: `/api/product/${product.id}`,
      headers: admin.headers,
      payload: { decreption: 'New words', price: 20, quantity: 500, quantitySeen: 500, minimum: 1 },
    });
    expect(priceOnly.statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(400);
    // The customer cancels: the 100 units come back once, to 500 real units, not 600.
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/orders/${order.json().insertedId}`, headers: customer.headers });
    expect(cancel.statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(500);
    expect((await t.app.inject({ url: `/api/products/${product.id}` })).json()).toMatchObject({ decreption: 'New words', price: 20, quantity: 500 });
  });

  it('a description edit never writes the stock, even when the stock moves at the same moment', async () => {
    const product = await insertProduct(t.database.db, { quantity: 300, minimum: 1 });
    const [edit, ...orders] = await Promise.all([
      t.app.inject({ method: 'PUT', url: `/api/product/${product.id}`, headers: admin.headers, payload: { decreption: 'Same stock', price: 5, quantity: 300, quantitySeen: 300, minimum: 1 } }),
      ...Array.from({ length: 5 }, () => placeOrder(product.id, 10)),
    ]);
    expect(edit!.statusCode).toBe(200);
    const placed = orders.filter((response) => response.statusCode === 201).length;
    expect(placed).toBe(5);
    expect(await stockOf(product.id)).toBe(300 - placed * 10);
  });

  it('a stock change applies only to the stock the admin saw, on both stock endpoints', async () => {
    const product = await insertProduct(t.database.db, { quantity: 50, minimum: 1 });
    expect((await placeOrder(product.id, 5)).statusCode).toBe(201);
    const stale = await t.app.inject({ method: 'PUT', url: `/api/products/${product.id}`, headers: admin.headers, payload: { updatequantity: 80, quantitySeen: 50 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.fieldErrors).toEqual({ updatequantity: [productMessages.stockChanged(45)] });
    expect(await stockOf(product.id)).toBe(45);
    const fresh = await t.app.inject({ method: 'PUT', url: `/api/products/${product.id}`, headers: admin.headers, payload: { updatequantity: 80, quantitySeen: 45 } });
    expect(fresh.statusCode).toBe(200);
    const restock = await t.app.inject({
      method: 'PUT',
      url: `/api/product/${product.id}`,
      headers: admin.headers,
      payload: { decreption: 'd', price: 1, quantity: 90, quantitySeen: 80, minimum: 1 },
    });
    expect(restock.statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(90);
  });
});

describe("SPEC's stock calls, which say nothing of what was seen", () => {
  const stockOf = async (id: string) => (await t.database.db.selectFrom('products').select('quantity').where('id', '=', id).executeTakeFirstOrThrow()).quantity;

  it('PUT /products/{id} { updatequantity } restocks to the number it names', async () => {
    const product = await insertProduct(t.database.db, { quantity: 12, minimum: 1 });
    const restock = await t.app.inject({ method: 'PUT', url: `/api/products/${product.id}`, headers: admin.headers, payload: { updatequantity: 140 } });
    expect(restock.statusCode, restock.body).toBe(200);
    expect(await stockOf(product.id)).toBe(140);
    const same = await t.app.inject({ method: 'PUT', url: `/api/products/${product.id}`, headers: admin.headers, payload: { updatequantity: 140 } });
    expect(same.statusCode, same.body).toBe(200);
    expect(await stockOf(product.id)).toBe(140);
  });

  it('PUT /product/{id} { decreption, quantity, minimum, price } saves the words, price and stock it names, even after an order moved the stock', async () => {
    const product = await insertProduct(t.database.db, { quantity: 60, minimum: 1 });
    const order = await t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.headers, payload: { productId: product.id, quantity: 4, location: 'Leeds', phone: '+44 113 496 0000' } });
    expect(order.statusCode).toBe(201);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/product/${product.id}`,
      headers: admin.headers,
      payload: { decreption: 'Fork seals, 41 mm, pair', quantity: 75, minimum: 2, price: 14.5 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await stockOf(product.id)).toBe(75);
    expect((await t.app.inject({ url: `/api/products/${product.id}` })).json()).toMatchObject({ decreption: 'Fork seals, 41 mm, pair', quantity: 75, minimum: 2, price: 14.5 });
  });
});

describe('a product with its fitment (the Fitment section of Add and Update Product)', () => {
  it('adds a part with its fitment in the same call, refuses the whole part for a bike the shop does not know, and replaces the fitment on update', async () => {
    const mt07 = (
      await t.app.inject({ method: 'POST', url: '/api/vehicles', headers: admin.headers, payload: { make: 'Yamaha', model: 'MT-07', yearFrom: 2014, yearTo: 2024, cc: 689 } })
    ).json().insertedId;
    const before = await productCount();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.headers,
      payload: { ...validProduct(), name: 'Chain Guide', fitment: { universal: false, vehicles: [{ make: 'Yamaha', model: 'R7' }] } },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fieldErrors).toEqual({ 'fitment.vehicles.0.model': ['The shop does not know the Yamaha R7'] });
    expect(await productCount()).toBe(before);

    const added = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.headers,
      payload: { ...validProduct(), name: 'Chain Guide', fitment: { universal: false, vehicles: [{ make: 'Yamaha', model: 'MT-07', yearFrom: 2018, note: 'rear' }] } },
    });
    expect(added.statusCode).toBe(201);
    const id = added.json().insertedId;
    expect((await t.app.inject({ url: `/api/products/${id}/fitment` })).json()).toEqual({
      universal: false,
      vehicles: [{ vehicleId: mt07, make: 'Yamaha', model: 'MT-07', variant: '', yearFrom: 2018, yearTo: 2024, note: 'rear' }],
    });

    const edit = { decreption: 'Nylon chain guide.', price: '9.99', quantity: '25', minimum: '1' };
    expect((await t.app.inject({ method: 'PUT', url: `/api/product/${id}`, headers: admin.headers, payload: edit })).statusCode).toBe(200);
    // Without fitment in the body, the fitment stays.
    expect((await t.app.inject({ url: `/api/products/${id}/fitment` })).json().vehicles).toHaveLength(1);
    const universal = await t.app.inject({ method: 'PUT', url: `/api/product/${id}`, headers: admin.headers, payload: { ...edit, fitment: { universal: true, vehicles: [] } } });
    expect(universal.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/products/${id}/fitment` })).json()).toEqual({ universal: true, vehicles: [] });
  });
});
