import { workshopMessages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertSignedInUser } from '../../test/factories.js';

/**
 * SPEC-3 section 6: an admin marks an account a workshop with its trade discount (percent, 0-50,
 * two decimals at most). Stored in hundredths of a percent, read with the bearer session on every
 * request, so the account's prices follow from its next request.
 */

let t: TestApp;
type Caller = Awaited<ReturnType<typeof insertSignedInUser>>;
let admin: Caller;
let customer: Caller;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
  customer = await insertSignedInUser(t.database.db);
});
afterAll(async () => t.close());

const setWorkshop = (email: string, payload: unknown, headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'PUT', url: `/api/user/workshop/${encodeURIComponent(email)}`, headers, payload: payload as object });

const stored = async (email: string) => {
  const row = await t.database.db.selectFrom('users').select(['workshop', 'trade_discount']).where('email', '=', email).executeTakeFirstOrThrow();
  return { workshop: Boolean(row.workshop), tradeDiscount: Number(row.trade_discount) };
};

const listed = async (email: string) => {
  const users = (await t.app.inject({ url: '/api/users', headers: admin.headers })).json() as Array<{ email: string; workshop: boolean; tradeDiscount: number }>;
  const user = users.find((candidate) => candidate.email === email)!;
  return { workshop: user.workshop, tradeDiscount: user.tradeDiscount };
};

/** Who the bearer lookup says is behind the token, as every route sees it (`request.user`). */
const buyer = async (token: string) => (await t.app.identity.userFromBearerToken(token))!;

