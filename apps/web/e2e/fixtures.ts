import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** Serious and critical accessibility violations on the page as it is now. */
export async function seriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
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
    async ({ page, baseURL, allowedConsoleErrors }, use) => {
      const shopOrigin = baseURL ? new URL(baseURL).origin : undefined;
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (shopOrigin && new URL(page.url()).origin !== shopOrigin) return;
        // A not-found page is answered with status 404 on purpose; Chromium logs that.
        const isPage404 = message.text().includes('status of 404') && message.location().url === page.url();
        if (!isPage404) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      const unexpected = errors.filter((error) => !allowedConsoleErrors.some((pattern) => pattern.test(error)));
      expect(unexpected, 'browser console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const api = (path: string) => `/api${path}`;

/** Where the journeys' server writes its emails (scripts/e2e-server.mjs). */
const OUTBOX = path.resolve(import.meta.dirname, '../../../test-results/e2e-data/outbox');

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

/** Follows the confirmation link the shop emailed to this address at sign-up. */
export async function confirmEmailAddress(page: Page, email: string): Promise<void> {
  const link = await linkInEmailTo(email, /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/);
  expect((await page.request.get(link, { maxRedirects: 0 })).status()).toBe(302);
}
