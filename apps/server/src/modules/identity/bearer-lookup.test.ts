import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, type SignedInUser, sessionTimes, setSessionTimes } from '../../test/auth-helpers.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertSignedInUser } from '../../test/factories.js';
import { SESSION_MAX_AGE_SECONDS, SESSION_TTL_SECONDS } from './session-policy.js';

/**
 * The API reads the bearer token itself (`app.identity.userFromBearerToken`: one query) rather
 * than through Better Auth's `getSession`. These tests hold the two to the same answer for every
 * state a session can be in, so a Better Auth upgrade that changes its token format, its
 * session rows or what ends a session fails here (docs/decisions/009-bearer-session-lookup.md).
 * Ours is asked first: Better Auth removes an expired session it is asked about.
 */

let t: TestApp;
let ip = 0;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const DAY = 24 * 60 * 60 * 1000;
const millis = (value: Date | string) => new Date(value).getTime();

/** Who each side sees behind a bearer value, in the same terms. */
async function bothLookups(value: string) {
  const ours = await t.app.identity.userFromBearerToken(value);
  const theirs = await t.app.auth.api.getSession({ headers: new Headers({ authorization: `Bearer ${value}` }), query: { disableCookieCache: true } });
  return {
    ours: ours && { id: ours.id, email: ours.email, name: ours.name, role: ours.role, token: ours.sessionToken },
    theirs: theirs && {
      id: theirs.user.id,
      email: theirs.user.email,
      name: theirs.user.name,
      role: (theirs.user as { role?: unknown }).role,
      token: theirs.session.token,
    },
    theirExpiry: theirs ? millis(theirs.session.expiresAt) : null,
  };
}

async function expectAgreement(value: string, expected: SignedInUser | null) {
  const { ours, theirs } = await bothLookups(value);
  expect(ours).toEqual(theirs);
  if (expected) expect(ours).toMatchObject({ email: expected.email, token: expected.token });
  else expect(ours).toBeNull();
}

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: t.app.config.publicUrl, ...headers }, remoteAddress: `10.9.${Math.floor(++ip / 250)}.${ip % 250}` });

describe('the bearer lookup and Better Auth agree', () => {
  it('on a live session, by its raw token (what PUT /user/{email} hands out)', async () => {
    const user = await createUser(t.app, t.database.db);
    await expectAgreement(user.token, user);
  });

  it("on Better Auth's signed token form, as its set-auth-token header gives it, encoded or not", async () => {
    const user = await createUser(t.app, t.database.db);
    const response = await post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(response.statusCode).toBe(200);
    const signed = String(response.headers['set-auth-token']);
    expect(signed).toContain('.');
    const token = decodeURIComponent(signed).split('.')[0]!;
    const session = { ...user, token };
    await expectAgreement(signed, session);
    await expectAgreement(decodeURIComponent(signed), session);
    // The same token under a signature made with another secret, or cut short: nobody.
    await expectAgreement(`${token}.${decodeURIComponent(signed).split('.')[1]!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`, null);
    await expectAgreement(signed.slice(0, -6), null);
  });

  it('on a token that names no session', async () => {
    await expectAgreement('a'.repeat(32), null);
  });

  it('on an expired session', async () => {
    const user = await createUser(t.app, t.database.db);
    await setSessionTimes(t.database.db, user.token, Date.now() - 2 * DAY, Date.now() - 1000);
    await expectAgreement(user.token, null);
  });

  it('on a session our lookup has just renewed: Better Auth reads the renewed expiry', async () => {
    const user = await createUser(t.app, t.database.db);
    const now = Date.now();
    // Two days old, five days left: in use, it is renewed for seven days from now.
    await setSessionTimes(t.database.db, user.token, now - 2 * DAY, now + 5 * DAY);
    const { ours, theirs, theirExpiry } = await bothLookups(user.token);
    expect(ours).toEqual(theirs);
    expect(ours).toMatchObject({ email: user.email });
    const renewed = millis((await sessionTimes(t.database.db, user.token)).expires_at);
    expect(renewed).toBeGreaterThan(now + 6.9 * DAY);
    expect(renewed).toBeLessThanOrEqual(Date.now() + SESSION_TTL_SECONDS * 1000);
    expect(theirExpiry).toBe(renewed);
  });

  it('on a session ended by signing out', async () => {
    const user = await createUser(t.app, t.database.db);
    const laptop = await signIn(t.app, user.email, user.password);
    expect((await post('/api/auth/sign-out', {}, user.headers)).statusCode).toBe(200);
    await expectAgreement(user.token, null);
    // Only that session: the account's other one lives on for both.
    await expectAgreement(laptop.token, { ...user, token: laptop.token });
  });

  it('on the sessions of a removed account, and on a changed role', async () => {
    const admin = await insertSignedInUser(t.database.db, { role: 'admin' });
    const user = await createUser(t.app, t.database.db);
    await t.database.db.updateTable('users').set({ role: 'admin' }).where('email', '=', user.email).execute();
    expect((await bothLookups(user.token)).theirs?.role).toBe('admin');
    await expectAgreement(user.token, user);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/user/admin/${user.email}`, headers: admin.headers });
    expect(removed.statusCode).toBe(200);
    await expectAgreement(user.token, null);
  });
});

describe('where the shop rules differ from Better Auth on purpose (session-policy.ts)', () => {
  it("a session without 'remember me' is never renewed: neither side lengthens it", async () => {
    const user = await createUser(t.app, t.database.db);
    const short = await signIn(t.app, user.email, user.password, { rememberMe: false });
    // Better Auth tells such a session apart only by a browser cookie, which bearer calls never
    // carry: its own refresh would lengthen it to seven days. Its refresh is off (auth.ts) and
    // ours reads the row, where the session's one-day life shows.
    const now = Date.now();
    await setSessionTimes(t.database.db, short.token, now - DAY + 60 * 60 * 1000, now + 60 * 60 * 1000);
    await expectAgreement(short.token, { ...user, token: short.token });
    expect(millis((await sessionTimes(t.database.db, short.token)).expires_at)).toBe(now + 60 * 60 * 1000);
  });

  it('no session outlives 30 days from sign-in on the API, though Better Auth would still take it', async () => {
    const user = await createUser(t.app, t.database.db);
    const now = Date.now();
    // Only a row lengthened by something other than our lookup gets here (ours stops at the cap).
    await setSessionTimes(t.database.db, user.token, now - SESSION_MAX_AGE_SECONDS * 1000 - DAY, now + 3 * DAY);
    const { ours, theirs } = await bothLookups(user.token);
    expect(ours).toBeNull();
    expect(theirs).toMatchObject({ email: user.email, token: user.token });
  });
});
