import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { startLocalOpenIdProvider, type LocalOpenIdProvider } from '../../test/local-openid-provider.js';

let t: TestApp;
let provider: LocalOpenIdProvider;
const publicUrl = 'http://shop.test';

beforeAll(async () => {
  provider = await startLocalOpenIdProvider({
    clientId: 'shop-client',
    clientSecret: 'shop-client-secret',
    redirectUris: [`${publicUrl}/api/auth/callback/google`],
  });
  t = await buildTestApp({
    PUBLIC_URL: publicUrl,
    GOOGLE_CLIENT_ID: 'shop-client',
    GOOGLE_CLIENT_SECRET: 'shop-client-secret',
    GOOGLE_ISSUER: provider.issuer,
  });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

/** A tiny cookie jar per origin, as a browser keeps one. */
class Jar {
  private cookies = new Map<string, string>();
  store(setCookie: string[] | string | undefined | null) {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, index).trim(), pair!.slice(index + 1).trim());
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

async function providerStep(url: string, jar: Jar, form?: Record<string, string>) {
  const response = await fetch(url, {
    method: form ? 'POST' : 'GET',
    redirect: 'manual',
    headers: { cookie: jar.header(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  jar.store(response.headers.getSetCookie());
  return response;
}

describe('continue with Google (against a local OpenID provider)', () => {
  it('signs a new customer in through the provider and gives them an API token', async () => {
    const shopJar = new Jar();
    const providerJar = new Jar();

    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: publicUrl },
      payload: { provider: 'google', callbackURL: '/' },
    });
    expect(start.statusCode).toBe(200);
    shopJar.store(start.headers['set-cookie'] as string[]);
    const authorizeUrl: string = start.json().url;
    expect(authorizeUrl.startsWith(`${provider.issuer}/`)).toBe(true);

    // The provider's sign-in page, then its consent page, each a redirect chain.
    let response = await providerStep(authorizeUrl, providerJar);
    let location = new URL(response.headers.get('location')!, provider.issuer).toString();
    response = await providerStep(location, providerJar);
    const loginAction = /action="([^"]+)"/.exec(await response.text())![1]!;
    response = await providerStep(new URL(loginAction, provider.issuer).toString(), providerJar, {
      prompt: 'login',
      login: 'Greta.Rider@Example.com',
      password: 'anything',
    });
    while (response.status >= 300 && response.status < 400) {
      location = new URL(response.headers.get('location')!, provider.issuer).toString();
      if (location.startsWith(publicUrl)) break;
      response = await providerStep(location, providerJar);
      if (response.status === 200) {
        const consentAction = /action="([^"]+)"/.exec(await response.text())![1]!;
        response = await providerStep(new URL(consentAction, provider.issuer).toString(), providerJar, { prompt: 'consent' });
      }
    }
    expect(location.startsWith(`${publicUrl}/api/auth/callback/google?`)).toBe(true);

    const callback = await t.app.inject({ url: location.slice(publicUrl.length), headers: { cookie: shopJar.header() } });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/');
    shopJar.store(callback.headers['set-cookie'] as string[]);

    const exchange = await t.app.inject({
      method: 'PUT',
      url: '/api/user/greta.rider@example.com',
      headers: { cookie: shopJar.header() },
      payload: { email: 'greta.rider@example.com' },
    });
    expect(exchange.statusCode).toBe(200);
    const { token } = exchange.json();
    const admin = await t.app.inject({ url: '/api/admin/greta.rider@example.com', headers: { authorization: `Bearer ${token}` } });
    expect(admin.json()).toEqual({ admin: false });
    const user = await t.database.db.selectFrom('users').selectAll().where('email', '=', 'greta.rider@example.com').executeTakeFirstOrThrow();
    expect(user).toMatchObject({ name: 'Greta.rider', role: 'user' });
  });

  it('says Google is not configured when it is not', async () => {
    const plain = await buildTestApp();
    try {
      const response = await plain.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/social',
        headers: { origin: plain.app.config.publicUrl },
        payload: { provider: 'google', callbackURL: '/' },
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      const providers = await plain.app.inject({ url: '/api/auth-providers' });
      expect(providers.json()).toEqual({ google: false });
    } finally {
      await plain.close();
    }
  });
});
