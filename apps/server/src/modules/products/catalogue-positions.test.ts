import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser, storeTestImage } from '../../test/factories.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertSignedInUser>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
});
afterAll(async () => t.close());

/** What OFFSET over the catalogue in position order answers: a range of positions must be the same page. */
const byOffset = async (offset: number, limit: number) =>
  (await t.database.db.selectFrom('products').select('id').orderBy('position').limit(limit).offset(offset).execute()).map((row) => row.id);
const page = async (page: number, size: number) =>
  (await t.app.inject({ url: `/api/products?page=${page}&size=${size}` })).json().map((product: { _id: string }) => product._id);
const countAnswer = async () => (await t.app.inject({ url: '/api/productCount' })).json().count as number;
/** Positions in order of the time-ordered ids; products added at the same moment may swap places. */
const positions = async () =>
  (await t.database.db.selectFrom('products').select('position').orderBy('id').execute()).map((row) => row.position);
const dense = (values: (number | null)[]) => [...values].sort((a, b) => (a ?? -1) - (b ?? -1));

describe('catalogue positions', () => {
  it('stay 0..n-1 in order of arrival through single, bulk and concurrent inserts and deletes', async () => {
    const img = await storeTestImage(t.app);
    const first = [];
    for (let index = 0; index < 12; index++) first.push(await insertProduct(t.database.db, { name: `Part ${index}` }));
    // Several admins adding products at the same moment.
    const added = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: '/api/products',
          headers: admin.headers,
          payload: { name: `Concurrent part ${index}`, decreption: 'Added at the same time', price: 12.5, quantity: 4, minimum: 1, img },
        }),
      ),
    );
    expect(added.map((response) => response.statusCode)).toEqual(Array(8).fill(201));
    await sql`insert into products (id, name, description, price_cents, quantity, minimum, img, created_at, updated_at)
      values ('ffffffff0000000000000001', 'Bulk A', 'd', 100, 1, 1, '/images/a.webp', 'now', 'now'),
             ('ffffffff0000000000000002', 'Bulk B', 'd', 100, 1, 1, '/images/a.webp', 'now', 'now')`.execute(t.database.db);

    const total = 22;
    const afterInserts = await positions();
    expect(dense(afterInserts)).toEqual(Array.from({ length: total }, (_, index) => index));
    // One at a time: in order of arrival.
    expect(afterInserts.slice(0, 12)).toEqual(Array.from({ length: 12 }, (_, index) => index));
    expect(afterInserts.slice(20)).toEqual([20, 21]);
    expect(await countAnswer()).toBe(total);

    // Removing from the start, the middle and the end closes each gap.
    for (const product of [first[0]!, first[5]!, first[11]!]) {
      const response = await t.app.inject({ method: 'DELETE', url: `/api/products/${product.id}`, headers: admin.headers });
      expect(response.statusCode).toBe(200);
    }
    const left = total - 3;
    expect(dense(await positions())).toEqual(Array.from({ length: left }, (_, index) => index));
    expect(await countAnswer()).toBe(left);
    for (const [number, size] of [[0, 6], [1, 6], [3, 6], [4, 6], [0, 100], [2, 7]] as const) {
      expect(await page(number, size)).toEqual(await byOffset(number * size, size));
    }
    expect(await page(10, 6)).toEqual([]);
  });

  it('counts an empty catalogue as 0', async () => {
    for (const { id } of await t.database.db.selectFrom('products').select('id').execute()) {
      expect((await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: admin.headers })).statusCode).toBe(200);
    }
    expect(await countAnswer()).toBe(0);
    expect(await page(0, 6)).toEqual([]);
  });
});
