import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createUser, type SignedInUser } from '../../test/auth-helpers.js';
import { mailsTo } from '../../test/outbox.js';

let t: TestApp;
let user: SignedInUser;
let address = 0;
beforeAll(async () => {
  t = await buildTestApp();
  user = await createUser(t.app, t.database.db, { name: 'Rita Rider' });
});
afterAll(async () => t.close());

/** Each request from its own address, so the rate limits stay out of the way of what is tested here. */
const remoteAddress = () => `10.77.${Math.floor(++address / 250) % 250}.${address % 250}`;

const send = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: { origin: t.app.config.publicUrl, ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    remoteAddress: remoteAddress(),
  });

function expectEnvelope(response: { statusCode: number; body: string }, status: number | 'client-error') {
  if (status === 'client-error') {
    expect(response.statusCode, response.body.slice(0, 200)).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, response.body.slice(0, 200)).toBeLessThan(500);
  } else {
    expect(response.statusCode, response.body.slice(0, 200)).toBe(status);
  }
  const body = JSON.parse(response.body) as { error: { code: unknown; message: unknown }; requestId: unknown };
  expect(typeof body.error.code).toBe('string');
  expect(typeof body.error.message).toBe('string');
  expect(typeof body.requestId).toBe('string');
  expect(response.body).not.toMatch(/node_modules|\bat \S+ \(|SQLITE_|stack/);
}

const userRow = (email: string) =>
  t.database.db.selectFrom('users').select(['name', 'image', 'email', 'role', 'email_verified']).where('email', '=', email).executeTakeFirst();
const usersCount = async () => Number((await t.database.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('identity endpoints the shop does not use are closed', () => {
  it.each([
    ['POST', '/api/auth/update-user', { name: 'x'.repeat(60_000) }],
    ['POST', '/api/auth/update-user', { name: 'Rita\r\nBcc: everyone@example.com', image: 'javascript:alert(document.cookie)' }],
    ['POST', '/api/auth/update-user', { image: 'https://tracker.example/pixel.gif?who=rita' }],
    ['POST', '/api/auth/change-email', { newEmail: 'taken-over@example.com' }],
    ['POST', '/api/auth/delete-user', {}],
    ['GET', '/api/auth/delete-user/callback?token=x', undefined],
    ['POST', '/api/auth/set-password', { newPassword: 'whatever-1' }],
    ['POST', '/api/auth/verify-password', { password: 'whatever-1' }],
    ['POST', '/api/auth/link-social', { provider: 'google' }],
    ['POST', '/api/auth/unlink-account', { providerId: 'credential' }],
    ['GET', '/api/auth/list-accounts', undefined],
    ['GET', '/api/auth/account-info', undefined],
    ['POST', '/api/auth/get-access-token', { providerId: 'google' }],
    ['POST', '/api/auth/refresh-token', { providerId: 'google' }],
    ['POST', '/api/auth/forget-password', { email: 'rita@example.com' }],
    ['GET', '/api/auth/reference', undefined],
    ['POST', '/api/auth/sign-in/anonymous', {}],
    ['GET', '/api/auth/sign-in/email', undefined],
    ['POST', '/api/auth/get-session', {}],
  ] as const)('%s %s answers 404 and changes nothing', async (method, url, payload) => {
    const before = await userRow(user.email);
    const response = await send(method, url, payload, user.headers);
    expectEnvelope(response, 404);
    expect(response.json().error.code).toBe('NOT_FOUND');
    expect(await userRow(user.email)).toEqual(before);
    expect((await t.app.inject({ url: `/api/admin/${user.email}`, headers: user.headers })).statusCode).toBe(200);
  });
});

describe('the bodies of the identity endpoints follow the shop rules', () => {
  it.each([
    ['an image URL that runs script', { image: 'javascript:alert(document.cookie)' }, 'image'],
    ['an image on another site', { image: 'https://tracker.example/pixel.gif' }, 'image'],
    ['a role', { role: 'admin' }, 'role'],
    ['a callback to another site', { callbackURL: 'https://evil.example/welcome' }, 'callbackURL'],
    ['a phone', { phone: '+44 7700 900000' }, 'phone'],
  ])('refuses a sign-up with %s and makes no account', async (_label, extra, field) => {
    const email = `extra-${field}-${Date.now()}@example.com`;
    const response = await send('POST', '/api/auth/sign-up/email', { name: 'Mallory', email, password: 'secret-pass-1', ...extra });
    expectEnvelope(response, 422);
    expect(response.json().error.fieldErrors[field]).toEqual(['This field is not accepted']);
    expect(await userRow(email)).toBeUndefined();
  });

  it.each([
    ['60 KB long', 'x'.repeat(60_000)],
    ['with a line break', 'Mallory\r\nBcc: everyone@example.com'],
    ['with a bare line feed', 'Mallory\nSecond line'],
    ['with a Unicode line separator', 'Mallory\u2028Second line'],
    ['with a control character', 'Mallory\u0007'],
  ])('refuses a name %s and makes no account', async (_label, name) => {
    const email = `name-${Date.now()}-${address}@example.com`;
    const response = await send('POST', '/api/auth/sign-up/email', { name, email, password: 'secret-pass-1' });
    expectEnvelope(response, 422);
    expect(response.json().error.fieldErrors.name).toBeDefined();
    expect(await userRow(email)).toBeUndefined();
  });

  it('keeps the name as typed otherwise, trimmed', async () => {
    const email = `plain-${Date.now()}@example.com`;
    expect((await send('POST', '/api/auth/sign-up/email', { name: '  Åsa Öberg-Núñez  ', email, password: 'secret-pass-1' })).statusCode).toBe(200);
    expect(await userRow(email)).toMatchObject({ name: 'Åsa Öberg-Núñez', image: null, role: 'user' });
  });

  it.each([
    ['/api/auth/sign-in/email', { email: 'rita@example.com', password: 'secret-pass-1', callbackURL: 'https://evil.example' }, 'callbackURL'],
    ['/api/auth/sign-in/social', { provider: 'google', callbackURL: 'https://evil.example/' }, 'callbackURL'],
    ['/api/auth/sign-in/social', { provider: 'google', callbackURL: '//evil.example/' }, 'callbackURL'],
    ['/api/auth/sign-in/social', { provider: 'google', errorCallbackURL: 'javascript:alert(1)' }, 'errorCallbackURL'],
    ['/api/auth/sign-in/social', { provider: 'google', newUserCallbackURL: '/\\evil.example' }, 'newUserCallbackURL'],
    ['/api/auth/sign-in/social', { provider: 'google', idToken: { token: 'x' } }, 'idToken'],
    ['/api/auth/sign-in/social', { provider: 'github' }, 'provider'],
    ['/api/auth/request-password-reset', { email: 'rita@example.com', redirectTo: 'https://evil.example/steal' }, 'redirectTo'],
    ['/api/auth/reset-password', { newPassword: 'secret-pass-2', token: 'abc', callbackURL: 'https://evil.example' }, 'callbackURL'],
    ['/api/auth/send-verification-email', { email: 'rita@example.com', callbackURL: 'https://evil.example' }, 'callbackURL'],
  ])('%s refuses %j (%s)', async (url, payload, field) => {
    // Rita's mails only: a sign-up's email of an earlier test may still be arriving.
    const ritasMails = () => mailsTo(t.app.config.mail.outboxDir, 'rita@example.com').length;
    const mails = ritasMails();
    const response = await send('POST', url, payload);
    expectEnvelope(response, 422);
    expect(response.json().error.fieldErrors[field]).toBeDefined();
    expect(ritasMails()).toBe(mails);
  });

  it('refuses a reset link whose return address is another site', async () => {
    const response = await send('GET', '/api/auth/reset-password/abcdefghijklmnopqrstuvwx?callbackURL=https%3A%2F%2Fevil.example%2F');
    expectEnvelope(response, 400);
    expect(response.headers.location).toBeUndefined();
  });

  it('takes bodies as JSON only', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: t.app.config.publicUrl, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Mallory&email=form%40example.com&password=secret-pass-1&image=javascript%3Aalert(1)',
      remoteAddress: remoteAddress(),
    });
    expectEnvelope(form, 415);
    expect(await userRow('form@example.com')).toBeUndefined();
  });

  it('refuses query parameters where an endpoint takes none', async () => {
    expectEnvelope(await send('GET', '/api/auth/get-session?disableRefresh=false', undefined, user.headers), 400);
    expectEnvelope(await send('POST', '/api/auth/reset-password?token=abc', { newPassword: 'secret-pass-2', token: 'abc' }), 400);
    expectEnvelope(await send('GET', '/api/auth/verify-email?token=abc&token=def'), 400);
    expectEnvelope(await send('GET', '/api/auth/reset-password/abcdefghijklmnopqrstuvwx?__proto__=x&constructor=y&callbackURL=%2F'), 400);
    expectEnvelope(await send('GET', '/api/auth/ok?__proto__[role]=admin'), 400);
  });
});

