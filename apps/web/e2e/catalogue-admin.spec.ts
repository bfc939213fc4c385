import { productMessages, type Product, type Review } from '@shop/shared';
import type { Locator, Page } from '@playwright/test';
import {
  ADMIN,
  api,
  colourPngFile,
  confirmEmailAddress,
  createAccount,
  expect,
  messageFor,
  pngFile,
  SCALE_OUT,
  seriousAxeViolations,
  signIn,
  signInNewCustomer,
  test,
} from './fixtures';

const PAGE_SIZE = 6;
/** Journeys run in parallel on one database: every name, email and text they create is new. */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

const dashboardMenu = (page: Page) => page.getByRole('navigation', { name: 'Dashbord' });

/** Manage Products' last page, where new products are: the catalogue lists them in the order they were added. */
async function showLastProductPage(page: Page) {
  await expect(page.getByText(/products? in the shop$/)).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  const pager = page.getByRole('navigation', { name: 'Product pages' });
  if (await pager.isVisible()) await pager.getByRole('button', { name: 'Last' }).click();
}

async function expectMessages(fields: Array<[Locator, string | null]>) {
  for (const [field, message] of fields) await expect.poll(() => messageFor(field)).toBe(message);
}

/**
 * An image that has loaded, from a file the shop stored. (Its natural width says nothing here: a
 * 1×1 photo picked from a 400w/800w srcset has a natural width of 0.)
 */
async function expectStoredImageShown(image: Locator) {
  // Lazily loaded: brought into view, and kept there while the page above it settles.
  await expect
    .poll(async () => {
      await image.scrollIntoViewIfNeeded();
      return image.evaluate((element: HTMLImageElement) => element.complete && element.currentSrc);
    })
    .toMatch(/\/images\/[a-f0-9]{32}(-\d+w)?\.webp$/);
  const response = await image.page().request.get(await image.evaluate((element: HTMLImageElement) => element.currentSrc));
  expect(response.ok()).toBe(true);
  expect(response.headers()['content-type']).toBe('image/webp');
}

