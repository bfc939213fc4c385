import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../test/factories.js';

/**
 * Whatever a client sends, the answer is never a 500 or a stack trace, always the error
 * envelope for a refusal, and a refused write changes no row.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertSignedInUser>>;
let productId: string;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SCALE: '100000' });
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
  productId = (await insertProduct(t.database.db, { quantity: 50, minimum: 1 })).id;
});
afterAll(async () => t.close());

/** Strings that have broken shops before. */
const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    "' OR '1'='1",
    "1; DROP TABLE products; --",
    '" OR ""="',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '../../etc/passwd',
    '\u0000\u0001\u001f',
    '%00',
    '__proto__',
    'constructor',
    '9'.repeat(400),
    '-0',
    'NaN',
    'Infinity',
    '1e309',
    '😀'.repeat(50),
    ' ',
  ),
);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
);

interface Target {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: (param: string) => string;
  fields: string[];
}

const TARGETS: Target[] = [
  { method: 'GET', path: (p) => `/api/products?page=${encodeURIComponent(p)}&size=${encodeURIComponent(p)}`, fields: [] },
  { method: 'GET', path: (p) => `/api/products/${encodeURIComponent(p)}`, fields: [] },
  { method: 'GET', path: (p) => `/api/getreviews?latest=${encodeURIComponent(p)}`, fields: [] },
  { method: 'POST', path: () => '/api/products', fields: ['name', 'decreption', 'price', 'quantity', 'minimum', 'img'] },
  { method: 'PUT', path: (p) => `/api/product/${encodeURIComponent(p)}`, fields: ['decreption', 'price', 'quantity', 'minimum', 'img'] },
  { method: 'PUT', path: (p) => `/api/products/${encodeURIComponent(p)}`, fields: ['updatequantity'] },
  { method: 'DELETE', path: (p) => `/api/products/${encodeURIComponent(p)}`, fields: [] },
  { method: 'POST', path: () => '/api/review', fields: ['review', 'ratings', 'img', 'name', 'email'] },
  { method: 'DELETE', path: (p) => `/api/review/${encodeURIComponent(p)}`, fields: [] },
  { method: 'POST', path: () => '/api/contact', fields: ['name', 'email', 'phone', 'subject', 'message'] },
  { method: 'PUT', path: (p) => `/api/user/${encodeURIComponent(p)}`, fields: ['email'] },
  { method: 'GET', path: (p) => `/api/admin/${encodeURIComponent(p)}`, fields: [] },
  { method: 'PUT', path: (p) => `/api/userinfo/${encodeURIComponent(p)}`, fields: ['img', 'phone'] },
  { method: 'PUT', path: (p) => `/api/user/admin/${encodeURIComponent(p)}`, fields: [] },
  { method: 'DELETE', path: (p) => `/api/user/admin/${encodeURIComponent(p)}`, fields: [] },
  { method: 'DELETE', path: (p) => `/api/user/admin-role/${encodeURIComponent(p)}`, fields: [] },
  { method: 'POST', path: () => '/api/orders', fields: ['productId', 'quantity', 'location', 'phone', 'toolName', 'toolPrice'] },
  { method: 'GET', path: (p) => `/api/orders/${encodeURIComponent(p)}`, fields: [] },
  { method: 'GET', path: (p) => `/api/specificorders/${encodeURIComponent(p)}`, fields: [] },
  { method: 'DELETE', path: (p) => `/api/orders/${encodeURIComponent(p)}`, fields: [] },
  { method: 'PATCH', path: (p) => `/api/orders/${encodeURIComponent(p)}`, fields: ['order', 'transactionID'] },
  { method: 'PATCH', path: (p) => `/api/shiftorders/${encodeURIComponent(p)}`, fields: [] },
  { method: 'GET', path: (p) => `/api/purchases/${encodeURIComponent(p)}`, fields: [] },
  { method: 'POST', path: (p) => `/api/purchases/${encodeURIComponent(p)}/ship`, fields: ['carrier', 'trackingNumber'] },
  { method: 'POST', path: () => '/api/create-payment-intent', fields: ['orderId', 'price'] },
  { method: 'POST', path: () => '/api/payments/test/confirm', fields: ['clientSecret', 'card', 'billingDetails'] },
  { method: 'POST', path: () => '/api/auth/sign-up/email', fields: ['name', 'email', 'password'] },
  { method: 'POST', path: () => '/api/auth/sign-in/email', fields: ['email', 'password'] },
  { method: 'POST', path: () => '/api/auth/request-password-reset', fields: ['email', 'redirectTo'] },
];

