import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser, storeTestImage } from '../../test/factories.js';

let t: TestApp;
type Customer = Awaited<ReturnType<typeof insertSignedInUser>>;
let alice: Customer;
let bob: Customer;
let admin: Customer;
let IMG = '';

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_CACHE_MS: '0' });
  IMG = await storeTestImage(t.app);
  alice = await insertSignedInUser(t.database.db, { name: 'alice rider' });
  bob = await insertSignedInUser(t.database.db, { name: 'bob rider' });
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
});
afterAll(async () => t.close());

const review = (customer: Customer, productId: string, ratings = 5, text = 'Fits and works.') =>
  t.app.inject({ method: 'POST', url: '/api/review', headers: customer.headers, payload: { review: text, ratings: String(ratings), img: IMG, productId } });
const order = async (customer: Customer, productId: string, { pay }: { pay: boolean }) => {
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: customer.headers,
    payload: { productId, quantity: 1, location: '12 Kings Road, London', phone: '+44 7700 900123' },
  });
  expect(placed.statusCode).toBe(201);
  const id = placed.json().insertedId as string;
  if (pay) await t.app.orders.markPaid(id, `pi_${id}`);
  return id;
};
const reviewsOf = async (productId: string, query = '') => t.app.inject({ url: `/api/products/${productId}/reviews${query}` });
const reviewCount = async () => Number((await t.database.db.selectFrom('reviews').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('reviews of a part', () => {
  it('refuses a review of a part never bought, or only ordered and not paid, with 403 and nothing stored', async () => {
    const part = await insertProduct(t.database.db, { quantity: 20, minimum: 1 });
    const before = await reviewCount();
    const never = await review(alice, part.id);
    expect(never.statusCode).toBe(403);
    expect(never.json().error.message).toBe('You can review a part once you have paid for an order of it.');
    await order(alice, part.id, { pay: false });
    expect((await review(alice, part.id)).statusCode).toBe(403);
    expect(await reviewCount()).toBe(before);
  });

  it("takes one review per paid order, marks it 'verified', and keeps the part's count and average", async () => {
    const part = await insertProduct(t.database.db, { name: 'Oil Filter HF204', quantity: 20, minimum: 1 });
    const firstOrder = await order(alice, part.id, { pay: true });
    const added = await review(alice, part.id, 4, 'Good filter.');
    expect(added.statusCode).toBe(201);
    const twice = await review(alice, part.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('You have already reviewed this part for each order of it.');

    // A second paid order of the same part: a second review.
    await order(alice, part.id, { pay: true });
    expect((await review(alice, part.id, 5, 'Bought again.')).statusCode).toBe(201);
    expect((await review(bob, part.id)).statusCode).toBe(403);

    const page = (await reviewsOf(part.id)).json();
    expect(page).toMatchObject({ total: 2, average: 4.5 });
    expect(page.reviews.map((item: { review: string }) => item.review)).toEqual(['Bought again.', 'Good filter.']);
    expect(page.reviews[0]).toMatchObject({ name: 'alice rider', ratings: '5', productId: part.id, verified: true });
    expect(page.reviews[0]).not.toHaveProperty('email');

    const product = (await t.app.inject({ url: `/api/products/${part.id}` })).json();
    expect(product.rating).toEqual({ average: 4.5, count: 2 });
    const myOrders = (await t.app.inject({ url: `/api/orders/${encodeURIComponent(alice.email)}`, headers: alice.headers })).json();
    expect(myOrders.find((item: { _id: string }) => item._id === firstOrder).reviewed).toBe(true);

    // SPEC's list of every review still holds them.
    const all = (await t.app.inject({ url: '/api/getreviews' })).json();
    expect(all.filter((item: { productId?: string }) => item.productId === part.id)).toHaveLength(2);

    // An admin deleting one takes it out of the count and the average.
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/review/${added.json().insertedId}`, headers: admin.headers });
    expect(removed.statusCode).toBe(200);
    expect((await reviewsOf(part.id)).json()).toMatchObject({ total: 1, average: 5 });
  });

  it('stores one review when the same order is reviewed twice at once', async () => {
    const part = await insertProduct(t.database.db, { quantity: 20, minimum: 1 });
    await order(bob, part.id, { pay: true });
    const answers = await Promise.all([review(bob, part.id), review(bob, part.id), review(bob, part.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await reviewsOf(part.id)).json().total).toBe(1);
  });

  it("answers a part without reviews with none, pages newest first, and 404 or 400 for an unknown or malformed part", async () => {
    const part = await insertProduct(t.database.db);
    expect((await reviewsOf(part.id)).json()).toEqual({ total: 0, average: 0, reviews: [] });
    expect((await t.app.inject({ url: `/api/products/${part.id}` })).json()).not.toHaveProperty('rating');
    expect((await reviewsOf('f'.repeat(24))).statusCode).toBe(404);
    expect((await reviewsOf('not-an-id')).statusCode).toBe(400);
    expect((await reviewsOf(part.id, '?size=500')).statusCode).toBe(400);
    const malformed = await t.app.inject({ method: 'POST', url: '/api/review', headers: alice.headers, payload: { review: 'x', ratings: '5', img: IMG, productId: 'nope' } });
    expect(malformed.statusCode).toBeGreaterThanOrEqual(400);
    expect(malformed.statusCode).toBeLessThan(500);
    expect(malformed.json().error).toBeDefined();
  });

  it('keeps a review of the shop (no part) as SPEC has it', async () => {
    const shop = await t.app.inject({ method: 'POST', url: '/api/review', headers: bob.headers, payload: { review: 'Great shop.', ratings: '5', img: IMG } });
    expect(shop.statusCode).toBe(201);
    const row = await t.database.db.selectFrom('reviews').selectAll().where('id', '=', shop.json().insertedId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ product_id: null, order_id: null });
  });
});
