import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createUser, type SignedInUser } from '../../test/auth-helpers.js';

let t: TestApp;
let port: number;
let victim: SignedInUser;
beforeAll(async () => {
  t = await buildTestApp();
  victim = await createUser(t.app, t.database.db, { name: 'Victor' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t.close());

/**
 * A request over a real socket with the request target exactly as given (no client library
 * tidies it): dot segments, percent-encoding, absolute form. Every one comes from 127.0.0.1.
 */
function rawRequest(method: string, target: string, body?: unknown): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: target,
        headers: {
          origin: t.app.config.publicUrl,
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text, headers: response.headers }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** Spellings of one endpoint path that reach the identity route. */
const spellingsOf = (path: string) => [
  `/api/auth${path}`,
  `/api/auth/.${path}`,
  `/api/auth/x/..${path}`,
  `/api/auth${path.replace(/\/([^/]+)$/, '/./$1')}`,
  `/api/auth${path.replace(/^\/([a-z])/, (_, letter: string) => `/%${letter.charCodeAt(0).toString(16)}`)}`,
  `/api/auth${path.replace(/^\/([a-z])/, (_, letter: string) => `/%25${letter.charCodeAt(0).toString(16)}`)}`,
  `/api/auth${path.replace(/\/([^/]+)$/, '%2F$1')}`,
  `http://127.0.0.1:${port}/api/auth${path}`,
  `http://evil.example/api/auth${path}`,
  `/api/auth${path}/`,
  `/api/auth/${path}`,
  `/api/auth${path.toUpperCase()}`,
  `/api/auth${path};x=1`,
  `/api/auth${path}#fragment`,
  `/api/%61uth${path}`,
];

const sessionsOf = async (email: string) =>
  Number(
    (
      await t.database.db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('users.email', '=', email)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('identity rate limits, whatever the spelling of the path', () => {
  it('counts sign-in attempts of every spelling together: the 11th from one address is 429', async () => {
    const spellings = spellingsOf('/sign-in/email');
    const sessionsBefore = await sessionsOf(victim.email);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const target = spellings[attempt % spellings.length]!;
      // The odd spellings even carry the right password: they must not open the account either.
      const password = target === '/api/auth/sign-in/email' ? `guess-${attempt}` : victim.password;
      const response = await rawRequest('POST', target, { email: victim.email, password });
      statuses.push(response.status);
      if (attempt > 0 && attempt < 10) {
        expect(response.status, target).toBe(404);
        expect(JSON.parse(response.body).error.code).toBe('NOT_FOUND');
      }
    }
    expect(statuses[0]).toBe(401);
    expect(statuses[10]).toBe(429);
    // The limit holds for every spelling now, the plain one with the right password included.
    for (const target of spellings) {
      const response = await rawRequest('POST', target, { email: victim.email, password: victim.password });
      expect(response.status, target).toBe(429);
      expect(JSON.parse(response.body).error.code).toBe('TOO_MANY_REQUESTS');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await sessionsOf(victim.email)).toBe(sessionsBefore);
  });

  it('refuses spellings the router does not take, without signing anyone in', async () => {
    const sessionsBefore = await sessionsOf(victim.email);
    for (const target of ['//api/auth/sign-in/email', '/api//auth/sign-in/email', '/api/./auth/sign-in/email', '/API/auth/sign-in/email']) {
      const response = await rawRequest('POST', target, { email: victim.email, password: victim.password });
      expect(response.status, target).toBe(404);
      expect(JSON.parse(response.body).error.code).toBe('NOT_FOUND');
    }
    expect(await sessionsOf(victim.email)).toBe(sessionsBefore);
  });

  it('holds the sign-up (5) and password reset (3) limits the same way', async () => {
    const signUps = spellingsOf('/sign-up/email');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const target = signUps[attempt]!;
      statuses.push((await rawRequest('POST', target, { name: 'Spam', email: `spam${attempt}@example.com`, password: 'secret-pass-1' })).status);
    }
    expect(statuses[0]).toBe(200);
    expect(statuses.slice(1, 5).every((status) => status === 404)).toBe(true);
    expect(statuses[5]).toBe(429);
    expect((await rawRequest('POST', '/api/auth/sign-up/email', { name: 'Spam', email: 'spam-late@example.com', password: 'secret-pass-1' })).status).toBe(429);

    const resets = spellingsOf('/request-password-reset');
    const resetStatuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      resetStatuses.push((await rawRequest('POST', resets[(attempt * 4) % resets.length]!, { email: victim.email })).status);
    }
    expect(resetStatuses[0]).toBe(200);
    expect(resetStatuses[3]).toBe(429);
    expect((await rawRequest('POST', '/api/auth/request-password-reset', { email: victim.email })).status).toBe(429);
  });

  it('fails closed: while the counters cannot be kept, sign-in is refused with 503, not let through', async () => {
    const sessionsBefore = await sessionsOf(victim.email);
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: t.app.config.publicUrl },
        payload: { email: victim.email, password: victim.password },
        remoteAddress: '10.99.0.1',
      });
    await sql`alter table rate_limits rename to rate_limits_away`.execute(t.database.db);
    try {
      for (let i = 0; i < 3; i++) {
        const response = await attempt();
        expect(response.statusCode).toBe(503);
        expect(response.json().error.code).toBe('SERVICE_UNAVAILABLE');
        expect(response.headers['retry-after']).toBe('5');
        expect(response.headers['set-cookie']).toBeUndefined();
      }
      expect(await sessionsOf(victim.email)).toBe(sessionsBefore);
    } finally {
      await sql`alter table rate_limits_away rename to rate_limits`.execute(t.database.db);
    }
    expect((await attempt()).statusCode).toBe(200);
  });
});
