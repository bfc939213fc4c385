import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { confirmEmailAddress, createUser, signIn } from '../../test/auth-helpers.js';
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

/**
 * The whole browser journey of 'Continue with Google': the shop's start, the provider's sign-in
 * and consent pages as `login`, and the shop's callback. Answers the callback and the shop's cookies.
 */
async function continueWithGoogle(login: string, body: Record<string, string> = { callbackURL: '/' }) {
  const shopJar = new Jar();
  const providerJar = new Jar();

  const start = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: publicUrl },
    payload: { provider: 'google', ...body },
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
  response = await providerStep(new URL(loginAction, provider.issuer).toString(), providerJar, { prompt: 'login', login, password: 'anything' });
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
  shopJar.store(callback.headers['set-cookie'] as string[]);
  return { callback, shopJar };
}

const exchangeToken = (email: string, jar: Jar) =>
  t.app.inject({ method: 'PUT', url: `/api/user/${email}`, headers: { cookie: jar.header() }, payload: { email } });

const accountsOf = (email: string) =>
  t.database.db
    .selectFrom('accounts')
    .innerJoin('users', 'users.id', 'accounts.user_id')
    .select(['accounts.provider_id', 'accounts.account_id'])
    .where('users.email', '=', email)
    .orderBy('accounts.provider_id')
    .execute();

describe('continue with Google (against a local OpenID provider)', () => {
  it('signs a new customer in through the provider and gives them an API token', async () => {
    const { callback, shopJar } = await continueWithGoogle('Greta.Rider@Example.com');
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/');

    const exchange = await exchangeToken('greta.rider@example.com', shopJar);
    expect(exchange.statusCode).toBe(200);
    const { token } = exchange.json();
    const admin = await t.app.inject({ url: '/api/admin/greta.rider@example.com', headers: { authorization: `Bearer ${token}` } });
    expect(admin.json()).toEqual({ admin: false, staff: false });
    const user = await t.database.db.selectFrom('users').selectAll().where('email', '=', 'greta.rider@example.com').executeTakeFirstOrThrow();
    // Google vouches for the address; the profile keeps the shop's rules (no photo from elsewhere).
    expect(user).toMatchObject({ name: 'Greta.rider', role: 'user', image: null });
    expect(Boolean(user.email_verified)).toBe(true);
  });

  it("does not let a Google sign-in take over someone's unconfirmed account of the same address", async () => {
    // Someone signed up Lena's address with a password of their own; Lena never confirmed it.
    const squatter = await createUser(t.app, t.database.db, { email: 'lena@example.com', password: 'squatter-pass-1', name: 'Squatter' });
    const { callback, shopJar } = await continueWithGoogle('Lena@example.com', { callbackURL: '/', errorCallbackURL: '/singin?provider=google' });
    expect(callback.statusCode).toBe(302);
    const location = new URL(String(callback.headers.location), publicUrl);
    expect(location.pathname).toBe('/singin');
    expect(location.searchParams.get('error')).toBe('account_not_linked');

    // No link, no session for the Google side, and the account is as it was.
    expect(await accountsOf('lena@example.com')).toEqual([{ provider_id: 'credential', account_id: expect.any(String) }]);
    expect((await exchangeToken('lena@example.com', shopJar)).statusCode).toBe(401);
    const row = await t.database.db.selectFrom('users').select(['name', 'email_verified']).where('email', '=', 'lena@example.com').executeTakeFirstOrThrow();
    expect(row.name).toBe('Squatter');
    expect(Boolean(row.email_verified)).toBe(false);
    await expect(signIn(t.app, squatter.email, 'squatter-pass-1')).resolves.toMatchObject({ email: squatter.email });
  });

  it('links Google to an account once its owner confirmed the address by email', async () => {
    const owner = await createUser(t.app, t.database.db, { email: 'maria@example.com', name: 'Maria Local' });
    await confirmEmailAddress(t.app, owner.email);

    const { callback, shopJar } = await continueWithGoogle('Maria@example.com');
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/');
    expect((await accountsOf(owner.email)).map((account) => account.provider_id)).toEqual(['credential', 'google']);

    const exchange = await exchangeToken(owner.email, shopJar);
    expect(exchange.statusCode).toBe(200);
    const admin = await t.app.inject({ url: `/api/admin/${owner.email}`, headers: { authorization: `Bearer ${exchange.json().token}` } });
    expect(admin.json()).toEqual({ admin: false, staff: false });
    // One account, the owner's: name and password as they were.
    expect((await t.database.db.selectFrom('users').select('name').where('email', '=', owner.email).execute()).map((row) => row.name)).toEqual(['Maria Local']);
    await expect(signIn(t.app, owner.email, owner.password)).resolves.toMatchObject({ email: owner.email });
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
