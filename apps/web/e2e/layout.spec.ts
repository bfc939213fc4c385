import type { Product } from '@shop/shared';
import type { Page } from '@playwright/test';
import { ADMIN, api, createAccount, expect, pngFile, seriousAxeViolations, signIn, test, type Account } from './fixtures';

/**
 * Whatever customers and admins type, no page scrolls sideways and every action of a table can
 * be reached: each route in each role at the widths of phones, tablets and laptops, with
 * 200-character words in a review, an address and a description, and the longest names allowed.
 * At a phone's and a laptop's width, axe finds nothing serious or critical on the page. This sweep
 * and its open states (a dialog, a form's messages, a refusal, a toast) are where the journeys'
 * pages meet axe: once per page state, not again in each journey that passes through it.
 */
/**
 * Each route is loaded once at a laptop's width, then the window is narrowed without a reload,
 * as a window dragged narrower or a phone turned: the page must follow it at every width. Axe
 * runs at the laptop's and at the phone's width (what is drawn for a phone, the cards and menus,
 * only shows there); a page that chooses its layout by width does so through media queries and
 * their listeners, so a page narrowed to a phone's width is the page a phone loads.
 */
const WIDTHS = [1280, 1024, 768, 390, 320];
const AXE_WIDTHS = new Set([1280, 390]);
const WORD = 'Carburettorsynchronisationgauge'.repeat(7).slice(0, 200);
/** Names are at most 120 characters. */
const NAME_WORD = WORD.slice(0, 110);