describe('PUT /api/user/workshop/:email', () => {
  it('marks an account a workshop with its trade discount, lists it, and takes it back to 0 when it stops being one', async () => {
    const workshop = await insertSignedInUser(t.database.db);
    expect(await listed(workshop.email)).toEqual({ workshop: false, tradeDiscount: 0 });

    const marked = await setWorkshop(workshop.email, { workshop: true, tradeDiscount: 12.5 });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({ workshop: true, tradeDiscount: 12.5 });
    expect(await stored(workshop.email)).toEqual({ workshop: true, tradeDiscount: 1250 });
    expect(await listed(workshop.email)).toEqual({ workshop: true, tradeDiscount: 12.5 });

    // The form's text, and the bounds themselves.
    expect((await setWorkshop(workshop.email, { workshop: true, tradeDiscount: '7.25' })).json()).toEqual({ workshop: true, tradeDiscount: 7.25 });
    expect((await setWorkshop(workshop.email, { workshop: true, tradeDiscount: 50 })).json()).toEqual({ workshop: true, tradeDiscount: 50 });
    expect(await stored(workshop.email)).toEqual({ workshop: true, tradeDiscount: 5000 });
    expect((await setWorkshop(workshop.email, { workshop: true, tradeDiscount: 0 })).json()).toEqual({ workshop: true, tradeDiscount: 0 });

    // No longer a workshop: whatever discount is sent, none is kept.
    await setWorkshop(workshop.email, { workshop: true, tradeDiscount: 10 });
    const unmarked = await setWorkshop(workshop.email, { workshop: false, tradeDiscount: 30 });
    expect(unmarked.json()).toEqual({ workshop: false, tradeDiscount: 0 });
    expect(await stored(workshop.email)).toEqual({ workshop: false, tradeDiscount: 0 });
    expect(await listed(workshop.email)).toEqual({ workshop: false, tradeDiscount: 0 });
  });

  it("changes the buyer's trade discount from its very next request, with no sign-in again", async () => {
    const workshop = await insertSignedInUser(t.database.db);
    expect((await buyer(workshop.token)).tradeDiscount).toBe(0);
    await setWorkshop(workshop.email, { workshop: true, tradeDiscount: 12.5 });
    expect(await buyer(workshop.token)).toMatchObject({ email: workshop.email, tradeDiscount: 1250 });
    await setWorkshop(workshop.email, { workshop: true, tradeDiscount: 20 });
    expect((await buyer(workshop.token)).tradeDiscount).toBe(2000);
    await setWorkshop(workshop.email, { workshop: false, tradeDiscount: 0 });
    expect((await buyer(workshop.token)).tradeDiscount).toBe(0);
    // An admin's own account is priced the same way: nobody else's mark reaches it.
    expect((await buyer(admin.token)).tradeDiscount).toBe(0);
  });

  it('counts a discount only on a workshop, whatever the row holds', async () => {
    const odd = await insertSignedInUser(t.database.db);
    await t.database.db.updateTable('users').set({ trade_discount: 900 }).where('email', '=', odd.email).execute();
    expect((await buyer(odd.token)).tradeDiscount).toBe(0);
    expect(await listed(odd.email)).toEqual({ workshop: false, tradeDiscount: 0 });
  });

  it.each([
    [{ workshop: true, tradeDiscount: -1 }, 'tradeDiscount', workshopMessages.discountInvalid],
    [{ workshop: true, tradeDiscount: 50.01 }, 'tradeDiscount', workshopMessages.discountInvalid],
    [{ workshop: true, tradeDiscount: 51 }, 'tradeDiscount', workshopMessages.discountInvalid],
    [{ workshop: true, tradeDiscount: 'abc' }, 'tradeDiscount', workshopMessages.discountInvalid],
    [{ workshop: true, tradeDiscount: 12.345 }, 'tradeDiscount', workshopMessages.discountInvalid],
    [{ workshop: true, tradeDiscount: '' }, 'tradeDiscount', workshopMessages.discountInvalid],
    [{ workshop: true }, 'tradeDiscount', workshopMessages.discountInvalid],
    [{ tradeDiscount: 10 }, 'workshop', workshopMessages.workshopRequired],
    [{ workshop: 'yes', tradeDiscount: 10 }, 'workshop', workshopMessages.workshopRequired],
  ])('refuses %j with 422 under %s and changes nothing', async (payload, field, message) => {
    const account = await insertSignedInUser(t.database.db);
    await setWorkshop(account.email, { workshop: true, tradeDiscount: 5 });
    const refused = await setWorkshop(account.email, payload);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fieldErrors[field]).toContain(message);
    expect(await stored(account.email)).toEqual({ workshop: true, tradeDiscount: 500 });
  });

  it('answers 404 for an account that does not exist and 400 for what is not an email address', async () => {
    const missing = await setWorkshop('nobody@example.com', { workshop: true, tradeDiscount: 10 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBeTruthy();
    expect((await setWorkshop('not an email', { workshop: true, tradeDiscount: 10 })).statusCode).toBe(400);
  });

  it('is for admins only: a visitor hears 401, a customer (even about their own account) 403, and nothing changes', async () => {
    const before = await stored(customer.email);
    const visitor = await t.app.inject({ method: 'PUT', url: `/api/user/workshop/${customer.email}`, payload: { workshop: true, tradeDiscount: 50 } });
    expect(visitor.statusCode).toBe(401);
    expect((await setWorkshop(customer.email, { workshop: true, tradeDiscount: 50 }, customer.headers)).statusCode).toBe(403);
    const other = await insertSignedInUser(t.database.db);
    expect((await setWorkshop(customer.email, { workshop: true, tradeDiscount: 50 }, other.headers)).statusCode).toBe(403);
    expect(await stored(customer.email)).toEqual(before);
    expect((await buyer(customer.token)).tradeDiscount).toBe(0);
    // Nor does a customer read the list with the marks.
    expect((await t.app.inject({ url: '/api/users', headers: customer.headers })).statusCode).toBe(403);
  });

  it('leaves the role alone and the role leaves it alone', async () => {
    const account = await insertSignedInUser(t.database.db);
    await setWorkshop(account.email, { workshop: true, tradeDiscount: 15, role: 'admin' });
    const row = await t.database.db.selectFrom('users').select('role').where('email', '=', account.email).executeTakeFirstOrThrow();
    expect(row.role).toBe('user');
    expect(await buyer(account.token)).toMatchObject({ role: 'user', tradeDiscount: 1500 });
  });
});
