import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';

/**
 * Without PUBLIC_URL the shop is opened at whatever loopback address the person types after
 * `npm start`: every spelling of it signs up and signs in, and another site's page still cannot.
 */
describe('the first visit, without PUBLIC_URL', () => {
  let t: TestApp;
  let sequence = 0;
  beforeAll(async () => {
    t = await buildTestApp({ PORT: '3000' });
  });
  afterAll(async () => t.close());

  const post = (url: string, origin: string, payload: object, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { origin, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload,
      remoteAddress: `10.88.0.${++sequence}`,
    });
  const cookieOf = (response: { headers: Record<string, unknown> }) =>
    ([] as string[]).concat((response.headers['set-cookie'] as string | string[] | undefined) ?? []).map((line) => line.split(';')[0]).join('; ');

  it('trusts localhost, 127.0.0.1 and [::1] on the shop port', () => {
    expect(t.app.config.trustedOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']);
  });

  for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
    it(`signs up, signs in and signs out from ${origin}`, async () => {
      const email = `first-${++sequence}@example.com`;
      const signedUp = await post('/api/auth/sign-up/email', origin, { name: 'First Rider', email, password: 'ride-safe-42' });
      expect(signedUp.statusCode, signedUp.body).toBe(200);
      const signedIn = await post('/api/auth/sign-in/email', origin, { email, password: 'ride-safe-42' });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      // With the session cookie the browser now holds, the origin is checked on every call.
      const cookie = cookieOf(signedIn);
      expect(cookie).toContain('session_token');
      const again = await post('/api/auth/sign-in/email', origin, { email, password: 'ride-safe-42' }, cookie);
      expect(again.statusCode, again.body).toBe(200);
    });
  }

  it("refuses another site's page, with the error envelope", async () => {
    const email = `first-${++sequence}@example.com`;
    const signedIn = await post('/api/auth/sign-up/email', 'http://localhost:3000', { name: 'First Rider', email, password: 'ride-safe-42' });
    const cookie = cookieOf(await post('/api/auth/sign-in/email', 'http://localhost:3000', { email, password: 'ride-safe-42' }));
    expect(signedIn.statusCode).toBe(200);
    const foreign = await post('/api/auth/sign-in/email', 'http://localhost:3001', { email, password: 'ride-safe-42' }, cookie);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({
      error: {
        code: 'INVALID_ORIGIN',
        message:
          "This page is not open at the shop's own address. Open the shop at http://localhost:3000, or, if this is the address customers use, set PUBLIC_URL to it and restart the shop.",
      },
      requestId: expect.any(String),
    });
  });
});

describe('with PUBLIC_URL', () => {
  it('trusts its origin alone', async () => {
    const t = await buildTestApp({ PUBLIC_URL: 'https://shop.example.com/', PORT: '3000' });
    try {
      expect(t.app.config.trustedOrigins).toEqual(['https://shop.example.com']);
    } finally {
      await t.close();
    }
  });
});
