import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, storeTestImage } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { confirmEmailAddress, createUser, type SignedInUser } from '../../test/auth-helpers.js';

let t: TestApp;
let admin: SignedInUser;
let alice: SignedInUser;
let bob: SignedInUser;
let IMG = '';

beforeAll(async () => {
  t = await buildTestApp();
  IMG = await storeTestImage(t.app);
  admin = await createUser(t.app, t.database.db, { name: 'Boss', admin: true });
  alice = await createUser(t.app, t.database.db, { name: 'Alice' });
  bob = await createUser(t.app, t.database.db, { name: 'Bob' });
});
afterAll(async () => t.close());

const roleOf = async (email: string) =>
  (await t.database.db.selectFrom('users').select('role').where('email', '=', email).executeTakeFirst())?.role;

describe('GET /api/admin/:email', () => {
  it('answers for yourself, and an admin may ask about anyone', async () => {
    expect((await t.app.inject({ url: `/api/admin/${alice.email}`, headers: alice.headers })).json()).toEqual({ admin: false, staff: false });
    expect((await t.app.inject({ url: `/api/admin/${admin.email}`, headers: admin.headers })).json()).toEqual({ admin: true, staff: false });
    expect((await t.app.inject({ url: `/api/admin/${alice.email}`, headers: admin.headers })).json()).toEqual({ admin: false, staff: false });
  });

  it('refuses a visitor (401) and another user (403)', async () => {
    expect((await t.app.inject({ url: `/api/admin/${alice.email}` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/admin/${alice.email}`, headers: bob.headers })).statusCode).toBe(403);
  });

  it('answers an admin 400 for something that is not an email, and a customer 403 before looking at it', async () => {
    expect((await t.app.inject({ url: '/api/admin/not-an-email', headers: admin.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/admin/not-an-email', headers: alice.headers })).statusCode).toBe(403);
  });
});

describe('profile', () => {
  it('lets the owner update phone and photo and read them back', async () => {
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/userinfo/${alice.email}`,
      headers: alice.headers,
      payload: { img: IMG, phone: '+44 7700 900123' },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({ modifiedCount: 1 });
    const profile = await t.app.inject({ url: `/api/user/${alice.email}`, headers: alice.headers });
    expect(profile.json()).toMatchObject({ name: 'Alice', email: alice.email, role: 'user', img: IMG, phone: '+44 7700 900123' });
  });

  it('refuses another user (403) and changes nothing; an admin may', async () => {
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/userinfo/${alice.email}`,
      headers: bob.headers,
      payload: { img: IMG, phone: '000000' },
    });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/user/${alice.email}`, headers: bob.headers })).statusCode).toBe(403);
    const row = await t.database.db.selectFrom('users').select('phone').where('email', '=', alice.email).executeTakeFirstOrThrow();
    expect(row.phone).toBe('+44 7700 900123');
    const byAdmin = await t.app.inject({
      method: 'PUT',
      url: `/api/userinfo/${alice.email}`,
      headers: admin.headers,
      payload: { img: IMG, phone: '+44 7700 900999' },
    });
    expect(byAdmin.statusCode).toBe(200);
  });

  it.each([
    [{ img: IMG }, 'phone', 'Phone is Required'],
    [{ phone: '+44 7700 900123' }, 'img', 'Image is Required'],
    [{ img: 'https://evil.example/track.png', phone: '+44 7700 900123' }, 'img', 'Please upload the image again'],
    [{ img: IMG, phone: 'call me' }, 'phone', 'Please provide a valid phone number'],
  ])('rejects %j with 422', async (payload, field, message) => {
    const response = await t.app.inject({ method: 'PUT', url: `/api/userinfo/${bob.email}`, headers: bob.headers, payload });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fieldErrors[field]).toContain(message);
  });

  it('ignores a role in the body', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/userinfo/${bob.email}`,
      headers: bob.headers,
      payload: { img: IMG, phone: '+1 555 0100', role: 'admin' },
    });
    expect(response.statusCode).toBe(200);
    expect(await roleOf(bob.email)).toBe('user');
  });
});

describe('user administration', () => {
  it('lists users for an admin only, with no secrets', async () => {
    expect((await t.app.inject({ url: '/api/users' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/users', headers: alice.headers })).statusCode).toBe(403);
    const response = await t.app.inject({ url: '/api/users', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const emails = response.json().map((user: { email: string }) => user.email);
    expect(emails).toEqual(expect.arrayContaining([admin.email, alice.email, bob.email]));
    expect(response.body).not.toMatch(/password|token|scrypt/i);
  });

  it("tells whether each address is confirmed, how many purchases each placed and when each joined", async () => {
    const dora = await createUser(t.app, t.database.db, { name: 'Dora' });
    const product = await insertProduct(t.database.db, { quantity: 10, minimum: 1 });
    for (let placed = 0; placed < 2; placed++) {
      const order = await t.app.inject({ method: 'POST', url: '/api/orders', headers: dora.headers, payload: { productId: product.id, quantity: 1, location: '12 Kings Road, London', phone: '+44 7700 900123' } });
      expect(order.statusCode, order.body).toBe(201);
    }
    const users = (await t.app.inject({ url: '/api/users', headers: admin.headers })).json() as { email: string; emailConfirmed: boolean; orders: number; joined: string }[];
    const of = (email: string) => users.find((user) => user.email === email)!;
    expect(of(dora.email)).toMatchObject({ emailConfirmed: false, orders: 2 });
    expect(of(alice.email)).toMatchObject({ emailConfirmed: false, orders: 0 });
    expect(Date.parse(of(dora.email).joined)).toBeGreaterThan(Date.now() - 60_000);
    expect(of(dora.email).joined).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    await confirmEmailAddress(t.app, dora.email);
    const searched = (await t.app.inject({ url: `/api/users?q=${encodeURIComponent('Dora')}`, headers: admin.headers })).json();
    expect(searched).toEqual([expect.objectContaining({ email: dora.email, emailConfirmed: true, orders: 2 })]);
  });

  it('makes a user admin; a user cannot', async () => {
    const carol = await createUser(t.app, t.database.db, { name: 'Carol' });
    const refused = await t.app.inject({ method: 'PUT', url: `/api/user/admin/${carol.email}`, headers: carol.headers });
    expect(refused.statusCode).toBe(403);
    expect(await roleOf(carol.email)).toBe('user');
    // Only an address its owner confirmed may become admin.
    const unconfirmed = await t.app.inject({ method: 'PUT', url: `/api/user/admin/${carol.email}`, headers: admin.headers });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().error.message).toContain('has not confirmed their email address yet');
    expect(await roleOf(carol.email)).toBe('user');
    await confirmEmailAddress(t.app, carol.email);
    const made = await t.app.inject({ method: 'PUT', url: `/api/user/admin/${carol.email}`, headers: admin.headers });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ modifiedCount: 1 });
    expect(await roleOf(carol.email)).toBe('admin');
    // Carol's existing token carries the new role on her very next request.
    expect((await t.app.inject({ url: '/api/users', headers: carol.headers })).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'PUT', url: `/api/user/admin/${carol.email}`, headers: admin.headers });
    expect(again.json()).toMatchObject({ modifiedCount: 0 });
    expect((await t.app.inject({ method: 'PUT', url: '/api/user/admin/nobody@example.com', headers: admin.headers })).statusCode).toBe(404);
  });

  it('removes a user and ends their sessions at once', async () => {
    const dave = await createUser(t.app, t.database.db, { name: 'Dave' });
    expect((await t.app.inject({ url: `/api/admin/${dave.email}`, headers: dave.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/admin/${dave.email}`, headers: alice.headers })).statusCode).toBe(403);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/user/admin/${dave.email}`, headers: admin.headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ deletedCount: 1 });
    expect((await t.app.inject({ url: `/api/admin/${dave.email}`, headers: dave.headers })).statusCode).toBe(401);
    expect(await roleOf(dave.email)).toBeUndefined();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/admin/${dave.email}`, headers: admin.headers })).statusCode).toBe(404);
  });

  it('never lets an admin remove themself', async () => {
    const self = await t.app.inject({ method: 'DELETE', url: `/api/user/admin/${admin.email}`, headers: admin.headers });
    expect(self.statusCode).toBe(409);
    expect(await roleOf(admin.email)).toBe('admin');
  });

  it('makes another admin a customer again: never oneself, never a customer twice, refused to customers', async () => {
    const gina = await createUser(t.app, t.database.db, { name: 'Gina', admin: true });
    const demote = (email: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'DELETE', url: `/api/user/admin-role/${encodeURIComponent(email)}`, headers });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/admin-role/${gina.email}` })).statusCode).toBe(401);
    expect((await demote(gina.email, alice.headers)).statusCode).toBe(403);
    const self = await demote(gina.email, gina.headers);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ error: { message: 'You cannot take away your own admin rights. Another admin can.' } });
    expect(await roleOf(gina.email)).toBe('admin');
    const demoted = await demote(gina.email, admin.headers);
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json()).toMatchObject({ modifiedCount: 1 });
    expect(await roleOf(gina.email)).toBe('user');
    // Her existing token loses the admin pages on its very next request.
    expect((await t.app.inject({ url: '/api/users', headers: gina.headers })).statusCode).toBe(403);
    expect((await demote(gina.email, admin.headers)).json()).toMatchObject({ modifiedCount: 0 });
    expect((await demote('nobody@example.com', admin.headers)).statusCode).toBe(404);
    expect((await demote('not an email', admin.headers)).statusCode).toBe(400);
  });

  it('keeps at least one admin when the last two demote each other at once', async () => {
    const hal = await createUser(t.app, t.database.db, { name: 'Hal', admin: true });
    const ida = await createUser(t.app, t.database.db, { name: 'Ida', admin: true });
    const others = await t.database.db.selectFrom('users').select('email').where('role', '=', 'admin').where('email', 'not in', [hal.email, ida.email]).execute();
    await t.database.db.updateTable('users').set({ role: 'user' }).where('email', 'not in', [hal.email, ida.email]).execute();
    const [one, two] = await Promise.all([
      t.app.inject({ method: 'DELETE', url: `/api/user/admin-role/${ida.email}`, headers: hal.headers }),
      t.app.inject({ method: 'DELETE', url: `/api/user/admin-role/${hal.email}`, headers: ida.headers }),
    ]);
    expect([one.statusCode, two.statusCode].filter((status) => status === 200)).toHaveLength(1);
    expect([403, 409]).toContain([one.statusCode, two.statusCode].find((status) => status !== 200));
    const admins = await t.database.db.selectFrom('users').select('email').where('role', '=', 'admin').execute();
    expect(admins).toHaveLength(1);
    // The rest of this file's admins come back for the tests after it.
    if (others.length > 0) await t.database.db.updateTable('users').set({ role: 'admin' }).where('email', 'in', others.map((row) => row.email)).execute();
  });

  it('keeps at least one admin when the last two remove each other at once', async () => {
    const erin = await createUser(t.app, t.database.db, { name: 'Erin', admin: true });
    const frank = await createUser(t.app, t.database.db, { name: 'Frank', admin: true });
    await t.database.db.updateTable('users').set({ role: 'user' }).where('email', 'not in', [erin.email, frank.email]).execute();
    const [one, two] = await Promise.all([
      t.app.inject({ method: 'DELETE', url: `/api/user/admin/${frank.email}`, headers: erin.headers }),
      t.app.inject({ method: 'DELETE', url: `/api/user/admin/${erin.email}`, headers: frank.headers }),
    ]);
    expect([one.statusCode, two.statusCode].filter((status) => status === 200)).toHaveLength(1);
    expect([401, 409]).toContain([one.statusCode, two.statusCode].find((status) => status !== 200));
    const admins = await t.database.db.selectFrom('users').select('email').where('role', '=', 'admin').execute();
    expect(admins).toHaveLength(1);
  });
});
