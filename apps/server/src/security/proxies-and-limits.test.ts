import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { ConfigError } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { createDatabaseRateLimitStore } from '../plugins/rate-limit-store.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { insertSignedInUser, storeTestImage } from '../test/factories.js';

const contact = { name: 'Ayesha Rahman', email: 'ayesha@example.com', phone: '+44 20 7946 0958', subject: 'Chain kit', message: 'Does the chain kit fit a 2019 MT-07?' };

describe('TRUST_PROXY', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (value?: string) => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...(value === undefined ? {} : { TRUST_PROXY: value }) });

  it('refuses true at start, naming the variable and saying what to set instead', () => {
    expect(() => load('true')).toThrow(ConfigError);
    expect(() => load('true')).toThrow(/TRUST_PROXY.*TRUST_PROXY=1/s);
  });

  it('takes a number of hops or a list of proxy addresses and ranges; unset or false trusts none', () => {
    expect(load().trustProxy).toBe(false);
    expect(load('false').trustProxy).toBe(false);
    expect(load('1').trustProxy).toBe(1);
    expect(load('127.0.0.1, 10.0.0.0/8,::1').trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    for (const wrong of ['yes', '10.0.0.0/33', '10.0.0', '1.2.3.4,proxy.example.com', '99']) {
      expect(() => load(wrong), wrong).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('behind one proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  const seen: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: '1' }, { beforeReady: (app) => app.addHook('onRequest', async (request) => void seen.push(request.ip)) });
  });
  afterAll(async () => t.close());

  it("takes the client address the proxy appended, never one the client wrote before it", async () => {
    seen.length = 0;
    await t.app.inject({ url: '/api/health', remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' } });
    await t.app.inject({ url: '/api/health', remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': '1.2.3.4' } });
    await t.app.inject({ url: '/api/health', remoteAddress: '10.0.0.5' });
    expect(seen).toEqual(['203.0.113.7', '1.2.3.4', '10.0.0.5']);
  });

  it('keeps one rate-limit bucket per client whatever first hops it forges', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/contact',
          remoteAddress: '10.0.0.5',
          headers: { 'x-forwarded-for': `6.6.${i}.${i + 1}, 198.51.100.${i}, 203.0.113.8` },
          payload: contact,
        }),
      );
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201, 429]);
    const refused = answers[5]!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS' }, requestId: expect.any(String) });
    // Another client behind the same proxy has its own bucket.
    const other = await t.app.inject({ method: 'POST', url: '/api/contact', remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': '203.0.113.9' }, payload: contact });
    expect(other.statusCode).toBe(201);
  });
});

describe('behind listed proxies (TRUST_PROXY=127.0.0.1,10.0.0.0/8)', () => {
  let t: TestApp;
  const seen: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' }, { beforeReady: (app) => app.addHook('onRequest', async (request) => void seen.push(request.ip)) });
  });
  afterAll(async () => t.close());

  it('believes X-Forwarded-For only from a listed proxy, and only as far as listed proxies go', async () => {
    seen.length = 0;
    const forged = { 'x-forwarded-for': '6.6.6.6, 203.0.113.7, 10.1.2.3' };
    await t.app.inject({ url: '/api/health', remoteAddress: '10.0.0.5', headers: forged });
    await t.app.inject({ url: '/api/health', remoteAddress: '198.51.100.20', headers: forged });
    expect(seen).toEqual(['203.0.113.7', '198.51.100.20']);
  });
});

