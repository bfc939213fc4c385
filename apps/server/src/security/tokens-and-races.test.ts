import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { createUser } from '../test/auth-helpers.js';
import { insertSignedInUser } from '../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SCALE: '1000', CORS_ORIGINS: 'https://partner.example' });
});
afterAll(async () => t.close());

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('tokens', () => {
  it.each([
    ['a JWT with alg none', `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: 'admin', role: 'admin' })}.`],
    ['a JWT signed with another key', `${base64url({ alg: 'HS256' })}.${base64url({ role: 'admin' })}.c2lnbmF0dXJl`],
    ['an empty token', ''],
    ['a very long token', 'x'.repeat(5000)],
  ])('refuses %s with 401', async (_label, token) => {
    const admin = await insertSignedInUser(t.database.db, { role: 'admin' });
    const response = await t.app.inject({ url: '/api/users', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/users', headers: admin.headers })).statusCode).toBe(200);
  });

  it("refuses a token whose session row was edited to point at another user's token", async () => {
    const victim = await insertSignedInUser(t.database.db);
    const edited = victim.token.slice(0, -1) + (victim.token.endsWith('a') ? 'b' : 'a');
    expect((await t.app.inject({ url: `/api/admin/${victim.email}`, headers: { authorization: `Bearer ${edited}` } })).statusCode).toBe(401);
  });

  it('a demoted admin loses admin rights on the very next request', async () => {
    const admin = await insertSignedInUser(t.database.db, { role: 'admin' });
    expect((await t.app.inject({ url: '/api/users', headers: admin.headers })).statusCode).toBe(200);
    await t.database.db.updateTable('users').set({ role: 'user' }).where('id', '=', admin.id).execute();
    expect((await t.app.inject({ url: '/api/users', headers: admin.headers })).statusCode).toBe(403);
  });

  it('no answer carries a password hash or another user\'s session token', async () => {
    const admin = await insertSignedInUser(t.database.db, { role: 'admin' });
    const someone = await createUser(t.app, t.database.db);
    const hashes = await t.database.db.selectFrom('accounts').select('password').where('password', 'is not', null).execute();
    for (const url of ['/api/users', `/api/user/${someone.email}`, '/api/getreviews', '/api/allorders']) {
      const body = (await t.app.inject({ url, headers: admin.headers })).body;
      expect(body).not.toContain(someone.token);
      for (const { password } of hashes) expect(body).not.toContain(password!.slice(0, 40));
    }
  });
});

describe('races', () => {
  it('parallel sign-ups with one email make one account', async () => {
    const email = `twin-${Date.now()}@example.com`;
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          headers: { origin: t.app.config.publicUrl },
          payload: { name: `Twin ${index}`, email, password: `password-${index}` },
          remoteAddress: `10.88.0.${index + 1}`,
        }),
      ),
    );
    expect(responses.every((response) => response.statusCode < 500)).toBe(true);
    const accounts = await t.database.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(accounts).toHaveLength(1);
  });
});

describe('CORS', () => {
  it('answers a configured origin and no other, never null', async () => {
    const allowed = await t.app.inject({ method: 'OPTIONS', url: '/api/productCount', headers: { origin: 'https://partner.example', 'access-control-request-method': 'GET' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example');
    for (const origin of ['https://evil.example', 'null', 'https://partner.example.evil.example']) {
      const response = await t.app.inject({ url: '/api/productCount', headers: { origin } });
      expect(response.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });
});
