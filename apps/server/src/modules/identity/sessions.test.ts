import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createUser, signIn, sessionTimes, setSessionTimes } from '../../test/auth-helpers.js';
import { SESSION_MAX_AGE_SECONDS, SESSION_TTL_SECONDS, SHORT_SESSION_SECONDS, sessionRenewal } from './session-policy.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const DAY = 24 * 60 * 60 * 1000;
const millis = (value: Date | string) => new Date(value).getTime();

const apiCall = (headers: { authorization: string }, email: string) => t.app.inject({ url: `/api/admin/${email}`, headers });

describe('the life of a session (session-policy.ts)', () => {
  it('renews a remembered session in use after its first day, up to 30 days after its start; never one without remember me', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const at = now.getTime();
    expect(sessionRenewal({ createdAt: new Date(at - 2 * DAY), expiresAt: new Date(at + 5 * DAY) }, now)).toEqual({
      active: true,
      renewTo: new Date(at + SESSION_TTL_SECONDS * 1000),
    });
    // Used within its first day: nothing to write.
    expect(sessionRenewal({ createdAt: new Date(at - DAY / 2), expiresAt: new Date(at + 6.5 * DAY) }, now)).toEqual({ active: true, renewTo: null });
    // Without remember me: one day, never renewed.
    expect(sessionRenewal({ createdAt: new Date(at - DAY / 2), expiresAt: new Date(at + DAY / 2) }, now)).toEqual({ active: true, renewTo: null });
    expect(sessionRenewal({ createdAt: new Date(at - DAY - 1), expiresAt: new Date(at - 1) }, now)).toEqual({ active: false });
    // Near the absolute limit: renewed only up to it, and over it: ended, whatever expires_at says.
    expect(sessionRenewal({ createdAt: new Date(at - 29.5 * DAY), expiresAt: new Date(at + DAY / 4) }, now)).toEqual({
      active: true,
      renewTo: new Date(at - 29.5 * DAY + SESSION_MAX_AGE_SECONDS * 1000),
    });
    expect(sessionRenewal({ createdAt: new Date(at - 31 * DAY), expiresAt: new Date(at + 3 * DAY) }, now)).toEqual({ active: false });
    // Timestamps as the databases hand them back (strings on SQLite).
    expect(sessionRenewal({ createdAt: new Date(at - 2 * DAY).toISOString(), expiresAt: new Date(at + 5 * DAY).toISOString() }, now)).toMatchObject({ active: true });
  });
});

