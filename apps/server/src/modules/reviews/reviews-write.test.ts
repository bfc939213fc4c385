import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertSignedInUser, storeTestImage } from '../../test/factories.js';

let t: TestApp;
type Customer = Awaited<ReturnType<typeof insertSignedInUser>>;
let alice: Customer;
let bob: Customer;
let admin: Customer;
let IMG = '';

beforeAll(async () => {
  t = await buildTestApp();
  IMG = await storeTestImage(t.app);
  alice = await insertSignedInUser(t.database.db, { name: 'alice rider' });
  bob = await insertSignedInUser(t.database.db);
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
});
afterAll(async () => t.close());

const addReview = (customer: Customer | null, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/review', headers: customer?.headers ?? {}, payload });

describe('POST /api/review', () => {
  it("records the author from the token, whatever the body claims, and it shows among the latest", async () => {
    const response = await addReview(alice, { review: 'Great pads, fast delivery.', ratings: '5', img: IMG, name: 'The Boss', email: admin.email });
    expect(response.statusCode).toBe(201);
    const { insertedId } = response.json();
    const row = await t.database.db.selectFrom('reviews').selectAll().where('id', '=', insertedId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'alice rider', email: alice.email, user_id: alice.id, ratings: 5 });
    const latest = (await t.app.inject({ url: '/api/getreviews?latest=3' })).json();
    expect(latest.at(-1)).toEqual({ _id: insertedId, name: 'alice rider', review: 'Great pads, fast delivery.', ratings: '5', img: IMG, createdAt: expect.any(String) });
  });

  it.each([
    [{ review: '' }, 'review', 'Review is Required. Please Try Again.'],
    [{ ratings: '' }, 'ratings', 'Ratings is Required. Please Try Agian.'],
    [{ ratings: '0' }, 'ratings', 'Ratings must be a whole number from 1 to 5'],
    [{ ratings: '6' }, 'ratings', 'Ratings must be a whole number from 1 to 5'],
    [{ ratings: '4.5' }, 'ratings', 'Ratings must be a whole number from 1 to 5'],
    [{ ratings: 'five' }, 'ratings', 'Ratings must be a whole number from 1 to 5'],
    [{ img: '' }, 'img', 'Image is Required.Please Try Again.'],
    [{ review: 'x'.repeat(10_000) }, 'review', 'Must be at most 2000 characters'],
  ])('refuses %j with its message', async (change, field, message) => {
    const response = await addReview(alice, { review: 'Good.', ratings: 4, img: IMG, ...change });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fieldErrors[field]).toContain(message);
  });

  it('stores script as plain text and needs a signed-in customer', async () => {
    const text = '<img src=x onerror=alert(1)>';
    const response = await addReview(bob, { review: text, ratings: 3, img: IMG });
    const row = await t.database.db.selectFrom('reviews').select('review').where('id', '=', response.json().insertedId).executeTakeFirstOrThrow();
    expect(row.review).toBe(text);
    expect((await addReview(null, { review: 'x', ratings: 3, img: IMG })).statusCode).toBe(401);
  });
});

describe('GET /api/getreviews emails', () => {
  it('includes emails for an admin only', async () => {
    const forAdmin = (await t.app.inject({ url: '/api/getreviews', headers: admin.headers })).json();
    expect(forAdmin.every((review: { email?: string }) => typeof review.email === 'string')).toBe(true);
    const forCustomer = (await t.app.inject({ url: '/api/getreviews', headers: alice.headers })).json();
    expect(forCustomer.some((review: { email?: string }) => 'email' in review)).toBe(false);
    expect((await t.app.inject({ url: '/api/getreviews', headers: { authorization: 'Bearer forged' } })).statusCode).toBe(401);
  });
});

describe('DELETE /api/review/:id', () => {
  it("lets an author delete their own review, not another's; an admin may delete any", async () => {
    const own = (await addReview(alice, { review: 'Mine', ratings: 4, img: IMG })).json().insertedId;
    const other = (await addReview(bob, { review: 'Theirs', ratings: 4, img: IMG })).json().insertedId;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/review/${other}`, headers: alice.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/review/${own}`, headers: alice.headers })).json()).toMatchObject({ deletedCount: 1 });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/review/${other}`, headers: admin.headers })).json()).toMatchObject({ deletedCount: 1 });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/review/${other}`, headers: admin.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/review/${own}` })).statusCode).toBe(401);
  });
});
