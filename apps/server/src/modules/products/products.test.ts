import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct } from '../../test/factories.js';

let t: TestApp;
const ids: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  for (let index = 0; index < 14; index++) {
    const row = await insertProduct(t.database.db, { name: `Brake pad ${index}`, price_cents: 1000 + index });
    ids.push(row.id);
  }
});
afterAll(async () => t.close());

describe('GET /api/products?page&size', () => {
  it('answers one page in insertion order with SPEC field names and dollar prices', async () => {
    const response = await t.app.inject({ url: '/api/products?page=0&size=6' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toHaveLength(6);
    expect(body.map((p: { _id: string }) => p._id)).toEqual(ids.slice(0, 6));
    expect(body[1]).toEqual({
      _id: ids[1],
      name: 'Brake pad 1',
      decreption: 'A test part',
      price: 10.01,
      quantity: 50,
      minimum: 2,
      img: '/images/test.webp',
      category: 'Other',
      brand: '',
      partNumber: '',
      oemNumbers: [],
    });
  });

  it('pages do not overlap and the last page is partial', async () => {
    const second = (await t.app.inject({ url: '/api/products?page=1&size=6' })).json();
    const third = (await t.app.inject({ url: '/api/products?page=2&size=6' })).json();
    expect(second.map((p: { _id: string }) => p._id)).toEqual(ids.slice(6, 12));
    expect(third.map((p: { _id: string }) => p._id)).toEqual(ids.slice(12));
    const beyond = await t.app.inject({ url: '/api/products?page=50&size=6' });
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json()).toEqual([]);
  });

  it('defaults the size to 6 when only page is given', async () => {
    const body = (await t.app.inject({ url: '/api/products?page=1' })).json();
    expect(body).toHaveLength(6);
  });

  it.each([
    ['page=-1&size=6'],
    ['page=abc&size=6'],
    ['page=1.5&size=6'],
    ['page=0&size=0'],
    ['page=0&size=100000'],
    ['page=0&size=101'],
    ['page=0&size=-3'],
    ['page=99999999999999999999&size=6'],
  ])('rejects ?%s with the error envelope and 400', async (query) => {
    const response = await t.app.inject({ url: `/api/products?${query}` });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('BAD_REQUEST');
    expect(typeof body.error.message).toBe('string');
    expect(body.requestId).toBe(response.headers['x-request-id']);
    expect(Array.isArray(body)).toBe(false);
  });

  it('accepts the maximum size of 100', async () => {
    const response = await t.app.inject({ url: '/api/products?page=0&size=100' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(14);
  });

  it('never answers the whole table to a visitor', async () => {
    const response = await t.app.inject({ url: '/api/products' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHORIZED');
  });
});

describe('GET /api/productCount', () => {
  it('counts every product', async () => {
    const response = await t.app.inject({ url: '/api/productCount' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ count: 14 });
  });
});

describe('GET /api/products/:id', () => {
  it('answers one product', async () => {
    const response = await t.app.inject({ url: `/api/products/${ids[3]}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: ids[3], name: 'Brake pad 3', price: 10.03 });
  });

  it('answers 404 for an unknown id', async () => {
    const response = await t.app.inject({ url: '/api/products/0123456789abcdef01234567' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: 'Product was not found' });
  });

  it.each(['not-an-id', '1234', "1' or '1'='1", '0123456789ABCDEF01234567', 'x'.repeat(150)])(
    'answers 400 for the malformed id %s',
    async (id) => {
      const response = await t.app.inject({ url: `/api/products/${encodeURIComponent(id)}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('BAD_REQUEST');
    },
  );
});