describe('sessions through the API', () => {
  it('keeps the one-day life of a session started without remember me, however it is used', async () => {
    const user = await createUser(t.app, t.database.db);
    const short = await signIn(t.app, user.email, user.password, { rememberMe: false });
    const before = await sessionTimes(t.database.db, short.token);
    expect(millis(before.expires_at) - millis(before.created_at)).toBeLessThanOrEqual(SHORT_SESSION_SECONDS * 1000 + 1000);

    // The attacker's hope: any use stretches it to the 7 days of a remembered session.
    expect((await apiCall(short.headers, user.email)).statusCode).toBe(200);
    expect((await apiCall(short.headers, user.email)).statusCode).toBe(200);
    const read = await t.app.inject({ url: '/api/auth/get-session', headers: short.headers });
    expect(read.json().user.email).toBe(user.email);
    const after = await sessionTimes(t.database.db, short.token);
    expect(millis(after.expires_at)).toBe(millis(before.expires_at));
  });

  it('slides a remembered session while it is used, never past 30 days from sign-in', async () => {
    const user = await createUser(t.app, t.database.db);
    const now = Date.now();

    // Two days old, five days left: this use renews it for seven days from now.
    await setSessionTimes(t.database.db, user.token, now - 2 * DAY, now + 5 * DAY);
    expect((await apiCall(user.headers, user.email)).statusCode).toBe(200);
    const renewed = millis((await sessionTimes(t.database.db, user.token)).expires_at);
    expect(renewed).toBeGreaterThan(now + 6.9 * DAY);
    expect(renewed).toBeLessThanOrEqual(Date.now() + SESSION_TTL_SECONDS * 1000);

    // Used daily for almost a month: renewed only up to 30 days after it started.
    const createdAt = now - 29.5 * DAY;
    await setSessionTimes(t.database.db, user.token, createdAt, now + DAY / 4);
    expect((await apiCall(user.headers, user.email)).statusCode).toBe(200);
    const capped = millis((await sessionTimes(t.database.db, user.token)).expires_at);
    expect(capped).toBeLessThanOrEqual(createdAt + SESSION_MAX_AGE_SECONDS * 1000);
    expect(capped).toBeGreaterThan(now + DAY / 4);

    // Past the absolute limit (a row renewed before the limit existed): ended.
    await setSessionTimes(t.database.db, user.token, now - 31 * DAY, now + 3 * DAY);
    const ended = await apiCall(user.headers, user.email);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error.code).toBe('UNAUTHORIZED');
  });

  it('never lets Better Auth renew a session on its own (renewal is the shop rule above)', async () => {
    const user = await createUser(t.app, t.database.db);
    const now = Date.now();
    await setSessionTimes(t.database.db, user.token, now - 3 * DAY, now + 4 * DAY);
    const read = await t.app.inject({ url: '/api/auth/get-session', headers: user.headers });
    expect(read.statusCode).toBe(200);
    expect(millis((await sessionTimes(t.database.db, user.token)).expires_at)).toBeLessThanOrEqual(now + 4 * DAY + 1000);
  });

  it('ends every other session when the password changes, even when asked not to', async () => {
    const user = await createUser(t.app, t.database.db);
    const laptop = await signIn(t.app, user.email, user.password);
    const stolen = await signIn(t.app, user.email, user.password);

    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { ...laptop.headers, origin: t.app.config.publicUrl },
      payload: { currentPassword: user.password, newPassword: 'a-brand-new-secret', revokeOtherSessions: false },
    });
    expect(change.statusCode).toBe(200);
    const fresh = change.json().token as string;
    expect(fresh).toBeTruthy();

    for (const old of [user, laptop, stolen]) expect((await apiCall(old.headers, user.email)).statusCode).toBe(401);
    expect((await apiCall({ authorization: `Bearer ${fresh}` }, user.email)).statusCode).toBe(200);
    const sessions = await t.database.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.token')
      .where('users.email', '=', user.email)
      .execute();
    expect(sessions.map((row) => row.token)).toEqual([fresh]);
    await expect(signIn(t.app, user.email, user.password)).rejects.toThrow(/401/);
    await expect(signIn(t.app, user.email, 'a-brand-new-secret')).resolves.toMatchObject({ email: user.email });
  });

  it('refuses a password change with a wrong current password and changes nothing', async () => {
    const user = await createUser(t.app, t.database.db);
    const other = await signIn(t.app, user.email, user.password);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { ...user.headers, origin: t.app.config.publicUrl },
      payload: { currentPassword: 'not-the-password', newPassword: 'a-brand-new-secret' },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().error.code).toBe('INVALID_PASSWORD');
    expect((await apiCall(other.headers, user.email)).statusCode).toBe(200);
    await expect(signIn(t.app, user.email, user.password)).resolves.toMatchObject({ email: user.email });
  });

  it("never hands out another session's token: listing sessions is closed", async () => {
    const user = await createUser(t.app, t.database.db);
    const other = await signIn(t.app, user.email, user.password);
    for (const url of ['/api/auth/list-sessions', '/api/auth/list-accounts']) {
      const response = await t.app.inject({ url, headers: user.headers });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
      expect(response.body).not.toContain(other.token);
    }
    // Nor can another session be ended or renewed through Better Auth's session endpoints.
    for (const url of ['/api/auth/revoke-session', '/api/auth/revoke-sessions', '/api/auth/revoke-other-sessions', '/api/auth/update-session']) {
      const response = await t.app.inject({ method: 'POST', url, headers: { ...user.headers, origin: t.app.config.publicUrl }, payload: { token: other.token } });
      expect(response.statusCode).toBe(404);
    }
    expect((await apiCall(other.headers, user.email)).statusCode).toBe(200);
  });
});