describe('no body makes a 500', () => {
  const long = 'x'.repeat(60_000);
  const shapes: unknown[] = [
    [],
    null,
    0,
    -1.5,
    'just text',
    true,
    [{ email: 'a@example.com' }],
    { email: null, password: null, name: null },
    { email: ['a@example.com'], password: ['secret-pass-1'] },
    { email: { $ne: '' }, password: { $gt: '' } },
    { email: 12, password: 1234567, name: 99, token: 5, newPassword: 7, provider: 3, currentPassword: 1, rememberMe: 'yes' },
    { email: long, password: long, name: long, token: long, newPassword: long, currentPassword: long, redirectTo: long, callbackURL: long },
    { email: 'a\r\n@example.com', password: 'pass\r\nword', name: 'A\r\nB', token: 'a\r\nb', redirectTo: '/\r\nLocation: https://evil.example' },
    { email: 'a@example.com', password: 'secret-pass-1', name: 'A', __proto__: { role: 'admin' } },
    { a: { b: { c: { d: { e: { f: [[[[[[[[]]]]]]]] } } } } } },
  ];
  const endpoints = [
    '/api/auth/sign-up/email',
    '/api/auth/sign-in/email',
    '/api/auth/sign-in/social',
    '/api/auth/sign-out',
    '/api/auth/request-password-reset',
    '/api/auth/reset-password',
    '/api/auth/change-password',
    '/api/auth/send-verification-email',
  ];

  it.each(endpoints)('POST %s answers every odd body with a 4xx envelope and makes no account', async (url) => {
    const before = await usersCount();
    for (const shape of shapes) {
      const raw = shape !== null && typeof shape === 'object' && !Array.isArray(shape) && '__proto__' in shape ? JSON.stringify(shape).replace('{', '{"__proto__":{"role":"admin"},') : JSON.stringify(shape);
      for (const headers of [{}, user.headers]) {
        const response = await send('POST', url, raw, headers);
        expectEnvelope(response, 'client-error');
      }
    }
    expect(await usersCount()).toBe(before);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    // Over the size limit.
    expectEnvelope(await send('POST', url, JSON.stringify({ name: 'x'.repeat(70 * 1024) })), 413);
    // The signed-in user is untouched.
    expect(await userRow(user.email)).toMatchObject({ name: 'Rita Rider', image: null, role: 'user' });
  });
});
