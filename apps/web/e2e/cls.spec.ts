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

/**
 * Opens each page on a slowed network and checks that nothing on it jumps while its data arrives:
 * at a phone's and a laptop's width, each in a page of its own walking the routes at the same
 * time (the walk waits on the network, not on the machine).
 */
async function expectSteadyPages(page: Page, routes: readonly string[]) {
  const walk = async (width: number) => {
    const tab = width === 390 ? page : await page.context().newPage();
    const cdp = await page.context().newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await tab.setViewportSize({ width, height: 800 });
    for (const route of routes) {
      await tab.goto(route);
      await expect(tab.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
      await tab.waitForLoadState('networkidle');
      expect.soft(await layoutShift(tab), `${route} at ${width} px`).toBeLessThanOrEqual(0.05);
    }
  };
  await Promise.all([walk(390), walk(1280)]);
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
