import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertReview, insertSignedInUser } from '../../test/factories.js';

let t: TestApp;
const ids: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  for (let index = 0; index < 5; index++) {
    ids.push((await insertReview(t.database.db, { name: `rider ${index}`, ratings: (index % 5) + 1 })).id);
  }
});
afterAll(async () => t.close());

describe('GET /api/getreviews', () => {
  it('answers every review oldest first, without reviewers emails', async () => {
    const response = await t.app.inject({ url: '/api/getreviews' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.map((review: { _id: string }) => review._id)).toEqual(ids);
    expect(body[2]).toEqual({ _id: ids[2], name: 'rider 2', review: 'great parts', ratings: '3', img: '/images/avatar.webp', createdAt: expect.any(String) });
    expect(JSON.stringify(body)).not.toContain('@example.com');
  });

  it('answers only the latest n with ?latest=n, still oldest first', async () => {
    const body = (await t.app.inject({ url: '/api/getreviews?latest=3' })).json();
    expect(body.map((review: { _id: string }) => review._id)).toEqual(ids.slice(2));
  });

  it('pages newest first with ?page&size and tells the total', async () => {
    const response = await t.app.inject({ url: '/api/getreviews?page=1&size=2' });
    expect(response.json().map((review: { _id: string }) => review._id)).toEqual([ids[2], ids[1]]);
    expect(response.headers['x-total-count']).toBe('5');
    expect((await t.app.inject({ url: '/api/getreviews?page=0&size=1000' })).statusCode).toBe(400);
  });

  it("names the part each review is of on a page, keeps the author search, and answers a page past the end empty", async () => {
    const part = await insertProduct(t.database.db, { name: 'Iridium Spark Plug' });
    const review = await insertReview(t.database.db, { name: 'plug rider', product_id: part.id });
    try {
      const page = (await t.app.inject({ url: '/api/getreviews?page=0&size=2' })).json();
      expect(page[0]).toMatchObject({ _id: review.id, productId: part.id, productName: 'Iridium Spark Plug', verified: false });
      expect(page[1]).not.toHaveProperty('productName');
      const admin = await insertSignedInUser(t.database.db, { role: 'admin' });
      const found = await t.app.inject({ url: '/api/getreviews?q=plug&page=0&size=20', headers: admin.headers });
      expect(found.json().map((row: { _id: string }) => row._id)).toEqual([review.id]);
      const past = await t.app.inject({ url: '/api/getreviews?page=99&size=20' });
      expect(past.statusCode).toBe(200);
      expect(past.json()).toEqual([]);
      expect(past.headers['x-total-count']).toBe('6');
    } finally {
      await t.database.db.deleteFrom('reviews').where('id', '=', review.id).execute();
    }
  });

  it.each(['0', '-1', 'abc', '101', '2.5'])('rejects ?latest=%s', async (value) => {
    const response = await t.app.inject({ url: `/api/getreviews?latest=${value}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_REQUEST');
  });
});
