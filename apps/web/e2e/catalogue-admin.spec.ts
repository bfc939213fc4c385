import type { Product, Review } from '@shop/shared';
import type { Locator, Page } from '@playwright/test';
import { ADMIN, api, confirmEmailAddress, createAccount, expect, pngFile, SCALE_OUT, seriousAxeViolations, signIn, signInNewCustomer, test, uniqueEmail } from './fixtures';

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

/** The message FormField shows under a field: the error its aria-describedby points at. */
async function messageFor(field: Locator): Promise<string | null> {
  const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
  const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
  return errorId ? field.page().locator(`[id="${errorId}"]`).textContent() : null;
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

/** A product the seed put in the catalogue, for pages that only show one. */
async function seededProduct(page: Page): Promise<Product> {
  const [product] = (await (await page.request.get(api('/products?page=0&size=1'))).json()) as Product[];
  return product!;
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
    await form.getByLabel('Price').fill('64.5');
    await form.getByLabel('Quantity').fill('12');
    await form.getByLabel('Minimum').fill('2');
    await form.getByLabel(/^Image/).setInputFiles(pngFile('chain.png'));
    await expect(form.locator('img')).toBeVisible();
    await form.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText('Product added successfully')).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveValue('');
    await expect(form.getByLabel(/^Image/)).toHaveValue('');

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
    await expect(update.getByLabel('Price')).toHaveValue('64.50');
    await update.getByLabel('Short Description').fill('Heavy-duty X-ring chain kit.');
    await update.getByLabel('Price').fill('71.25');
    await update.getByLabel('Quantity', { exact: true }).fill('30');
    await update.getByLabel('Minimum Order Quantity').fill('3');
    await update.getByLabel(/^New Photo/).setInputFiles(pngFile('chain-new.png'));
    await update.getByRole('button', { name: 'Update Product' }).click();
    await expect(page.getByText('Product Updated')).toBeVisible();

    const saved = (await (await page.request.get(api(`/products/${productId}`))).json()) as Product;
    expect(saved).toMatchObject({ name, decreption: 'Heavy-duty X-ring chain kit.', price: 71.25, quantity: 30, minimum: 3 });
    await page.reload();
    await expect(update.getByLabel('Price')).toHaveValue('71.25');
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

  test('Add Product says what is wrong under each field', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto('/dashbord/addproducts');
    const form = page.getByRole('form', { name: 'Add new Product' });
    const field = {
      name: form.getByLabel('Name'),
      decreption: form.getByLabel('Decreption'),
      price: form.getByLabel('Price'),
      quantity: form.getByLabel('Quantity'),
      minimum: form.getByLabel('Minimum'),
      image: form.getByLabel(/^Image/),
    };
    await form.getByRole('button', { name: 'Add Product' }).click();
    await expectMessages([
      [field.name, 'Name is Required'],
      [field.decreption, 'decreption is Required'],
      [field.price, 'price is Required'],
      [field.quantity, 'Quantity is Required'],
      [field.minimum, 'Quantity is Required'],
      [field.image, 'Image is Required'],
    ]);

    await field.name.fill('Brake Lever');
    await field.decreption.fill('Forged aluminium lever.');
    await field.quantity.fill('2.5');
    await field.minimum.fill('0');
    for (const price of ['abc', '1.234', '-1']) {
      await field.price.fill(price);
      await form.getByRole('button', { name: 'Add Product' }).click();
      await expectMessages([
        [field.name, null],
        [field.price, 'Enter a price above 0 with at most 2 decimals, such as 12.99'],
        [field.quantity, 'Enter a whole number from 0'],
        [field.minimum, 'Enter a whole number from 1'],
      ]);
    }
    await expect(page.getByText('Product added successfully')).toHaveCount(0);
  });

  test('Update Product shows each message under its own field, and says when a product does not exist', async ({ page, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(/status of 404/);
    const product = await seededProduct(page);
    await signIn(page, ADMIN);
    await page.goto(`/dashbord/updateproducts/${product._id}`);
    const form = page.getByRole('form', { name: 'Update Product' });
    const field = {
      description: form.getByLabel('Short Description'),
      price: form.getByLabel('Price'),
      quantity: form.getByLabel('Quantity', { exact: true }),
      minimum: form.getByLabel('Minimum Order Quantity'),
    };
    await expect(field.description).toHaveValue(product.decreption);
    for (const input of Object.values(field)) await input.fill('');
    await form.getByRole('button', { name: 'Update Product' }).click();
    await expectMessages([
      [field.description, 'Descreption is Required'],
      [field.price, 'Price is Required'],
      [field.quantity, 'Quantity is Required'],
      [field.minimum, 'Quantity is Required'],
    ]);
    await field.description.fill(product.decreption);
    await field.price.fill('1.234');
    await field.quantity.fill('7');
    await form.getByRole('button', { name: 'Update Product' }).click();
    await expectMessages([
      [field.description, null],
      [field.price, 'Enter a price above 0 with at most 2 decimals, such as 12.99'],
      [field.quantity, null],
      [field.minimum, 'Quantity is Required'],
    ]);
    await expect(page.getByText('Product Updated')).toHaveCount(0);

    await page.goto(`/dashbord/updateproducts/${'f'.repeat(24)}`);
    await expect(page.getByText('There is no product with this id. It may have been deleted.')).toBeVisible();
    await expect(page.getByRole('form')).toHaveCount(0);
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
    // Three tries of the form, a photo, the home page, then a confirmed deletion: a long journey.
    test.slow();
    const text = `The pads fit perfectly and arrived in two days (${unique()}).`;
    const customer = await signInNewCustomer(page, 'reviewer');
    await page.goto('/dashbord');
    await expect(dashboardMenu(page).getByRole('link', { name: 'Add Review' })).toBeVisible();
    await expect(dashboardMenu(page).getByRole('link', { name: 'Add Product' })).toHaveCount(0);
    await dashboardMenu(page).getByRole('link', { name: 'Add Review' }).click();
    await expect(page).toHaveURL(/\/dashbord\/addreview$/);

    const form = page.getByRole('form', { name: 'Add Review' });
    await form.getByRole('button', { name: 'Add Review' }).click();
    await expectMessages([
      [form.getByLabel('Review'), 'Review is Required. Please Try Again.'],
      [form.getByLabel(/^Ratings/), 'Ratings is Required. Please Try Agian.'],
      [form.getByLabel(/^Image/), 'Image is Required.Please Try Again.'],
    ]);
    await form.getByLabel('Review').fill(text);
    await form.getByLabel(/^Ratings/).fill('five');
    await form.getByLabel(/^Image/).setInputFiles(pngFile('me.png'));
    await form.getByRole('button', { name: 'Add Review' }).click();
    await expectMessages([
      [form.getByLabel('Review'), null],
      [form.getByLabel(/^Ratings/), 'Ratings must be a whole number from 1 to 5'],
    ]);
    await form.getByLabel(/^Ratings/).fill('5');

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

    await page.goto('/');
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

    await page.goto('/');
    await expect(reviews.getByRole('listitem').first()).toBeVisible();
    await expect(reviews.getByText(text)).toHaveCount(0);
  });

  test('a review written as markup is shown as text and runs nothing', async ({ page }) => {
    const attack = `<img src=x onerror=window.__xss=1> ${unique()}`;
    await signInNewCustomer(page, 'reviewer');
    await page.goto('/dashbord/addreview');
    const form = page.getByRole('form', { name: 'Add Review' });
    await form.getByLabel('Review').fill(attack);
    await form.getByLabel(/^Ratings/).fill('4');
    await form.getByLabel(/^Image/).setInputFiles(pngFile());
    await form.getByRole('button', { name: 'Add Review' }).click();
    await expect(page.getByText('Review added Successful.')).toBeVisible();

    await page.goto('/');
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

  test('the admin pages fit the screen; wide tables scroll inside their frame', async ({ page }) => {
    await signIn(page, ADMIN);
    for (const path of ['/dashbord/addproducts', '/dashbord/manageProducts', '/dashbord/manageReview']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('form, table').first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
  });

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

  test('one long word in what a customer typed wraps inside its card instead of widening the page', async ({ page }) => {
    const word = 'Supercalifragilisticexpialidociousmotorbikeserviceparts';
    const customer = { name: `Rider ${word}`, email: uniqueEmail('long-word'), password: 'ride-safe-42' };
    expect((await page.request.post(api('/auth/sign-up/email'), { data: customer })).ok()).toBe(true);
    const token = await signIn(page, customer);
    const authorization = { Authorization: `Bearer ${token}` };
    const products = (await (await page.request.get(api('/products?page=0&size=6'))).json()) as Product[];
    const product = products.find((candidate) => candidate.quantity >= candidate.minimum)!;
    const order = await page.request.post(api('/orders'), {
      headers: authorization,
      data: { productId: product._id, quantity: product.minimum, location: `${word} street`, phone: '+44 20 7946 0000' },
    });
    expect(order.ok()).toBe(true);
    const upload = await page.request.post(api('/images'), { headers: authorization, multipart: { image: pngFile() } });
    const review = await page.request.post(api('/review'), { headers: authorization, data: { review: `Great ${word}${word} pads`, ratings: 5, img: (await upload.json()).data.url } });
    expect(review.ok()).toBe(true);
    const reviewId = (await review.json()).insertedId as string;

    await page.goto('/dashbord/myorders');
    await expect(page.getByTestId('order-row').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'My Orders').toBeLessThanOrEqual(390);
    const adminToken = await signIn(page, ADMIN);
    for (const path of ['/dashbord/makeAdmin', '/dashbord/manageAllorders', '/dashbord/manageReview']) {
      await page.goto(path);
      await expect(page.getByText(word, { exact: false }).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
    // Leave the shared catalogue as other journeys expect it.
    expect((await page.request.delete(api(`/review/${reviewId}`), { headers: { Authorization: `Bearer ${adminToken}` } })).ok()).toBe(true);
    expect((await page.request.delete(api(`/orders/${(await order.json()).insertedId}`), { headers: authorization })).ok()).toBe(true);
  });
});

test.describe('accessibility', () => {
  // One page per test: an axe run takes seconds on a busy machine.
  const adminPages: Array<[string, (product: Product) => string, string]> = [
    ['Add Product', () => '/dashbord/addproducts', 'Add new Product'],
    ['Manage Products', () => '/dashbord/manageProducts', 'Manage Products'],
    ['Update Product', (product) => `/dashbord/updateproducts/${product._id}`, 'Update Product'],
    ['Manage Reviews', () => '/dashbord/manageReview', 'Manage Reviews'],
  ];
  for (const [title, path, heading] of adminPages) {
    test(`no serious or critical axe violations on ${title}`, async ({ page }) => {
      const product = await seededProduct(page);
      await signIn(page, ADMIN);
      await page.goto(path(product));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }

  test('no serious or critical axe violations with a delete confirmation open', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto('/dashbord/manageProducts');
    await page.getByRole('row').nth(1).getByRole('button', { name: /Delete/ }).click();
    await expect(page.getByRole('dialog', { name: 'Are you Sure, You Want to Delete?' })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test("no serious or critical axe violations on Add Product with the form's messages", async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto('/dashbord/addproducts');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText('Name is Required')).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('no serious or critical axe violations on Add Review, before and after its messages', async ({ page }) => {
    await signInNewCustomer(page, 'reviewer');
    await page.goto('/dashbord/addreview');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Review' })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add Review' }).click();
    await expect(page.getByText('Review is Required. Please Try Again.')).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
