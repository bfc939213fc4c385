import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertSignedInUser, storeTestImage } from '../../test/factories.js';

/**
 * SPEC-3 section 7: an admin makes a customer staff and takes it back; staff cannot change any
 * role; the role counts from the next request; every change of an account by an admin is kept in
 * the activity log, in the change's own transaction, and a refused change leaves no entry.
 */

let t: TestApp;
type Caller = Awaited<ReturnType<typeof insertSignedInUser>>;
let admin: Caller;
let IMG = '';

beforeAll(async () => {
  t = await buildTestApp();
  IMG = await storeTestImage(t.app);
  admin = await insertSignedInUser(t.database.db, { role: 'admin', name: 'Ada Admin' });
});
afterAll(async () => t.close());

const roleOf = async (email: string) => (await t.database.db.selectFrom('users').select('role').where('email', '=', email).executeTakeFirst())?.role;
const makeStaff = (email: string, headers: Record<string, string> = admin.headers) => t.app.inject({ method: 'PUT', url: `/api/user/staff/${encodeURIComponent(email)}`, headers });
const removeStaff = (email: string, headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'DELETE', url: `/api/user/staff-role/${encodeURIComponent(email)}`, headers });
const staffMember = (name?: string) => insertSignedInUser(t.database.db, { role: 'staff', name });

/** The activity entries of one account, oldest first, as the table keeps them. */
async function entriesOf(userId: string) {
  const rows = await t.database.db.selectFrom('activity').selectAll().where('record_type', '=', 'user').where('record_id', '=', userId).orderBy('id').execute();
  return rows.map((row) => ({
    actor: { id: row.actor_id, name: row.actor_name, email: row.actor_email, role: row.actor_role },
    action: row.action,
    record: { type: row.record_type, id: row.record_id, label: row.record_label },
    changes: JSON.parse(row.changes) as unknown,
  }));
}
const byAdmin = () => ({ id: admin.id, name: 'Ada Admin', email: admin.email, role: 'admin' });

