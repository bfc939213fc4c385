import { productMessages, QUANTITY_PRICES_MAX } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProducts } from '../../db/seed/demo-products.js';
import { newId } from '../../lib/ids.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertDemoCatalogue, insertSignedInUser, storeTestImage } from '../../test/factories.js';
import { quantityPricesColumn, quantityPricesOf } from './products.mapper.js';
import { createProductsRepository } from './products.repository.js';

/**
 * SPEC-3 section 6: a part's quantity prices, for everyone. Written with the part (rows, or the
 * CSV's `10:7.50;50:6.90`), kept in one column of one form, answered wherever the part is.
 */

let t: TestApp;
type Caller = Awaited<ReturnType<typeof insertSignedInUser>>;
let admin: Caller;
let customer: Caller;
let IMG = '';

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_CACHE_MS: '0' });
  IMG = await storeTestImage(t.app);
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
  customer = await insertSignedInUser(t.database.db);
});
afterAll(async () => t.close());

let sequence = 0;
const newPart = (change: Record<string, unknown> = {}) => ({
  name: `Oil Filter ${++sequence}`,
  decreption: 'Spin-on oil filter, 65 mm.',
  price: '8.99',
  quantity: '260',
  minimum: '2',
  img: IMG,
  partNumber: `QP-${sequence}`,
  ...change,
});
const create = (payload: Record<string, unknown>, headers = admin.headers) => t.app.inject({ method: 'POST', url: '/api/products', headers, payload });
const update = (id: string, payload: Record<string, unknown>, headers = admin.headers) => t.app.inject({ method: 'PUT', url: `/api/product/${id}`, headers, payload });
const edit = (change: Record<string, unknown> = {}) => ({ decreption: 'Spin-on oil filter, 65 mm.', price: '8.99', quantity: '260', minimum: '2', ...change });

