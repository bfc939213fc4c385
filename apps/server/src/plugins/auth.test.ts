import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { insertSignedInUser } from '../test/factories.js';
import { errorsPlugin } from './errors.js';
import { authPlugin } from './auth.js';

/**
 * The access check is the default of every route added to the API's scope: a route that
 * forgets to declare who may call it needs a signed-in user, and the check runs before the
 * body is read. Proved on a route added here, beside the shop's real identity plugin and database.
 */
let t: TestApp;
let app: FastifyInstance;
let customer: Awaited<ReturnType<typeof insertSignedInUser>>;
let admin: Awaited<ReturnType<typeof insertSignedInUser>>;
let bodiesRead = 0;

beforeAll(async () => {
  t = await buildTestApp();
  customer = await insertSignedInUser(t.database.db);
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
  app = Fastify({ logger: false });
  app.decorate('config', t.app.config);
  app.decorate('database', t.database);
  await app.register(fp(async () => {}, { name: 'database' }));
  await app.register(errorsPlugin);
  await app.register(authPlugin, { identity: t.app.identity });
  await app.register(async (api) => {
    app.guardRoutes(api);
    api.addHook('preValidation', async () => {
      bodiesRead++;
    });
    api.post('/forgot-to-say', async (request) => ({ by: request.user?.email }));
    api.post('/admins', { config: { access: 'admin' } }, async () => ({ ok: true }));
    api.post('/anyone', { config: { access: 'public' } }, async () => ({ ok: true }));
    api.get('/browse', { config: { access: 'public-priced' } }, async (request) => ({ by: request.user?.email ?? null, discount: request.buyerDiscount }));
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('access by default', () => {
  it('a route that declares nothing refuses a visitor with 401 before reading the body', async () => {
    const before = bodiesRead;
    for (const payload of ['{"broken": ', JSON.stringify({ fine: true })]) {
      const response = await app.inject({ method: 'POST', url: '/forgot-to-say', headers: { 'content-type': 'application/json' }, payload });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHORIZED');
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect(bodiesRead).toBe(before);
  });

  it('a route that declares nothing serves a signed-in user', async () => {
    const response = await app.inject({ method: 'POST', url: '/forgot-to-say', headers: customer.headers, payload: {} });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ by: customer.email });
  });

  it('an admin route answers a customer 403 whatever the body, and serves an admin', async () => {
    const refused = await app.inject({ method: 'POST', url: '/admins', headers: { ...customer.headers, 'content-type': 'application/json' }, payload: '{"x": ' });
    expect(refused.statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/admins', headers: admin.headers, payload: {} })).statusCode).toBe(200);
  });

  it('a public route reads no token at all', async () => {
    const response = await app.inject({ method: 'POST', url: '/anyone', headers: { authorization: 'Bearer not-a-session' }, payload: {} });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBeUndefined();
  });
});

describe("'public-priced': anyone, priced for the buyer behind a valid bearer", () => {
  it("reads a valid bearer's account and its trade discount, without asking any cache to forget the answer", async () => {
    const workshop = await insertSignedInUser(t.database.db);
    await t.database.db.updateTable('users').set({ workshop: sql<boolean>`true`, trade_discount: 1500 }).where('id', '=', workshop.id).execute();
    const asWorkshop = await app.inject({ url: '/browse', headers: workshop.headers });
    expect(asWorkshop.json()).toEqual({ by: workshop.email, discount: 1500 });
    expect(asWorkshop.headers['cache-control']).toBeUndefined();
    expect((await app.inject({ url: '/browse', headers: customer.headers })).json()).toEqual({ by: customer.email, discount: 0 });
    expect((await app.inject({ url: '/browse' })).json()).toEqual({ by: null, discount: 0 });
  });

  it('answers a bearer that is no session, or no bearer at all, as a visitor: browsing never answers 401', async () => {
    for (const authorization of ['Bearer not-a-session-token-at-all', 'Basic YWRtaW46YWRtaW4=', 'Bearer', `Bearer ${'a'.repeat(5000)}`]) {
      const response = await app.inject({ url: '/browse', headers: { authorization } });
      expect(response.statusCode, authorization.slice(0, 20)).toBe(200);
      expect(response.json()).toEqual({ by: null, discount: 0 });
    }
  });
});