test.describe('products', () => {
  test('an admin adds a product with a photo, finds it, updates it and deletes it', SCALE_OUT, async ({ page }) => {
    // Two uploads, two forms, a search and a deletion: a long journey.
    test.slow();
    const name = `Test Chain Kit ${unique()}`;
    await signIn(page, ADMIN);
    await page.goto('/dashbord');
    await dashboardMenu(page).getByRole('link', { name: 'Add Product' }).click();
    await expect(page).toHaveURL(/\/dashbord\/addproducts$/);

    const form = page.getByRole('form', { name: 'Add new Product' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Decreption').fill('O-ring chain with front and rear sprockets.');
    await form.getByLabel('Price', { exact: true }).fill('64.5');
    await form.getByLabel('Quantity', { exact: true }).fill('12');
    await form.getByLabel('Minimum').fill('2');
    await form.getByLabel('Category').selectOption('Chains & Sprockets');
    await form.getByLabel(/^Image/).setInputFiles(pngFile('chain.png'));
    await expect(form.locator('img')).toBeVisible();
    await form.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText('Product added successfully')).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveValue('');
    await expect(form.getByLabel(/^Image/)).toHaveValue('');
    await expect(page.getByRole('link', { name: `View ${name} in the shop` })).toHaveAttribute('href', /^\/parts\/[0-9a-f]{24}$/);

    // In the storefront: new parts come last in the catalogue.
    const { count } = (await (await page.request.get(api('/productCount'))).json()) as { count: number };
    await page.goto(`/allproducts?page=${Math.ceil(count / PAGE_SIZE)}`);
    const card = page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name }) });
    await expect(card.getByText('$64.50')).toBeVisible();
    await expect(card.getByText('Available: 12')).toBeVisible();
    const image = card.getByRole('img', { name });
    await expect(image).toHaveAttribute('src', /^\/images\/[a-f0-9]{32}\.webp$/);
    await expectStoredImageShown(image);

    // In Manage Products, on its last page.
    await page.goto('/dashbord');
    await dashboardMenu(page).getByRole('link', { name: 'Manage Products' }).click();
    await expect(page).toHaveURL(/\/dashbord\/manageProducts$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Products' })).toBeVisible();
    await showLastProductPage(page);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('$64.50');

    // Update: the name stays, the rest changes.
    await row.getByRole('link', { name: /Update Product/ }).click();
    await expect(page).toHaveURL(/\/dashbord\/updateproducts\/[0-9a-f]{24}$/);
    const productId = page.url().split('/').pop()!;
    const update = page.getByRole('form', { name: 'Update Product' });
    await expect(update.getByLabel(/^Name/)).toHaveValue(name);
    await expect(update.getByLabel(/^Name/)).not.toBeEditable();
    await expect(update.getByLabel('Price', { exact: true })).toHaveValue('64.50');
    await update.getByLabel('Short Description').fill('Heavy-duty X-ring chain kit.');
    await update.getByLabel('Price', { exact: true }).fill('71.25');
    await update.getByLabel('Quantity', { exact: true }).fill('30');
    await update.getByLabel('Minimum Order Quantity').fill('3');
    await update.getByLabel(/^New Photo/).setInputFiles(pngFile('chain-new.png'));
    // Two more photos, each uploaded as it is chosen and shown after the image in this order.
    await update.getByLabel(/^More photos/).setInputFiles([colourPngFile('chain-side.png', [200, 40, 40]), colourPngFile('chain-rear.png', [40, 40, 200])]);
    await expect(update.getByRole('img', { name: 'More photo 2' })).toBeVisible();
    await update.getByRole('button', { name: 'Update Product' }).click();
    await expect(page.getByText('Product Updated')).toBeVisible();

    const saved = (await (await page.request.get(api(`/products/${productId}`))).json()) as Product;
    expect(saved).toMatchObject({ name, decreption: 'Heavy-duty X-ring chain kit.', price: 71.25, quantity: 30, minimum: 3 });
    expect(saved.images).toHaveLength(3);
    expect(saved.images?.[0]).toBe(saved.img);

    // The part page: its HTML is the page itself, with the answers it was made from; a gallery of the three
    // photos, and the large view of one that Escape closes.
    const html = await (await page.request.get(`/parts/${productId}`)).text();
    expect(html).toContain(`src="${saved.img}"`);
    expect(html).toContain('<script type="application/json" id="query-state">');
    await page.goto(`/parts/${productId}`);
    const thumbnails = page.getByRole('list', { name: 'Photos of this part' }).getByRole('button');
    await expect(thumbnails).toHaveCount(3);
    await page.getByRole('button', { name: 'Show photo 2 of 3' }).click();
    await expect(page.getByRole('img', { name, exact: true })).toHaveAttribute('src', saved.images![1]!);
    await page.getByRole('button', { name: `Enlarge the photo of ${name}` }).click();
    const zoom = page.getByRole('dialog', { name: `${name}: photo 2 of 3` });
    await expect(zoom.getByRole('img', { name })).toHaveAttribute('src', saved.images![1]!);
    await expect(zoom.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('dialog', { name: `${name}: photo 3 of 3` })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.goto(`/dashbord/updateproducts/${productId}`);
    await page.reload();
    await expect(update.getByLabel('Price', { exact: true })).toHaveValue('71.25');
    await expect(update.getByLabel('Minimum Order Quantity')).toHaveValue('3');

    await page.getByRole('link', { name: 'Back to Manage Products' }).click();
    await showLastProductPage(page);
    await expect(row).toContainText('$71.25');
    await expect(row.getByRole('cell', { name: '30', exact: true })).toBeVisible();

    // Delete, after the confirmation.
    await row.getByRole('button', { name: /Delete/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you Sure, You Want to Delete?' });
    await expect(dialog).toContainText(name);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: /Delete/ }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Product Delete Successfully.')).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await page.request.get(api(`/products/${productId}`))).status()).toBe(404);
  });

  test("Update Product puts the shop's refusal under its field: the stock moved while the form was open", async ({ page, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(/status of 409/);
    const token = await signIn(page, ADMIN);
    const headers = { Authorization: `Bearer ${token}` };
    const photo = await page.request.post(api('/images'), { headers, multipart: { image: pngFile() } });
    const img = ((await photo.json()) as { data: { url: string } }).data.url;
    const created = await page.request.post(api('/products'), {
      headers,
      data: { name: `Stock Race Lever ${unique()}`, decreption: 'Folding clutch lever.', price: 18.5, quantity: 10, minimum: 1, img },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const productId = ((await created.json()) as { insertedId: string }).insertedId;

    await page.goto(`/dashbord/updateproducts/${productId}`);
    const form = page.getByRole('form', { name: 'Update Product' });
    const quantity = form.getByLabel('Quantity', { exact: true });
    await expect(quantity).toHaveValue('10');
    // Meanwhile the shelf is counted again, through SPEC's stock call.
    expect((await page.request.put(api(`/products/${productId}`), { headers, data: { updatequantity: 7 } })).ok()).toBe(true);
    await quantity.fill('12');
    const refused = page.waitForResponse((response) => response.url().endsWith(`/api/product/${productId}`) && response.request().method() === 'PUT');
    await form.getByRole('button', { name: 'Update Product' }).click();
    expect((await refused).status()).toBe(409);
    await expectMessages([
      [quantity, productMessages.stockChanged(7)],
      [form.getByLabel('Price', { exact: true }), null],
    ]);
    await expect(page.getByText('Product Updated')).toHaveCount(0);
    expect(((await (await page.request.get(api(`/products/${productId}`))).json()) as Product).quantity).toBe(7);
    expect((await page.request.delete(api(`/products/${productId}`), { headers })).ok()).toBe(true);
  });

  test("a customer on Add Product is told \"Sorry! It's Procte for Admin\"", async ({ page, allowedConsoleErrors }) => {
    // The guard ends the session while the dashboard may still be asking for the account's role;
    // that last answer is a 401, which the browser logs.
    allowedConsoleErrors.push(/status of 401/);
    await signInNewCustomer(page, 'reviewer');
    await page.goto('/dashbord/addproducts');
    await expect(page.getByText("Sorry! It's Procte for Admin")).toBeVisible();
    await expect(page).toHaveURL(/\/singin$/);
  });
});

test.describe('reviews', () => {
  test('a customer adds a review with a photo, it shows on home, and an admin deletes it', async ({ page }) => {
    // A photo, the home page, then a confirmed deletion: a long journey.
    test.slow();
    const text = `The pads fit perfectly and arrived in two days (${unique()}).`;
    const customer = await signInNewCustomer(page, 'reviewer');
    await page.goto('/dashbord');
    await expect(dashboardMenu(page).getByRole('link', { name: 'Add Review' })).toBeVisible();
    await expect(dashboardMenu(page).getByRole('link', { name: 'Add Product' })).toHaveCount(0);
    await dashboardMenu(page).getByRole('link', { name: 'Add Review' }).click();
    await expect(page).toHaveURL(/\/dashbord\/addreview$/);

    const form = page.getByRole('form', { name: 'Add Review' });
    await form.getByLabel('Review').fill(text);
    await form.getByRole('radio', { name: '5 stars' }).check();
    await form.getByLabel(/^Image/).setInputFiles(pngFile('me.png'));

    // The shop answers the upload a moment late, so the busy button and the progress can be seen.
    await page.route(api('/images'), async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await form.getByRole('button', { name: 'Add Review' }).click();
    await expect(form.getByRole('progressbar', { name: 'Uploading image' })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Add Review' })).toBeDisabled();
    await expect(page.getByText('Review added Successful.')).toBeVisible();
    await expect(form.getByLabel('Review')).toHaveValue('');

    await page.goto('/#reviews');
    const reviews = page.locator('section').filter({ has: page.getByRole('heading', { name: 'All Customer Review' }) });
    await expect(reviews.getByRole('listitem')).toHaveCount(3);
    const mine = reviews.getByRole('listitem').filter({ hasText: text });
    await expect(mine).toBeVisible();
    await expect(mine.getByTestId('review-name')).toHaveText(customer.name);
    const avatar = mine.getByRole('img', { name: customer.name });
    await expectStoredImageShown(avatar);

    // The admin removes it.
    await signIn(page, ADMIN);
    await page.goto('/dashbord');
    await dashboardMenu(page).getByRole('link', { name: 'Manage Reviews' }).click();
    await expect(page).toHaveURL(/\/dashbord\/manageReview$/);
    const row = page.getByRole('row').filter({ hasText: text });
    await expect(row).toContainText(customer.email);
    await expect(row).toContainText(customer.name);
    await row.getByRole('button', { name: /Delete/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Are You Sure?You Want to Delete?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Product Delete Successful.')).toBeVisible();
    await expect(row).toHaveCount(0);

    await page.goto('/#reviews');
    await expect(reviews.getByRole('listitem').first()).toBeVisible();
    await expect(reviews.getByText(text)).toHaveCount(0);
  });

  test('a review written as markup is shown as text and runs nothing', async ({ page }) => {
    const attack = `<img src=x onerror=window.__xss=1> ${unique()}`;
    await signInNewCustomer(page, 'reviewer');
    await page.goto('/dashbord/addreview');
    const form = page.getByRole('form', { name: 'Add Review' });
    await form.getByLabel('Review').fill(attack);
    await form.getByRole('radio', { name: '4 stars' }).check();
    await form.getByLabel(/^Image/).setInputFiles(pngFile());
    await form.getByRole('button', { name: 'Add Review' }).click();
    await expect(page.getByText('Review added Successful.')).toBeVisible();

    await page.goto('/#reviews');
    await expect(page.getByText(attack, { exact: true })).toBeVisible();
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    await expect(page.locator('img[src="x"]')).toHaveCount(0);

    await signIn(page, ADMIN);
    await page.goto('/dashbord/manageReview');
    const row = page.getByRole('row').filter({ hasText: attack });
    await expect(row.getByRole('cell', { name: attack, exact: true })).toBeVisible();
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    await expect(page.locator('img[src="x"]')).toHaveCount(0);

    // Leave the home page's latest reviews as they were for other journeys.
    const all = (await (await page.request.get(api('/getreviews'))).json()) as Review[];
    const created = all.find((review) => review.review === attack);
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    expect((await page.request.delete(api(`/review/${created!._id}`), { headers: { Authorization: `Bearer ${token}` } })).ok()).toBe(true);
  });

  test("an admin on Add Review is told \"Sorry BOSS! It's procte for User\"", async ({ page, allowedConsoleErrors }) => {
    // The guard ends the session while the dashboard may still be asking for the account's role;
    // that last answer is a 401, which the browser logs.
    allowedConsoleErrors.push(/status of 401/);
    const id = unique();
    const admin = { name: `Admin ${id}`, email: `second-admin-${id}@example.com`, password: 'ride-safe-42' };
    // A second admin, so that the guard's sign-out does not end the main admin's session.
    await createAccount(page, admin);
    // Only an address its owner confirmed may become admin.
    await confirmEmailAddress(page, admin.email);
    const adminToken = await signIn(page, ADMIN);
    expect(
      (await page.request.put(api(`/user/admin/${encodeURIComponent(admin.email)}`), { headers: { Authorization: `Bearer ${adminToken}` } })).ok(),
    ).toBe(true);
    await signIn(page, admin);
    await page.goto('/dashbord/addreview');
    await expect(page.getByText("Sorry BOSS! It's procte for User")).toBeVisible();
    await expect(page).toHaveURL(/\/singin$/);
  });
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the dashboard menu keeps the keyboard while it is open and gives it back when it closes', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto('/dashbord/manageProducts');
    const menuButton = page.getByRole('button', { name: 'Dashbord menu', exact: true });
    await menuButton.click();
    const menu = page.locator('#dashboard-menu');
    await expect(menu.getByRole('link').first()).toBeFocused();
    // Round the whole menu and further: the focus never leaves it.
    const controls = await menu.locator('a, button').count();
    for (let step = 0; step <= controls + 1; step += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#dashboard-menu')))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#dashboard-menu')))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(menuButton).toBeFocused();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });
});