describe('PUT /api/user/staff/:email and DELETE /api/user/staff-role/:email', () => {
  it('makes a customer staff and a customer again, answers the role, and logs each change', async () => {
    const sam = await insertSignedInUser(t.database.db, { name: 'Sam' });
    const made = await makeStaff(sam.email);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect(await roleOf(sam.email)).toBe('staff');
    expect((await t.app.inject({ url: `/api/admin/${sam.email}`, headers: sam.headers })).json()).toEqual({ admin: false, staff: true });
    expect((await t.app.inject({ url: `/api/admin/${sam.email}`, headers: admin.headers })).json()).toEqual({ admin: false, staff: true });
    const listed = (await t.app.inject({ url: '/api/users', headers: admin.headers })).json() as { email: string; role: string }[];
    expect(listed.find((user) => user.email === sam.email)?.role).toBe('staff');
    expect((await t.app.inject({ url: `/api/user/${sam.email}`, headers: sam.headers })).json()).toMatchObject({ role: 'staff' });

    // Already staff: nothing changes, nothing is logged.
    expect((await makeStaff(sam.email)).json()).toMatchObject({ modifiedCount: 0 });

    const removed = await removeStaff(sam.email);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ modifiedCount: 1 });
    expect(await roleOf(sam.email)).toBe('user');
    expect((await t.app.inject({ url: `/api/admin/${sam.email}`, headers: sam.headers })).json()).toEqual({ admin: false, staff: false });

    const label = `Sam (${sam.email})`;
    expect(await entriesOf(sam.id)).toEqual([
      { actor: byAdmin(), action: 'user.role', record: { type: 'user', id: sam.id, label }, changes: [{ field: 'role', before: 'user', after: 'staff' }] },
      { actor: byAdmin(), action: 'user.role', record: { type: 'user', id: sam.id, label }, changes: [{ field: 'role', before: 'staff', after: 'user' }] },
    ]);
  });

  it('refuses an unconfirmed address, an admin, an account that is not staff and an unknown one, and logs none of them', async () => {
    const unconfirmed = await insertSignedInUser(t.database.db, { verified: false });
    const refused = await makeStaff(unconfirmed.email);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'This person has not confirmed their email address yet, so they cannot become staff. They confirm it with the link in the email the shop sent when they signed up.',
    );
    expect(await roleOf(unconfirmed.email)).toBe('user');

    const otherAdmin = await insertSignedInUser(t.database.db, { role: 'admin' });
    const anAdmin = await makeStaff(otherAdmin.email);
    expect(anAdmin.statusCode).toBe(409);
    expect(anAdmin.json().error.message).toBe('An admin already has every staff right');
    expect(await roleOf(otherAdmin.email)).toBe('admin');

    for (const notStaff of [unconfirmed, otherAdmin]) {
      const response = await removeStaff(notStaff.email);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe('This account is not staff');
    }
    expect(await roleOf(otherAdmin.email)).toBe('admin');

    expect((await makeStaff('nobody@example.com')).statusCode).toBe(404);
    expect((await removeStaff('nobody@example.com')).statusCode).toBe(404);
    expect((await makeStaff('not an email')).statusCode).toBe(400);
    expect(await entriesOf(unconfirmed.id)).toEqual([]);
    expect(await entriesOf(otherAdmin.id)).toEqual([]);
  });

  it('lets no staff member change a role, their own included (403, nothing changed, nothing logged)', async () => {
    const staff = await staffMember();
    const customer = await insertSignedInUser(t.database.db);
    const calls = [
      { method: 'PUT' as const, url: `/api/user/admin/${staff.email}` },
      { method: 'PUT' as const, url: `/api/user/admin/${customer.email}` },
      { method: 'PUT' as const, url: `/api/user/staff/${customer.email}` },
      { method: 'DELETE' as const, url: `/api/user/staff-role/${staff.email}` },
      { method: 'DELETE' as const, url: `/api/user/admin-role/${admin.email}` },
      { method: 'DELETE' as const, url: `/api/user/admin/${customer.email}` },
    ];
    for (const call of calls) {
      const response = await t.app.inject({ ...call, headers: staff.headers });
      expect(response.statusCode, call.url).toBe(403);
    }
    expect(await roleOf(staff.email)).toBe('staff');
    expect(await roleOf(customer.email)).toBe('user');
    expect(await roleOf(admin.email)).toBe('admin');
    const written = await t.database.db.selectFrom('activity').select('id').where('actor_id', '=', staff.id).execute();
    expect(written).toEqual([]);
  });

  it('makes a staff member admin, and logs it', async () => {
    const staff = await staffMember('Stella');
    const made = await t.app.inject({ method: 'PUT', url: `/api/user/admin/${staff.email}`, headers: admin.headers });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ modifiedCount: 1 });
    expect(await roleOf(staff.email)).toBe('admin');
    expect((await t.app.inject({ url: `/api/admin/${staff.email}`, headers: staff.headers })).json()).toEqual({ admin: true, staff: false });
    expect(await entriesOf(staff.id)).toEqual([
      { actor: byAdmin(), action: 'user.role', record: { type: 'user', id: staff.id, label: `Stella (${staff.email})` }, changes: [{ field: 'role', before: 'staff', after: 'admin' }] },
    ]);
  });

  it('gives the role from the very next request of a token the account already holds', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const allOrders = () => t.app.inject({ url: '/api/allorders', headers: customer.headers });
    expect((await allOrders()).statusCode).toBe(403);
    expect((await makeStaff(customer.email)).statusCode).toBe(200);
    expect((await allOrders()).statusCode).toBe(200);
    // Staff still get no admin page.
    expect((await t.app.inject({ url: '/api/users', headers: customer.headers })).statusCode).toBe(403);
    expect((await removeStaff(customer.email)).statusCode).toBe(200);
    expect((await allOrders()).statusCode).toBe(403);
  });
});