interface Content {
  customer: Account & { token: string };
  productId: string;
  orderId: string;
  reviewId: string;
  adminToken: string;
  /** A seeded part that fits the customer's bike: its page shows the fit and the fitment table. */
  fittingPartId: string;
  /** A seeded part ordered from more than one piece: a visitor's line of one is below its minimum. */
  plug: Product;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A part of the demo catalogue by its exact name. */
async function seededPart(page: Page, name: string): Promise<Product> {
  const found = (await (await page.request.get(api(`/search?q=${encodeURIComponent(name)}`))).json()) as { products: Product[] };
  const part = found.products.find((candidate) => candidate.name === name);
  expect(part, `the seeded part '${name}'`).toBeDefined();
  return part!;
}

async function createContent(page: Page): Promise<Content> {
  const adminToken = await signIn(page, ADMIN);
  const photo = await page.request.post(api('/images'), { headers: bearer(adminToken), multipart: { image: pngFile() } });
  const img = ((await photo.json()) as { data: { url: string } }).data.url;
  const product = await page.request.post(api('/products'), {
    headers: bearer(adminToken),
    data: { name: `Part ${NAME_WORD}`, decreption: `${WORD} ${WORD}`, price: 12.5, quantity: 40, minimum: 1, img, quantityPrices: [{ from: 10, price: 11.5 }, { from: 50, price: 9.99 }] },
  });
  expect(product.ok(), await product.text()).toBe(true);
  const productId = ((await product.json()) as { insertedId: string }).insertedId;

  const local = `${'r'.repeat(48)}${Math.random().toString(36).slice(2, 10)}`;
  const account: Account = { name: `Rider ${NAME_WORD}`, email: `${local}@${'w'.repeat(60)}.example.com`, password: 'ride-safe-42' };
  await createAccount(page, account);
  const token = await signIn(page, account);
  const order = await page.request.post(api('/orders'), {
    headers: bearer(token),
    data: { productId, quantity: 1, location: `${WORD} street`, phone: '+44 20 7946 0000' },
  });
  expect(order.ok(), await order.text()).toBe(true);
  const upload = await page.request.post(api('/images'), { headers: bearer(token), multipart: { image: pngFile() } });
  const review = await page.request.post(api('/review'), {
    headers: bearer(token),
    data: { review: `Great ${WORD} pads`, ratings: 5, img: ((await upload.json()) as { data: { url: string } }).data.url },
  });
  expect(review.ok(), await review.text()).toBe(true);
  const message = await page.request.post(api('/contact'), {
    data: { name: `Rider ${NAME_WORD}`, email: account.email, phone: '+44 20 7946 0000', subject: WORD, message: `${WORD}\n${WORD}` },
  });
  expect(message.ok(), await message.text()).toBe(true);
  // A cart to show on the cart and checkout pages; nothing is taken from stock until checkout.
  const cart = await page.request.put(api('/cart'), { headers: bearer(token), data: { lines: [{ productId, quantity: 1 }] } });
  expect(cart.ok(), await cart.text()).toBe(true);
  return {
    customer: { ...account, token },
    productId,
    orderId: ((await order.json()) as { insertedId: string }).insertedId,
    reviewId: ((await review.json()) as { insertedId: string }).insertedId,
    adminToken,
    fittingPartId: (await seededPart(page, 'Sintered Front Brake Pads HH, Radial Calipers (Pair)'))._id,
    plug: await seededPart(page, 'Standard Spark Plug, 10 mm Thread'),
  };
}

/** Loads the route, and narrows the window through every width, checking the page's width and its tables' actions at each. */
async function checkRoute(page: Page, route: string) {
  for (const [index, width] of WIDTHS.entries()) {
    await page.setViewportSize({ width, height: 900 });
    if (index === 0) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      // What a page draws as the visitor scrolls towards it (the home page's later sections) is checked too.
      await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
      if (route === '/') await expect(page.getByRole('heading', { name: 'Our Services' })).toBeVisible();
      await expect(page.locator('[role="status"] .loading')).toHaveCount(0);
    }
    // Nothing still updating: a list refetched for the rider's bike is dimmed until it lands.
    if (AXE_WIDTHS.has(width)) await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    // What is drawn to its box's size (the sales chart) follows a narrower window a frame or two later.
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await expect.soft.poll(overflow, { message: `${route} at ${width} px scrolls sideways by (px)`, timeout: 3000 }).toBeLessThanOrEqual(0);
    if (AXE_WIDTHS.has(width)) expect.soft(await seriousAxeViolations(page), `axe: ${route} at ${width} px`).toEqual([]);
    // The first eight actions of the tables, each scrolled to as a finger or a key would, then
    // nearly whole in the window (scrolling may leave half a pixel of it under an edge).
    const outOfView = () =>
      page.locator('table').locator('button, a').evaluateAll(async (actions) => {
      const shown = actions.slice(0, 8).filter((action) => {
        const box = action.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(action).visibility !== 'hidden';
      });
      const found: string[] = [];
      for (const action of shown) {
        action.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        const ratio = await new Promise<number>((resolve) => {
          const observer = new IntersectionObserver(([entry]) => {
            observer.disconnect();
            resolve(entry!.intersectionRatio);
          });
          observer.observe(action);
        });
        if (ratio < 0.9) found.push(`action ${actions.indexOf(action) + 1} (${action.textContent?.trim()}): ${Math.round(ratio * 100)}% in view`);
      }
      return found;
    });
    // As the page settles at a new width (a table re-laid out when its data lands), checked again for a moment.
    await expect.soft.poll(outOfView, { message: `${route} at ${width} px: table actions out of view`, timeout: 3000 }).toEqual([]);
    if (width >= 1024) {
      // From a laptop's width a table is a table (cards are for phones) that fits its frame: long
      // texts end in an ellipsis instead of pushing the last columns out of sight.
      const overflowing = await page.locator('table').evaluateAll((tables) =>
        tables
          .filter((table) => getComputedStyle(table).display === 'table' && table.parentElement!.scrollWidth > table.parentElement!.clientWidth + 1)
          .map((table) => `${table.getAttribute('aria-label')}: ${table.parentElement!.scrollWidth} px in ${table.parentElement!.clientWidth} px`),
      );
      expect.soft(overflowing, `${route} at ${width} px: tables wider than their frame`).toEqual([]);
    }
  }
}

