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