async function snapshot() {
  const db = t.database.db;
  return JSON.stringify(
    await Promise.all([
      db.selectFrom('products').selectAll().orderBy('id').execute(),
      db.selectFrom('orders').select(['id', 'status', 'quantity']).orderBy('id').execute(),
      db.selectFrom('reviews').select('id').orderBy('id').execute(),
      db.selectFrom('users').select(['id', 'role', 'phone', 'image']).orderBy('id').execute(),
      db.selectFrom('contact_messages').select('id').orderBy('id').execute(),
    ]),
  );
}

function expectCleanRefusal(response: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
  expect(response.body).not.toMatch(/\bat \S+ \(.*:\d+:\d+\)|node_modules|\/src\/|SQLITE_|syntax error/);
  if (response.statusCode >= 400) {
    const body = JSON.parse(response.body) as { error?: { code?: string; message?: string }; requestId?: string };
    expect(typeof body.error?.code).toBe('string');
    expect(typeof body.error?.message).toBe('string');
    expect(typeof body.requestId).toBe('string');
  }
}

describe('property: any parameters and body fields', () => {
  for (const target of TARGETS) {
    it(`${target.method} ${target.path(':param')}`, async () => {
      const bodyArbitrary = fc.oneof(
        fc.record(Object.fromEntries(target.fields.map((field) => [field, nastyValue])), { requiredKeys: [] }),
        nastyValue,
      );
      await fc.assert(
        fc.asyncProperty(nastyString, bodyArbitrary, async (param, body) => {
          const before = await snapshot();
          const response = await t.app.inject({
            method: target.method,
            url: target.path(param),
            headers: { ...admin.headers, origin: t.app.config.publicUrl },
            ...(target.method === 'GET' || target.method === 'DELETE' ? {} : { payload: JSON.stringify(body), headers: { ...admin.headers, origin: t.app.config.publicUrl, 'content-type': 'application/json' } }),
          });
          expectCleanRefusal(response);
          if (response.statusCode >= 400) expect(await snapshot()).toBe(before);
        }),
        { numRuns: 25 },
      );
    });
  }
});

describe('malformed requests', () => {
  const writeRoutes = TARGETS.filter((target) => target.method !== 'GET' && target.method !== 'DELETE').map((target) => ({
    method: target.method,
    url: target.path(productId),
  }));

  it.each(writeRoutes)('$method $url: malformed JSON, a JSON array, a wrong content type, a 2 MB body', async ({ method, url }) => {
    const before = await snapshot();
    const headers = { ...admin.headers, origin: t.app.config.publicUrl };
    const cases = [
      { payload: '{"name": "x",', headers: { ...headers, 'content-type': 'application/json' } },
      { payload: '[{"name": "x"}]', headers: { ...headers, 'content-type': 'application/json' } },
      { payload: 'name=x&price=1', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' } },
      { payload: '<xml/>', headers: { ...headers, 'content-type': 'application/xml' } },
      { payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }), headers: { ...headers, 'content-type': 'application/json' } },
      { payload: '', headers: { ...headers, 'content-type': 'application/json' } },
    ];
    for (const request of cases) {
      const response = await t.app.inject({ method, url, ...request });
      expectCleanRefusal(response);
      expect(response.statusCode, `${request.headers['content-type']} ${request.payload.slice(0, 20)}`).toBeGreaterThanOrEqual(400);
    }
    expect(await snapshot()).toBe(before);
  });

  it('ignores prototype-pollution keys', async () => {
    const payload = '{"__proto__": {"role": "admin", "polluted": true}, "constructor": {"prototype": {"polluted": true}}, "name": "Proto", "email": "p@example.com", "subject": "s", "message": "m"}';
    const response = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload });
    expect(response.statusCode).toBeLessThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).role).toBeUndefined();
  });
});