describe('rate limits that hold', () => {
  let t: TestApp;
  let img = '';
  const rateLimitRows = async () => Number((await t.database.db.selectFrom('rate_limits').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await buildTestApp();
    img = await storeTestImage(t.app);
  });
  afterAll(async () => t.close());

  it('writes no counter for a caller without a valid token on routes that need one', async () => {
    const before = await rateLimitRows();
    const long = `Bearer ${'x'.repeat(3000)}`;
    for (let i = 0; i < 50; i++) {
      const response = await t.app.inject({ method: 'POST', url: '/api/review', headers: { authorization: `${long}${i}` }, payload: { review: 'Good', ratings: 5, img } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    }
    for (const authorization of [undefined, 'Basic abc', `Bearer ${'y'.repeat(3000)}`]) {
      const headers = { 'content-type': 'multipart/form-data; boundary=x', ...(authorization ? { authorization } : {}) };
      expect((await t.app.inject({ method: 'POST', url: '/api/images', headers, payload: '--x--' })).statusCode).toBe(401);
    }
    expect(await rateLimitRows()).toBe(before);
  });

  it('lets one account post 10 reviews in 10 minutes, whichever of its sessions it uses; the 11th is 429 with Retry-After', async () => {
    const rider = await insertSignedInUser(t.database.db);
    const riderId = (await t.database.db.selectFrom('users').select('id').where('email', '=', rider.email).executeTakeFirstOrThrow()).id;
    const secondToken = `${newId()}secondsession`;
    const now = new Date();
    await t.database.db
      .insertInto('sessions')
      .values({ id: newId(), token: secondToken, user_id: riderId, expires_at: new Date(now.getTime() + 3600_000).toISOString(), created_at: now.toISOString(), updated_at: now.toISOString(), ip_address: null, user_agent: null })
      .execute();
    const review = (authorization: string) => t.app.inject({ method: 'POST', url: '/api/review', headers: { authorization }, payload: { review: 'Good pads', ratings: 5, img } });

    for (let i = 0; i < 10; i++) expect((await review(i % 2 ? rider.headers.authorization : `Bearer ${secondToken}`)).statusCode).toBe(201);
    for (const authorization of [rider.headers.authorization, `Bearer ${secondToken}`]) {
      const refused = await review(authorization);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
      expect(refused.json()).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS' }, requestId: expect.any(String) });
    }
    const other = await insertSignedInUser(t.database.db);
    expect((await review(other.headers.authorization)).statusCode).toBe(201);
    const buckets = await t.database.db.selectFrom('rate_limits').select(['key', 'count']).where('key', 'like', 'POST /api/review|%').execute();
    expect(buckets).toHaveLength(2);
    expect(buckets).toContainEqual({ key: `POST /api/review|account|${riderId}`, count: 12 });
  });

  it('stores a 5000-character key bounded and keeps counting it', async () => {
    const Store = createDatabaseRateLimitStore(t.database.db, t.app.log);
    const store = new Store().child({ routeInfo: { method: 'POST', url: '/api/long-keys' } });
    const incr = (key: string) =>
      new Promise<number>((resolve, reject) => store.incr(key, (error, result) => (error ? reject(error) : resolve(result!.current)), 60_000));
    const long = 'k'.repeat(5000);
    expect([await incr(long), await incr(long), await incr(long)]).toEqual([1, 2, 3]);
    expect(await incr(`${'k'.repeat(4999)}j`)).toBe(1);
    expect(await incr('with\u0000nul')).toBe(1);
    const { longest } = await t.database.db
      .selectFrom('rate_limits')
      .select(sql<number>`max(length(key))`.as('longest'))
      .executeTakeFirstOrThrow();
    expect(Number(longest)).toBeLessThanOrEqual(100);
  });

  it('counts each route on its own, even for the same caller', async () => {
    const Store = createDatabaseRateLimitStore(t.database.db, t.app.log);
    const route = (url: string) => new Store().child({ routeInfo: { method: 'POST', url } });
    const incr = (store: ReturnType<typeof route>) =>
      new Promise<number>((resolve, reject) => store.incr('address|192.0.2.77', (error, result) => (error ? reject(error) : resolve(result!.current)), 60_000));
    const first = route('/api/first');
    const second = route('/api/second');
    expect([await incr(first), await incr(first), await incr(second)]).toEqual([1, 2, 1]);
    const keys = await t.database.db.selectFrom('rate_limits').select('key').where('key', 'like', '%192.0.2.77').execute();
    expect(keys.map((row) => row.key).sort()).toEqual(['POST /api/first|address|192.0.2.77', 'POST /api/second|address|192.0.2.77']);
  });

  it('fails closed on signing in and open elsewhere when the counters cannot be written', async () => {
    const signIn = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: '192.0.2.44', headers: { origin: t.app.config.publicUrl }, payload: { email: 'nobody@example.com', password: 'not-the-password' } });
    await sql`alter table rate_limits rename to rate_limits_away`.execute(t.database.db);
    try {
      const refused = await signIn();
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' }, requestId: expect.any(String) });
      expect(refused.body).not.toMatch(/rate_limits|sql|no such table|relation/i);
      const message = await t.app.inject({ method: 'POST', url: '/api/contact', remoteAddress: '192.0.2.45', payload: contact });
      expect(message.statusCode).toBe(201);
    } finally {
      await sql`alter table rate_limits_away rename to rate_limits`.execute(t.database.db);
    }
    expect((await signIn()).statusCode).toBe(401);
  });
});
