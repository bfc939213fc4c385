import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createUser, signIn } from '../../test/auth-helpers.js';
import { readOutbox } from '../../test/outbox.js';

let t: TestApp;
let ip = 0;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

/** Emails leave in the background: waits for the ones to `to` that `match`, and answers them. */
async function mailsTo(to: string, match: string, count = 1): Promise<string[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mails = readOutbox(t.app.config.mail.outboxDir).filter((text) => text.includes(`To: ${to}`) && text.includes(match));
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { origin: t.app.config.publicUrl, ...headers },
    remoteAddress: `10.7.${Math.floor(++ip / 250)}.${ip % 250}`,
  });

describe('sign-up rules (SPEC section 5, checked by the server)', () => {
  it.each([
    [{ name: '', email: 'a@example.com', password: 'secret1' }, 'name', 'Name is Required'],
    [{ name: 'Al', email: '', password: 'secret1' }, 'email', 'Email is Required'],
    [{ name: 'Al', email: 'not-an-email', password: 'secret1' }, 'email', 'Please provide a valid email'],
    [{ name: 'Al', email: 'al@localhost', password: 'secret1' }, 'email', 'Please provide a valid email'],
    [{ name: 'Al', email: 'al@example.com', password: '' }, 'password', 'Password is Required'],
    [{ name: 'Al', email: 'al@example.com', password: '12345' }, 'password', 'Must be 6 charecters or longer'],
    [{ name: 'Al', email: 'al@example.com', password: 'x'.repeat(129) }, 'password', 'Must be 128 characters or fewer'],
    [{ name: 'x'.repeat(121), email: 'al@example.com', password: 'secret1' }, 'name', 'Must be at most 120 characters'],
  ])('rejects %j with 422 on %s', async (payload, field, message) => {
    const response = await post('/api/auth/sign-up/email', payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fieldErrors[field]).toContain(message);
    const rows = await t.database.db.selectFrom('users').select('email').where('email', '=', payload.email).execute();
    expect(rows).toEqual([]);
  });

  it('answers malformed JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'content-type': 'application/json', origin: t.app.config.publicUrl },
      payload: '{"name":',
      remoteAddress: '10.7.99.1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_REQUEST');
  });
});

