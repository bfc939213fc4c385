import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import type { Product } from '@shop/shared';
import { test as base, expect, type Locator, type Page, type Response } from '@playwright/test';

/** Serious and critical accessibility violations on the page as it is now. */
export async function seriousAxeViolations(page: Page) {
  // Colours are read as drawn: a fade still running (a list coming back from its dimmed, updating
  // state) would be read half-way. Only what is running and ends is waited for, at most a second
  // (a toast's countdown pauses under the pointer).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 1000)),
    ]),
  );
  // Only violations are read: axe then keeps one node of each passed rule, not every one. The
  // shop's pages hold no frames from other origins, so axe runs in the page itself (legacy mode)
  // rather than gathering each frame's results in a blank page of its own: a third of the time.
  // AxeBuilder sends axe's source (half a megabyte) over the protocol twice for every check: it is
  // put into the page once instead, and the builder given nothing to add (a seventh of a check's CPU).
  const oneFrame = page.frames().length === 1;
  if (oneFrame && !(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const builder = new AxeBuilder(oneFrame ? { page, axeSource: ';' } : { page });
  const results = await builder.setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** The message FormField shows under a field: the error its aria-describedby points at. */
export async function messageFor(field: Locator): Promise<string | null> {
  const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
  const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
  return errorId ? field.page().locator(`[id="${errorId}"]`).textContent() : null;
}

/**
 * Every test fails on an error in the browser console or an uncaught page error, except:
 * - messages a test declares it expects, in `allowedConsoleErrors` (e.g. the 401 of a refused
 *   sign-in, which Chromium logs for any failed request);
 * - messages of third-party pages a journey passes through (the local identity provider).
 */
export const test = base.extend<{ allowedConsoleErrors: RegExp[]; consoleErrors: string[] }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  allowedConsoleErrors: async ({}, use) => {
    await use([]);
  },
  consoleErrors: [
    async ({ context, baseURL, allowedConsoleErrors }, use) => {
      const shopOrigin = baseURL ? new URL(baseURL).origin : undefined;
      const errors: string[] = [];
      // Every page of the test's browser context: the test's own and any it opens beside it.
      context.on('console', (message) => {
        const from = message.page();
        if (message.type() !== 'error' || !from) return;
        if (shopOrigin && new URL(from.url()).origin !== shopOrigin) return;
        // A not-found page is answered with status 404 on purpose; Chromium logs that.
        const isPage404 = message.text().includes('status of 404') && message.location().url === from.url();
        if (!isPage404) errors.push(message.text());
      });
      context.on('weberror', (error) => errors.push(error.error().message));
      await use(errors);
      const unexpected = errors.filter((error) => !allowedConsoleErrors.some((pattern) => pattern.test(error)));
      expect(unexpected, 'browser console errors').toEqual([]);
    },
    { auto: true },
  ],
  /**
   * The test's page, whose goto and reload return once the app has the page (`<html data-ready>`):
   * a server-rendered page shows its buttons before they work, and a journey acts like a rider who
   * waits for the shop, not like one who taps before the script has run.
   */
  page: async ({ page, javaScriptEnabled, baseURL }, use) => {
    if (javaScriptEnabled !== false) {
      // Only the shop's own pages; a page that fails to load its script (a journey of that) is not waited for long.
      const ready = async (response: Response | null) => {
        if (!response || !baseURL || new URL(response.url()).origin !== new URL(baseURL).origin) return;
        if (!(response.headers()['content-type'] ?? '').startsWith('text/html')) return;
        await page.waitForFunction(() => document.documentElement.dataset.ready !== undefined, undefined, { timeout: 10_000 }).catch(() => undefined);
      };
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await ready(response);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        await ready(response);
        return response;
      };
    }
    await use(page);
  },
});

export { expect };
export { ADMIN } from './admin-account';

export const api = (path: string) => `/api${path}`;

/** Marks a core journey that runs again against two instances behind a load balancer (playwright.scale-out.config.ts). */
export const SCALE_OUT = { tag: '@scale-out' };

/** A part of the demo catalogue by its name (each journey orders parts no other journey does). */
export async function findProduct(page: Page, name: string): Promise<Product> {
  const response = await page.request.get(api('/products?page=0&size=100'));
  const product = ((await response.json()) as Product[]).find((candidate) => candidate.name === name);
  expect(product, `the seeded part '${name}'`).toBeDefined();
  return product!;
}

/** A part's stock now. */
export const stockOf = async (page: Page, productId: string) => ((await (await page.request.get(api(`/products/${productId}`))).json()) as Product).quantity;

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** Journeys run in parallel on one database: every account is new. */
export const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

export const newAccount = (label: string): Account => ({ name: `Rider ${label}`, email: uniqueEmail(label), password: 'ride-safe-42' });

/**
 * Identity calls the way the shop's own pages make them: once the browser holds a session
 * cookie, the identity service asks for the page's origin (its CSRF check).
 */
const fromShop = () => ({ Origin: new URL(test.info().project.use.baseURL!).origin });

/** Creates the account through the API, without signing the browser in. */
export async function createAccount(page: Page, account: Account): Promise<void> {
  const response = await page.request.post(api('/auth/sign-up/email'), { data: account, headers: fromShop() });
  expect(response.ok(), await response.text()).toBe(true);
}

/** SPEC section 9: the app keeps its access token in local storage under this name. */
const ACCESS_TOKEN_STORAGE_KEY = 'accessToken';

/**
 * Signs the browser in without the sign-in page, as the sign-in page does it: identity session,
 * token exchange, the token stored where the app keeps it. Answers the token for API calls.
 * The page shown is not reloaded: the journey goes to the page it tests next.
 */