test.describe('no page scrolls sideways, whatever people typed', () => {
  // Every route at five widths, with axe at two of them; a few routes a test, so that the two
  // workers share the sweep.
  test.setTimeout(240_000);
  let content: Content;

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    content = await createContent(page);
    await page.close();
  });

  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    await page.goto('/blogs');
    // Leave the shared catalogue as other journeys expect it.
    await page.request.put(api('/cart'), { headers: bearer(content.customer.token), data: { lines: [] } });
    await page.request.delete(api(`/orders/${content.orderId}`), { headers: bearer(content.customer.token) });
    await page.request.delete(api(`/review/${content.reviewId}`), { headers: bearer(content.adminToken) });
    await page.request.delete(api(`/products/${content.productId}`), { headers: bearer(content.adminToken) });
    await page.close();
  });

  test('a visitor: the storefront', async ({ page }) => {
    for (const route of ['/', '/allproducts', '/blogs', '/cart', '/no/such/page']) {
      await checkRoute(page, route);
    }
  });

  test('a visitor: parts, search and the garage', async ({ page }) => {
    for (const route of [`/parts/${content.productId}`, `/search?q=${NAME_WORD.slice(0, 40)}`, '/search?q=xylophone', '/garage']) {
      await checkRoute(page, route);
    }
  });

  test("a visitor: the account and the shop's own pages", async ({ page }) => {
    for (const route of [
      '/singin',
      '/signup',
      '/reset-password',
      '/about',
      '/warranty',
      '/returns',
      '/privacy',
      '/terms',
    ]) {
      await checkRoute(page, route);
    }
  });

  test('a customer: the storefront, the cart and the checkout', async ({ page }) => {
    await signIn(page, content.customer);
    // With a bike in the garage: the banner, the badges and the part pages' fitment blocks.
    const [mt07] = (await (await page.request.get(api('/vehicles?make=Yamaha&model=MT-07'))).json()) as Array<{ _id: string }>;
    expect((await page.request.post(api('/garage'), { headers: bearer(content.customer.token), data: { vehicleId: mt07!._id, year: 2019 } })).ok()).toBe(true);
    for (const route of [
      '/',
      '/allproducts',
      '/garage',
      `/parts/${content.productId}`,
      `/parts/${content.fittingPartId}`,
      `/purchase/${content.productId}`,
      '/cart',
      '/checkout',
      '/quick-order',
    ]) {
      await checkRoute(page, route);
    }
  });

  test('a customer: the dashboard', async ({ page }) => {
    await signIn(page, content.customer);
    // Two saved addresses of the longest words allowed: the default, and one to make the default.
    for (const line2 of ['', WORD.slice(0, 96)]) {
      const saved = await page.request.post(api('/addresses'), {
        headers: bearer(content.customer.token),
        data: { fullName: `Rider ${NAME_WORD}`, line1: WORD, line2, city: line2 ? '' : WORD.slice(0, 96), region: 'CA', postcode: 'SW1A-1AA-0000000', country: 'US', phone: '+44 20 7946 0000' },
      });
      expect(saved.ok(), await saved.text()).toBe(true);
    }
    for (const route of [
      '/dashbord/myprofile',
      '/dashbord/myorders',
      '/dashbord/addresses',
      `/dashbord/payment/${content.orderId}`,
      '/dashbord/addreview',
      `/dashbord/addreview?product=${content.productId}`,
    ]) {
      await checkRoute(page, route);
    }
  });

  test('an admin: products', async ({ page }) => {
    await signIn(page, ADMIN);
    for (const route of [
      '/dashbord/addproducts',
      '/dashbord/manageProducts',
      `/dashbord/manageProducts?q=${NAME_WORD.slice(0, 40)}`,
      `/dashbord/updateproducts/${content.productId}`,
    ]) {
      await checkRoute(page, route);
    }
    // Beside the dashboard's menu at 1024 px, Manage Products is still a table: a line per part,
    // the longest name cut short, sorted as asked.
    await page.setViewportSize({ width: 1024, height: 900 });
    await page.goto('/dashbord/manageProducts?sort=name');
    const table = page.getByRole('table', { name: 'Products' });
    await expect(table.getByRole('row')).toHaveCount(21);
    expect(await table.evaluate((element) => getComputedStyle(element).display)).toBe('table');
    const heights = await table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => Math.round(row.getBoundingClientRect().height)));
    expect(Math.max(...heights) - Math.min(...heights), `row heights ${heights.join(', ')}`).toBeLessThanOrEqual(1);
    expect(Math.max(...heights)).toBeLessThan(64);
  });

  test('an admin: categories, vehicles, the import and discounts', async ({ page }) => {
    await signIn(page, ADMIN);
    // A code with every field filled in, so the discounts' table is swept with its longest row.
    const discount = await page.request.post(api('/discounts'), {
      headers: bearer(content.adminToken),
      data: { code: `LAYOUT${Date.now()}`, kind: 'amount', value: 12.5, minSubtotal: 1000, startsOn: '2026-01-01', endsOn: '2026-12-31', usesTotal: 1000, oncePerCustomer: true },
    });
    expect(discount.ok()).toBe(true);
    for (const route of ['/dashbord/manageCategories', '/dashbord/manageVehicles', '/dashbord/importProducts', '/dashbord/discounts']) {
      await checkRoute(page, route);
    }
    await page.request.delete(api(`/discounts/${(await discount.json()).insertedId}`), { headers: bearer(content.adminToken) });
  });

  test('an admin: people, reviews and the activity', async ({ page }) => {
    await signIn(page, ADMIN);
    // The activity holds the admin's changes of this sweep's content: the part of the longest name among them.
    for (const route of ['/dashbord/myprofile', '/dashbord/makeAdmin', '/dashbord/manageReview', '/dashbord/messages', '/dashbord/activity', `/dashbord/activity?q=${NAME_WORD.slice(0, 40)}`]) {
      await checkRoute(page, route);
    }
  });

  test('an admin: orders and returns', async ({ page }) => {
    await signIn(page, ADMIN);
    for (const route of ['/dashbord/manageAllorders', `/dashbord/manageAllorders?q=${NAME_WORD.slice(0, 20)}`, `/dashbord/payment/${content.orderId}`, '/dashbord/returns']) {
      await checkRoute(page, route);
    }
  });

  test('an admin: sales, settings, taxes and shipping', async ({ page }) => {
    await signIn(page, ADMIN);
    for (const route of ['/dashbord/sales', '/dashbord/sales?days=90', '/dashbord/settings', '/dashbord/taxes', '/dashbord/shipping']) {
      await checkRoute(page, route);
    }
  });

  test("nothing serious for axe in an admin's open states: a confirmation, order details, import rows to fix, the phone menu, form errors, a toast", async ({ page }) => {
    await signIn(page, ADMIN);
    for (const width of AXE_WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/dashbord/manageProducts');
      await page.getByRole('button', { name: /^Delete/ }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect.soft(await seriousAxeViolations(page), `confirmation at ${width} px`).toEqual([]);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();

      await page.goto('/dashbord/addproducts');
      await page.getByRole('button', { name: 'Add Product' }).click();
      await expect(page.getByText('Name is Required')).toBeVisible();
      expect.soft(await seriousAxeViolations(page), `form errors at ${width} px`).toEqual([]);
    }

    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto('/dashbord/manageAllorders');
    await page.getByRole('button', { name: /^#\d+ details$/ }).first().click();
    await expect(page.getByRole('dialog', { name: /^Order #\d+$/ })).toBeVisible();
    expect.soft(await seriousAxeViolations(page), 'order details').toEqual([]);
    const sizes = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect.soft(sizes.scrollWidth, 'order details at 390 px').toBeLessThanOrEqual(sizes.innerWidth);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dashbord/importProducts');
    await page.getByLabel('Products CSV').setInputFiles({
      name: 'products.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        ['name,decreption,price,quantity,minimum,category,brand,partNumber,oemNumbers,img', 'Layout Test Pads,Sintered front pads.,twelve,12,2,Brakes,EBC,LAYOUT-1,,'].join('\r\n'),
      ),
    });
    await page.getByRole('button', { name: 'Check files' }).click();
    await expect(page.getByRole('table', { name: 'Rows to fix' })).toBeVisible();
    expect.soft(await seriousAxeViolations(page), 'import rows to fix').toEqual([]);

    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto('/dashbord/manageReview');
    await page.getByRole('button', { name: 'Dashbord menu', exact: true }).click();
    await expect(page.locator('#dashboard-menu').getByRole('link').first()).toBeFocused();
    expect.soft(await seriousAxeViolations(page), 'phone menu').toEqual([]);
    await page.keyboard.press('Escape');

    await page.goto(`/dashbord/updateproducts/${content.productId}`);
    await page.getByRole('button', { name: 'Update Product' }).click();
    const toast = page.locator('.Toastify__toast').filter({ hasText: 'Product Updated' });
    await expect(toast).toBeVisible();
    // Checked once it has slid in (not its countdown bar, which runs until it closes): half-faded
    // text in mid-animation is no colour anyone reads.
    await toast.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    expect.soft(await seriousAxeViolations(page), 'toast').toEqual([]);
  });

  test("nothing serious for axe in a visitor's and a customer's open states: a cart with lines it cannot order, the purchase form's messages, a declined card, a cancel dialog, Add Review's and Add address's messages", async ({ page, allowedConsoleErrors }) => {
    // The shop answers 404 for the part that is gone, and 402 for the declined card.
    allowedConsoleErrors.push(/status of 404/, /status of 402/);
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto('/cart');
    const { plug } = content;
    await page.evaluate(
      (lines) => localStorage.setItem('cart', JSON.stringify(lines)),
      [
        { productId: 'a'.repeat(24), quantity: 2, name: 'Discontinued Chain Guard', price: 9.5, img: null, minimum: 1, available: 5 },
        { productId: plug._id, quantity: 1, name: plug.name, price: plug.price, img: plug.img, minimum: plug.minimum, available: plug.quantity },
      ],
    );
    await page.reload();
    await expect(page.getByText('This part is no longer sold. Please remove it.')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect.soft(overflow, 'a cart with lines it cannot order at 390 px scrolls sideways by (px)').toBeLessThanOrEqual(0);
    expect.soft(await seriousAxeViolations(page), 'a cart with lines it cannot order').toEqual([]);

    // Signing in brings a visitor's cart into the account: these lines stay the visitor's.
    await page.evaluate(() => localStorage.removeItem('cart'));
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, content.customer);
    await page.goto(`/purchase/${content.productId}`);
    await page.getByRole('button', { name: 'Confirm Order' }).click();
    await expect(page.getByText('Location is Required')).toBeVisible();
    expect.soft(await seriousAxeViolations(page), "the purchase form's messages").toEqual([]);

    await page.goto(`/dashbord/payment/${content.orderId}`);
    await expect(page.getByRole('button', { name: 'Pay' })).toBeEnabled();
    const card = page.getByRole('form', { name: 'Card details' });
    await card.getByLabel('Card number').fill('4000 0000 0000 0002');
    await card.getByLabel('Expiry (MM/YY)').fill('12/34');
    await card.getByLabel('CVC').fill('123');
    await card.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByText('Your card was declined.')).toBeVisible();
    expect.soft(await seriousAxeViolations(page), 'a declined card').toEqual([]);

    await page.goto('/dashbord/myorders');
    await page.getByTestId('order-row').first().getByRole('button', { name: /^Cancel/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect.soft(await seriousAxeViolations(page), 'the cancel dialog').toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Keep Order' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.goto('/dashbord/addreview');
    await page.getByRole('button', { name: 'Add Review' }).click();
    await expect(page.getByText('Review is Required. Please Try Again.')).toBeVisible();
    expect.soft(await seriousAxeViolations(page), "Add Review's messages").toEqual([]);

    await page.goto('/dashbord/addresses');
    await page.getByRole('button', { name: 'Add address' }).click();
    const addressForm = page.getByRole('dialog', { name: 'Add address' });
    await addressForm.getByLabel('Country').selectOption('US');
    await addressForm.getByRole('button', { name: 'Save address' }).click();
    await expect(addressForm.getByText('Please choose a region')).toBeVisible();
    expect.soft(await seriousAxeViolations(page), "Add address's messages").toEqual([]);
  });
});