describe("the activity of an admin's other changes to an account", () => {
  it("logs a demotion, a workshop mark and an admin's change of someone else's profile; not the owner's own change", async () => {
    const gina = await insertSignedInUser(t.database.db, { role: 'admin', name: 'Gina' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/admin-role/${gina.email}`, headers: admin.headers })).statusCode).toBe(200);

    const workshop = await t.app.inject({ method: 'PUT', url: `/api/user/workshop/${gina.email}`, headers: admin.headers, payload: { workshop: true, tradeDiscount: 12.5 } });
    expect(workshop.statusCode, workshop.body).toBe(200);
    // The same mark again changes nothing, so it logs nothing.
    await t.app.inject({ method: 'PUT', url: `/api/user/workshop/${gina.email}`, headers: admin.headers, payload: { workshop: true, tradeDiscount: 12.5 } });

    const own = await t.app.inject({ method: 'PUT', url: `/api/userinfo/${gina.email}`, headers: gina.headers, payload: { img: IMG, phone: '+44 7700 900123' } });
    expect(own.statusCode, own.body).toBe(200);
    const byTheAdmin = await t.app.inject({ method: 'PUT', url: `/api/userinfo/${gina.email}`, headers: admin.headers, payload: { img: IMG, phone: '+44 7700 900999' } });
    expect(byTheAdmin.statusCode, byTheAdmin.body).toBe(200);

    const record = { type: 'user', id: gina.id, label: `Gina (${gina.email})` };
    expect(await entriesOf(gina.id)).toEqual([
      { actor: byAdmin(), action: 'user.role', record, changes: [{ field: 'role', before: 'admin', after: 'user' }] },
      {
        actor: byAdmin(),
        action: 'user.workshop',
        record,
        changes: [
          { field: 'workshop', before: false, after: true },
          { field: 'tradeDiscount', before: 0, after: 12.5 },
        ],
      },
      { actor: byAdmin(), action: 'user.updated', record, changes: [{ field: 'phone', before: '+44 7700 900123', after: '+44 7700 900999' }] },
    ]);
  });

  it("does not log a staff member's change of their own profile", async () => {
    const staff = await staffMember();
    const own = await t.app.inject({ method: 'PUT', url: `/api/userinfo/${staff.email}`, headers: staff.headers, payload: { img: IMG, phone: '+44 7700 900555' } });
    expect(own.statusCode, own.body).toBe(200);
    expect(await entriesOf(staff.id)).toEqual([]);
  });

  it('logs a removal with the name and address the account had, written with the removal', async () => {
    const dave = await insertSignedInUser(t.database.db, { name: 'Dave' });
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/user/admin/${dave.email}`, headers: admin.headers });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await roleOf(dave.email)).toBeUndefined();
    expect(await entriesOf(dave.id)).toEqual([{ actor: byAdmin(), action: 'user.deleted', record: { type: 'user', id: dave.id, label: `Dave (${dave.email})` }, changes: [] }]);
    // Refused: nobody is removed twice, and nothing more is logged.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/admin/${dave.email}`, headers: admin.headers })).statusCode).toBe(404);
    expect(await entriesOf(dave.id)).toHaveLength(1);
  });
});

describe('the last admin, with staff present', () => {
  it('is never demoted nor removed: staff are no admins', async () => {
    const last = await insertSignedInUser(t.database.db, { role: 'admin' });
    const staff = await staffMember();
    const others = await t.database.db.selectFrom('users').select('id').where('role', '=', 'admin').where('id', '<>', last.id).execute();
    await t.database.db.updateTable('users').set({ role: 'user' }).where('role', '=', 'admin').where('id', '<>', last.id).execute();
    try {
      // No other admin can ask; the rule itself still holds (as the command line's demotion meets it).
      await expect(t.app.users.demote(last.email, null)).rejects.toMatchObject({ statusCode: 409, message: 'The shop needs at least one admin' });
      await expect(t.app.users.remove(last.email, null)).rejects.toMatchObject({ statusCode: 409, message: 'The shop needs at least one admin' });
      const self = await t.app.inject({ method: 'DELETE', url: `/api/user/admin-role/${last.email}`, headers: last.headers });
      expect(self.statusCode).toBe(409);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/user/admin-role/${last.email}`, headers: staff.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/user/admin/${last.email}`, headers: staff.headers })).statusCode).toBe(403);
      expect(await roleOf(last.email)).toBe('admin');
      expect(await roleOf(staff.email)).toBe('staff');
      expect(await entriesOf(last.id)).toEqual([]);
    } finally {
      if (others.length > 0) await t.database.db.updateTable('users').set({ role: 'admin' }).where('id', 'in', others.map((row) => row.id)).execute();
    }
  });
});