export async function signIn(page: Page, { email, password }: Pick<Account, 'email' | 'password'>): Promise<string> {
  // Switching accounts: the identity service refuses a sign-in that carries another session's cookie.
  await page.context().clearCookies();
  const session = await page.request.post(api('/auth/sign-in/email'), { data: { email, password }, headers: fromShop() });
  expect(session.ok(), await session.text()).toBe(true);
  const exchange = await page.request.put(api(`/user/${encodeURIComponent(email)}`), { data: { email }, headers: fromShop() });
  expect(exchange.ok(), await exchange.text()).toBe(true);
  const { token } = (await exchange.json()) as { token: string };
  // Local storage belongs to the shop's origin: a fresh page is still on about:blank.
  if (!page.url().startsWith(fromShop().Origin)) await page.goto('/blogs');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [ACCESS_TOKEN_STORAGE_KEY, token] as const);
  return token;
}

/** A new customer, signed in in this browser, with the token for API calls. */
export async function signInNewCustomer(page: Page, label: string): Promise<Account & { token: string }> {
  const account = newAccount(label);
  await createAccount(page, account);
  return { ...account, token: await signIn(page, account) };
}

/** A 1×1 PNG: the smallest photo the shop's image processing accepts. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const pngFile = (name = 'photo.png') => ({ name, mimeType: 'image/png', buffer: TINY_PNG });

/** A PNG chunk: its length, type, data and CRC. */
const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A 1×1 PNG of one colour: photos that differ, where the shop stores each image once by its content. */
export const colourPngFile = (name: string, [red, green, blue]: [number, number, number]) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const pixels = deflateSync(Buffer.from([0, red, green, blue]));
  const buffer = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), pngChunk('IHDR', header), pngChunk('IDAT', pixels), pngChunk('IEND', Buffer.alloc(0))]);
  return { name, mimeType: 'image/png', buffer };
};

/** Where the journeys' server writes its emails (scripts/e2e-server.mjs). */
const OUTBOX = path.resolve(import.meta.dirname, `../../../test-results/e2e-data-${process.env.E2E_PORT ?? 3100}/outbox`);

/** The first link matching `link` in the latest email to this address, quoted-printable undone. */
export async function linkInEmailTo(email: string, link: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const names = (await readdir(OUTBOX).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
        for (const name of names.reverse()) {
          const text = (await readFile(path.join(OUTBOX, name), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
          if (!new RegExp(`^To: ${email}$`, 'mi').test(text)) continue;
          found = link.exec(text)?.[0];
          if (found) return true;
        }
        return false;
      },
      { message: `an email to ${email} with a link like ${link} in ${OUTBOX}` },
    )
    .toBe(true);
  return found!;
}

/**
 * The file `fileName` attached to an email to this address, as the shop wrote it to the outbox
 * (nodemailer's base64 part, named in its Content-Disposition).
 */
export async function attachmentInEmailTo(email: string, fileName: string): Promise<Buffer> {
  let found: Buffer | undefined;
  await expect
    .poll(
      async () => {
        const names = (await readdir(OUTBOX).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
        for (const name of names.reverse()) {
          const text = await readFile(path.join(OUTBOX, name), 'utf8');
          if (!new RegExp(`^To: ${email}$`, 'mi').test(text)) continue;
          const part = new RegExp(`filename="?${fileName.replace(/[.]/g, '\\.')}"?\\r?\\n(?:[^\\r\\n]+\\r?\\n)*\\r?\\n([A-Za-z0-9+/=\\r\\n]+?)\\r?\\n--`).exec(text);
          if (part) {
            found = Buffer.from(part[1]!.replace(/\s/g, ''), 'base64');
            return true;
          }
        }
        return false;
      },
      { message: `an email to ${email} with ${fileName} attached, in ${OUTBOX}` },
    )
    .toBe(true);
  return found!;
}

/** Follows the confirmation link the shop emailed to this address at sign-up. */
export async function confirmEmailAddress(page: Page, email: string): Promise<void> {
  const link = await linkInEmailTo(email, /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/);
  expect((await page.request.get(link, { maxRedirects: 0 })).status()).toBe(302);
}

/** Places and pays (with the 4242 test card) an order of two pieces (or `quantity`) through the API as the customer of `token`: its id and its number ('#10042'). */
export async function paidOrder(page: Page, token: string, product: Product, quantity = 2): Promise<{ id: string; number: string }> {
  const headers = { Authorization: `Bearer ${token}` };
  const placed = await page.request.post(api('/orders'), {
    headers,
    data: { productId: product._id, quantity, location: '12 Harbour Road, Chattogram', phone: '+880 1700 000000' },
  });
  expect(placed.status()).toBe(201);
  const { insertedId: id } = (await placed.json()) as { insertedId: string };
  const { clientSecret } = (await (await page.request.post(api('/create-payment-intent'), { headers, data: { orderId: id } })).json()) as { clientSecret: string };
  const confirmed = await page.request.post(api('/payments/test/confirm'), {
    headers,
    data: { clientSecret, card: { number: '4242424242424242', expiry: '12/34', cvc: '123' } },
  });
  expect(confirmed.status()).toBe(200);
  const { id: transactionID } = (await confirmed.json()) as { id: string };
  expect((await page.request.patch(api(`/orders/${id}`), { headers, data: { transactionID } })).status()).toBe(200);
  const order = (await (await page.request.get(api(`/specificorders/${id}`), { headers })).json()) as { number: number };
  return { id, number: `#${order.number}` };
}
