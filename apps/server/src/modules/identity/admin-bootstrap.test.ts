import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createUser, signIn } from '../../test/auth-helpers.js';
import { ensureConfiguredAdmin } from './admin-bootstrap.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL: 'Owner@MotoParts.example', ADMIN_PASSWORD: 'owner-password-1' });
});
afterAll(async () => t.close());

describe('ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  it('creates the admin account when missing, and start-up can run again harmlessly', async () => {
    await ensureConfiguredAdmin(t.app);
    await ensureConfiguredAdmin(t.app);
    const owner = await signIn(t.app, 'owner@motoparts.example', 'owner-password-1');
    const answer = await t.app.inject({ url: `/api/admin/${owner.email}`, headers: owner.headers });
    expect(answer.json()).toEqual({ admin: true });
    const rows = await t.database.db.selectFrom('users').select('email').where('email', '=', 'owner@motoparts.example').execute();
    expect(rows).toHaveLength(1);
  });

  it('makes an existing account admin without touching its password', async () => {
    const existing = await createUser(t.app, t.database.db, { email: 'shopkeeper@example.com', password: 'keeper-pass-1' });
    const config = { ...t.app.config, admin: { email: 'shopkeeper@example.com', password: 'something-else-9' } };
    await ensureConfiguredAdmin(Object.assign(Object.create(t.app), { config }));
    const again = await signIn(t.app, existing.email, 'keeper-pass-1');
    expect((await t.app.inject({ url: `/api/admin/${existing.email}`, headers: again.headers })).json()).toEqual({ admin: true });
  });
});
