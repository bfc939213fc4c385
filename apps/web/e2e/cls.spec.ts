import type { Page } from '@playwright/test';
import { ADMIN, expect, signIn, signInNewCustomer, test } from './fixtures';

/** Chrome DevTools' "Fast 3G" profile. */
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8, uploadThroughput: (750 * 1024 * 0.9) / 8 };

/** The page's layout shifts so far that no input caused, as the browser reports them (its CLS, before session windows). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // Buffered entries arrive in the observer's first callback.
        setTimeout(() => resolve(total), 200);
      }),
  );
}

/** Opens each page on a slowed network and checks that nothing on it jumps while its data arrives. */
async function expectSteadyPages(page: Page, routes: readonly string[]) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const route of routes) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      expect.soft(await layoutShift(page), `${route} at ${width} px`).toBeLessThanOrEqual(0.05);
    }
  }
}

test.describe('dashboard pages hold still while they load on a slow network', () => {
  test.setTimeout(120_000);

  test('a customer', async ({ page }) => {
    await signInNewCustomer(page, 'steady');
    await expectSteadyPages(page, ['/dashbord/myprofile', '/dashbord/myorders', '/dashbord/addreview']);
  });

  test('an admin', async ({ page }) => {
    await signIn(page, ADMIN);
    await expectSteadyPages(page, [
      '/dashbord/myprofile',
      '/dashbord/manageProducts',
      '/dashbord/manageAllorders',
      '/dashbord/makeAdmin',
      '/dashbord/manageReview',
      '/dashbord/addproducts',
    ]);
  });
});