describe('accounts and tokens', () => {
  it('signs up, signs in and exchanges the session for a bearer token; email case is normalised', async () => {
    const user = await createUser(t.app, t.database.db, { email: 'Casey.Rider@Example.COM', password: 'ride-safe-1' });
    expect(user.email).toBe('casey.rider@example.com');
    const admin = await t.app.inject({ url: `/api/admin/${user.email}`, headers: user.headers });
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toEqual({ admin: false, staff: false });
    const again = await signIn(t.app, 'casey.rider@example.com', 'ride-safe-1');
    expect(again.token).not.toBe(user.token);
  });

  it('sends a confirmation email at sign-up; the account works at once, and the link confirms the address', async () => {
    const user = await createUser(t.app, t.database.db, { name: 'Nova', email: 'nova.rider@example.com' });
    const verified = async () =>
      Boolean((await t.database.db.selectFrom('users').select('email_verified').where('email', '=', user.email).executeTakeFirstOrThrow()).email_verified);
    expect(await verified()).toBe(false);
    // Signed in right away, unconfirmed.
    expect((await t.app.inject({ url: `/api/admin/${user.email}`, headers: user.headers })).statusCode).toBe(200);

    const [mail] = await mailsTo(user.email, 'Confirm your Moto Parts email address');
    expect(mail).toBeTruthy();
    const link = new URL(/(http:\/\/\S+\/api\/auth\/verify-email\?\S+)/.exec(mail!)![1]!);
    // It lands on home, which says the address is confirmed (or why not).
    expect(link.searchParams.get('callbackURL')).toBe('/?emailConfirmation=1');
    // A made-up or edited token confirms nothing.
    const forgedLink = new URL(link);
    forgedLink.searchParams.set('token', `${link.searchParams.get('token')!.slice(0, -3)}abc`);
    const forged = await t.app.inject({ url: forgedLink.pathname + forgedLink.search });
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toBe('/?emailConfirmation=1&error=INVALID_TOKEN');
    expect(await verified()).toBe(false);

    const follow = await t.app.inject({ url: link.pathname + link.search });
    expect(follow.statusCode).toBe(302);
    expect(follow.headers.location).toBe('/?emailConfirmation=1');
    expect(follow.headers['set-cookie']).toBeUndefined();
    expect(await verified()).toBe(true);
  });

  it('never lets a client choose its own role', async () => {
    const response = await post('/api/auth/sign-up/email', { name: 'Mal', email: 'mal@example.com', password: 'secret12', role: 'admin' });
    expect(response.statusCode).toBeLessThan(500);
    const row = await t.database.db.selectFrom('users').select('role').where('email', '=', 'mal@example.com').executeTakeFirst();
    expect(row?.role ?? 'user').toBe('user');
  });

  it('answers a sign-up with a taken email like any other, and tells the owner by email', async () => {
    const owner = await createUser(t.app, t.database.db, { name: 'Owner' });
    const response = await post('/api/auth/sign-up/email', { name: 'Someone', email: owner.email, password: 'another-pass' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await mailsTo(owner.email, 'already has one')).toHaveLength(1);
    // The owner's password still works and the intruder's does not.
    expect((await post('/api/auth/sign-in/email', { email: owner.email, password: 'another-pass' })).statusCode).toBe(401);
    await expect(signIn(t.app, owner.email, owner.password)).resolves.toMatchObject({ email: owner.email });
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const user = await createUser(t.app, t.database.db);
    const wrong = await post('/api/auth/sign-in/email', { email: user.email, password: 'wrong-password' });
    const unknown = await post('/api/auth/sign-in/email', { email: 'nobody@example.com', password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error).toEqual(unknown.json().error);
  });

  it('gives a token only to the holder of that email session', async () => {
    const alice = await createUser(t.app, t.database.db);
    const bob = await createUser(t.app, t.database.db);
    const none = await t.app.inject({ method: 'PUT', url: `/api/user/${alice.email}`, payload: { email: alice.email } });
    expect(none.statusCode).toBe(401);
    expect(none.json()).not.toHaveProperty('token');
    const other = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${alice.email}`,
      headers: { cookie: bob.cookie },
      payload: { email: alice.email },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).not.toHaveProperty('token');
    const mismatch = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${bob.email}`,
      headers: { cookie: bob.cookie },
      payload: { email: alice.email },
    });
    expect(mismatch.statusCode).toBe(403);
  });

  it.each([
    ['a made-up token', 'Bearer madeuptoken123'],
    ['a forged signed token', 'Bearer abc.def'],
    ['a token with an edited signature', null],
    ['a non-bearer scheme', 'Basic dXNlcjpwYXNz'],
  ])('refuses %s with 401', async (_label, header) => {
    const user = await createUser(t.app, t.database.db);
    const authorization = header ?? `Bearer ${user.token.slice(0, -2)}xx`;
    const response = await t.app.inject({ url: `/api/admin/${user.email}`, headers: { authorization } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHORIZED');
  });

  it('ends the token at sign-out', async () => {
    const user = await createUser(t.app, t.database.db);
    const out = await post('/api/auth/sign-out', {}, user.headers);
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: `/api/admin/${user.email}`, headers: user.headers });
    expect(after.statusCode).toBe(401);
  });

  it('refuses an expired session', async () => {
    const user = await createUser(t.app, t.database.db);
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() as never })
      .where('token', '=', user.token)
      .execute();
    const response = await t.app.inject({ url: `/api/admin/${user.email}`, headers: user.headers });
    expect(response.statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('answers alike for known and unknown emails, and sends the link only to the known one', async () => {
    const user = await createUser(t.app, t.database.db, { name: 'Forgetful' });
    const known = await post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
    const unknown = await post('/api/auth/request-password-reset', { email: 'ghost@example.com', redirectTo: '/reset-password' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const mails = await mailsTo(user.email, '/api/auth/reset-password/');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(await mailsTo('ghost@example.com', '', 0)).toEqual([]);

    // Following the link answers a redirect to the shop's reset page with the token.
    const link = /(http:\/\/\S+\/api\/auth\/reset-password\/\S+)/.exec(mail)?.[1];
    expect(link).toBeTruthy();
    const follow = await t.app.inject({ url: new URL(link!).pathname + new URL(link!).search });
    expect(follow.statusCode).toBe(302);
    const location = new URL(String(follow.headers.location), t.app.config.publicUrl);
    expect(location.pathname).toBe('/reset-password');
    const token = location.searchParams.get('token');
    expect(token).toBeTruthy();

    const short = await post('/api/auth/reset-password', { newPassword: '123', token });
    expect(short.statusCode).toBe(422);
    expect(short.json().error.fieldErrors.newPassword).toContain('Must be 6 charecters or longer');

    const reset = await post('/api/auth/reset-password', { newPassword: 'brand-new-pass', token });
    expect(reset.statusCode).toBe(200);
    // Old sessions end; the new password works; the old one does not; the link is single-use.
    expect((await t.app.inject({ url: `/api/admin/${user.email}`, headers: user.headers })).statusCode).toBe(401);
    expect((await post('/api/auth/sign-in/email', { email: user.email, password: user.password })).statusCode).toBe(401);
    await expect(signIn(t.app, user.email, 'brand-new-pass')).resolves.toMatchObject({ email: user.email });
    expect((await post('/api/auth/reset-password', { newPassword: 'another-new-pass', token })).statusCode).toBe(400);
  });

  it('asks for the email when none is typed', async () => {
    const response = await post('/api/auth/request-password-reset', { email: '' });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fieldErrors.email).toContain('Enter your Email');
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts from one address with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: t.app.config.publicUrl },
        payload: { email: 'victim@example.com', password: `guess-${attempt}` },
        remoteAddress: '10.66.66.66',
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        expect(response.json().error.code).toBe('TOO_MANY_REQUESTS');
      }
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