const columnOf = async (id: string) => (await t.database.db.selectFrom('products').select(['quantity_prices', 'price_cents']).where('id', '=', id).executeTakeFirstOrThrow());
const answerOf = async (id: string) => (await t.app.inject({ url: `/api/products/${id}` })).json() as Record<string, unknown>;
const added = async (payload: Record<string, unknown>) => {
  const response = await create(payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().insertedId as string;
};
const productCount = async () => Number((await t.database.db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('the quantity prices column', () => {
  it('has one form, ascending pairs of whole numbers, which reads back as it was written', () => {
    const tiers = [
      { from: 50, priceCents: 690 },
      { from: 10, priceCents: 750 },
    ];
    expect(quantityPricesColumn(tiers)).toBe('[[10,750],[50,690]]');
    expect(quantityPricesColumn([])).toBe('[]');
    expect(quantityPricesOf('[[10,750],[50,690]]')).toEqual([
      { from: 10, priceCents: 750 },
      { from: 50, priceCents: 690 },
    ]);
    expect(quantityPricesOf('[]')).toEqual([]);
    expect(() => quantityPricesOf('[[10,"7.50"]]')).toThrow();
  });

  it('holds the demo parts in that form, each price below the list price and lower than the one before', async () => {
    const db = t.database.db;
    await insertDemoCatalogue(db);
    const rows = await db.selectFrom('products').select(['part_number', 'price_cents', 'quantity_prices']).where('part_number', 'in', ['HF204', 'CR9EIX', 'C2-400']).execute();
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const tiers = quantityPricesOf(row.quantity_prices);
      expect(quantityPricesColumn(tiers)).toBe(row.quantity_prices);
      expect(tiers.length).toBeGreaterThan(0);
      tiers.forEach((tier, index) => {
        expect(tier.priceCents).toBeLessThan(index === 0 ? row.price_cents : tiers[index - 1]!.priceCents);
        expect(tier.from).toBeGreaterThan(index === 0 ? 1 : tiers[index - 1]!.from);
      });
    }
    expect(quantityPricesOf(rows.find((row) => row.part_number === 'HF204')!.quantity_prices)).toEqual([
      { from: 10, priceCents: 799 },
      { from: 50, priceCents: 719 },
    ]);
    // Every other demo part has none.
    const withPrices = demoProducts.filter((part) => part.quantityPrices).map((part) => part.partNumber);
    expect(withPrices.sort()).toEqual(['C2-400', 'CR9EIX', 'HF204']);
  });
});

describe('POST /api/products with quantity prices', () => {
  it('stores rows in cents, answers them in dollars, and a part without any answers no quantityPrices', async () => {
    const id = await added(newPart({ quantityPrices: [{ from: 10, price: '7.50' }, { from: 50, price: 6.9 }] }));
    expect((await columnOf(id)).quantity_prices).toBe('[[10,750],[50,690]]');
    expect((await answerOf(id)).quantityPrices).toEqual([
      { from: 10, price: 7.5 },
      { from: 50, price: 6.9 },
    ]);

    // The CSV's text is taken as the same rows.
    const fromText = await added(newPart({ quantityPrices: '10:7.50; 50:6.90' }));
    expect((await columnOf(fromText)).quantity_prices).toBe('[[10,750],[50,690]]');

    const none = await added(newPart());
    expect((await columnOf(none)).quantity_prices).toBe('[]');
    expect(await answerOf(none)).not.toHaveProperty('quantityPrices');
    const empty = await added(newPart({ quantityPrices: [] }));
    expect(await answerOf(empty)).not.toHaveProperty('quantityPrices');
  });

  const rows = (count: number) => Array.from({ length: count }, (_, index) => ({ from: 2 + index, price: (8 - index * 0.5).toFixed(2) }));
  it.each([
    ['out of order', [{ from: 50, price: '6.90' }, { from: 10, price: '7.50' }], 'quantityPrices.1.from', productMessages.quantityPricesOrder],
    ['dearer further up', [{ from: 10, price: '6.90' }, { from: 50, price: '7.50' }], 'quantityPrices.1.from', productMessages.quantityPricesOrder],
    ['the same quantity twice', [{ from: 10, price: '7.50' }, { from: 10, price: '7.00' }], 'quantityPrices.1.from', productMessages.quantityFromTwice],
    ['a price of 0', [{ from: 10, price: '0' }], 'quantityPrices.0.price', productMessages.priceInvalid],
    ['a price with 3 decimals', [{ from: 10, price: '7.505' }], 'quantityPrices.0.price', productMessages.priceInvalid],
    ['a price above the list price', [{ from: 10, price: '9.50' }], 'quantityPrices.0.price', productMessages.quantityPriceNotBelowList],
    ['a price equal to the list price', [{ from: 10, price: '8.99' }], 'quantityPrices.0.price', productMessages.quantityPriceNotBelowList],
    ['from 1 (one piece is the list price)', [{ from: 1, price: '7.50' }], 'quantityPrices.0.from', productMessages.quantityFromInvalid],
    ['a quantity that is not whole', [{ from: '2.5', price: '7.50' }], 'quantityPrices.0.from', productMessages.quantityFromInvalid],
    [`${QUANTITY_PRICES_MAX + 1} rows`, rows(QUANTITY_PRICES_MAX + 1), 'quantityPrices', productMessages.tooManyQuantityPrices],
    ['unreadable text', 'ten:7', 'quantityPrices', productMessages.quantityPricesText],
    ['something else', { from: 10 }, 'quantityPrices', productMessages.quantityPricesText],
  ])('refuses %s with 422 and adds nothing', async (_case, quantityPrices, field, message) => {
    const before = await productCount();
    const response = await create(newPart({ quantityPrices }));
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error.fieldErrors[field]).toContain(message);
    expect(await productCount()).toBe(before);
  });

  it(`takes ${QUANTITY_PRICES_MAX} rows`, async () => {
    const id = await added(newPart({ quantityPrices: rows(QUANTITY_PRICES_MAX) }));
    expect((await answerOf(id)).quantityPrices).toHaveLength(QUANTITY_PRICES_MAX);
  });

  it('is for admins only: a customer hears 403 and nothing is added', async () => {
    const before = await productCount();
    expect((await create(newPart({ quantityPrices: [{ from: 10, price: '1.00' }] }), customer.headers)).statusCode).toBe(403);
    expect(await productCount()).toBe(before);
  });
});

describe('PUT /api/product/:id with quantity prices', () => {
  it('replaces them when sent, keeps them when left out, and removes them with []', async () => {
    const id = await added(newPart({ quantityPrices: '10:7.50' }));
    const replaced = await update(id, edit({ quantityPrices: [{ from: 5, price: '8.00' }, { from: 20, price: '7.00' }] }));
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await columnOf(id)).quantity_prices).toBe('[[5,800],[20,700]]');

    expect((await update(id, edit({ decreption: 'Now with a nut on the can.' }))).statusCode).toBe(200);
    expect((await columnOf(id)).quantity_prices).toBe('[[5,800],[20,700]]');
    expect(await answerOf(id)).toMatchObject({ decreption: 'Now with a nut on the can.', quantityPrices: [{ from: 5, price: 8 }, { from: 20, price: 7 }] });

    expect((await update(id, edit({ quantityPrices: [] }))).statusCode).toBe(200);
    expect((await columnOf(id)).quantity_prices).toBe('[]');
    expect(await answerOf(id)).not.toHaveProperty('quantityPrices');
  });

  it('refuses a list price at or under a quantity price the part keeps, named under that row, and changes nothing', async () => {
    const id = await added(newPart({ quantityPrices: '10:7.50;50:6.90' }));
    for (const price of ['7.50', '7.00', '6.00']) {
      const refused = await update(id, edit({ price, decreption: 'Changed?' }));
      expect(refused.statusCode, refused.body).toBe(422);
      const { fieldErrors } = refused.json().error;
      expect(fieldErrors['quantityPrices.0.price']).toEqual([productMessages.quantityPriceNotBelowList]);
      if (price === '6.00') expect(fieldErrors['quantityPrices.1.price']).toEqual([productMessages.quantityPriceNotBelowList]);
      else expect(fieldErrors).not.toHaveProperty('quantityPrices.1.price');
    }
    expect(await columnOf(id)).toEqual({ quantity_prices: '[[10,750],[50,690]]', price_cents: 899 });
    expect((await answerOf(id)).decreption).toBe('Spin-on oil filter, 65 mm.');

    // Lowered with quantity prices that fit it, or with none: taken.
    expect((await update(id, edit({ price: '7.00', quantityPrices: '10:6.50' }))).statusCode).toBe(200);
    expect(await columnOf(id)).toEqual({ quantity_prices: '[[10,650]]', price_cents: 700 });
    // Sent ones are checked against the new list price.
    const sent = await update(id, edit({ price: '6.00', quantityPrices: '10:6.50' }));
    expect(sent.statusCode).toBe(422);
    expect(sent.json().error.fieldErrors['quantityPrices.0.price']).toEqual([productMessages.quantityPriceNotBelowList]);
    expect((await update(id, edit({ price: '7.20' }))).statusCode).toBe(200);
    expect(await columnOf(id)).toEqual({ quantity_prices: '[[10,650]]', price_cents: 720 });
  });

  it('writes a list price only while the quantity prices it was checked against are still the part\'s', async () => {
    const id = await added(newPart({ quantityPrices: '10:7.50' }));
    const repository = createProductsRepository(t.database);
    // Another admin changed them after this edit read them: nothing written, the edit reads them again.
    expect(await repository.update(id, { price_cents: 760 }, undefined, '[]')).toEqual({ outcome: 'quantity-prices-changed' });
    expect(await columnOf(id)).toEqual({ quantity_prices: '[[10,750]]', price_cents: 899 });
    expect(await repository.update(id, { price_cents: 760 }, undefined, '[[10,750]]')).toEqual({ outcome: 'updated' });
    expect(await columnOf(id)).toEqual({ quantity_prices: '[[10,750]]', price_cents: 760 });
  });

  it('answers 404 for a part that does not exist, whether it sends quantity prices or not', async () => {
    expect((await update(newId(), edit())).statusCode).toBe(404);
    expect((await update(newId(), edit({ quantityPrices: '10:7.50' }))).statusCode).toBe(404);
  });
});

describe('answers that carry quantity prices', () => {
  it('every list of parts: the pages, the whole catalogue and sorted lists (admin), search, a bike page, and the prices a purchase reads', async () => {
    const id = await added(newPart({ name: 'Quantity Filter', partNumber: 'QTY-ANSWERS', quantityPrices: '10:7.50;50:6.90', fitment: { universal: true } }));
    const expected = [
      { from: 10, price: 7.5 },
      { from: 50, price: 6.9 },
    ];
    const find = (parts: Array<Record<string, unknown>>) => parts.find((part) => part._id === id);

    const count = (await t.app.inject({ url: '/api/productCount' })).json().count as number;
    const pages: Array<Record<string, unknown>> = [];
    for (let page = 0; page * 100 < count; page++) pages.push(...(await t.app.inject({ url: `/api/products?page=${page}&size=100` })).json());
    expect(find(pages)?.quantityPrices).toEqual(expected);
    // The demo's oil filter with its own; parts without any answer as they did.
    const byNumber = (partNumber: string) => pages.find((part) => part.partNumber === partNumber);
    expect(byNumber('HF204')?.quantityPrices).toEqual([
      { from: 10, price: 7.99 },
      { from: 50, price: 7.19 },
    ]);
    expect(byNumber('FA196HH')).not.toHaveProperty('quantityPrices');

    expect(find((await t.app.inject({ url: '/api/products', headers: admin.headers })).json())?.quantityPrices).toEqual(expected);
    expect(find((await t.app.inject({ url: '/api/products?sort=-price&size=100&page=0', headers: admin.headers })).json())?.quantityPrices).toEqual(expected);

    const search = (await t.app.inject({ url: '/api/search?q=QTY-ANSWERS' })).json();
    expect(find(search.products)).toMatchObject({ name: 'Quantity Filter', quantityPrices: expected });

    const vehicleId = newId();
    await t.database.db
      .insertInto('vehicles')
      .values({ id: vehicleId, make: 'Honda', make_key: 'honda', model: 'QP 500', model_key: 'qp 500', year_from: 2015, year_to: 2020, cc: 471, created_at: new Date().toISOString() })
      .execute();
    const bikeCount = (await t.app.inject({ url: `/api/productCount?vehicle=${vehicleId}&year=2018` })).json().count as number;
    const bikePage = (await t.app.inject({ url: `/api/products?page=0&size=${Math.min(100, bikeCount)}&vehicle=${vehicleId}&year=2018` })).json();
    expect(find(bikePage)).toMatchObject({ fit: 'universal', quantityPrices: expected });

    const prices = await t.app.catalogue.pricesOf([id]);
    expect(prices.get(id)).toEqual({
      name: 'Quantity Filter',
      priceCents: 899,
      categoryId: expect.any(String),
      quantityPrices: [
        { from: 10, priceCents: 750 },
        { from: 50, priceCents: 690 },
      ],
      quantityPricesColumn: '[[10,750],[50,690]]',
    });
  });
});
