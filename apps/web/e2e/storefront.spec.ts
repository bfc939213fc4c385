import { PAGE_SIZE, type Product } from '@shop/shared';
import type { Page } from '@playwright/test';
import { ADMIN, api, expect, linkInEmailTo, signIn, test } from './fixtures';

/** Scrolls down the page as a reader would, so what loads on the way (the home page's later sections) is drawn. */
async function scrollToFooter(page: Page) {
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
}

test.describe('home page', () => {
  test('shows all seven sections with their SPEC texts', async ({ page }) => {
    const makesCalls: string[] = [];
    const reviewsCalls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/api/vehicles/makes') makesCalls.push(request.url());
      if (pathname === '/api/getreviews') reviewsCalls.push(request.url());
    });
    await page.goto('/');
    await expect(page.getByRole('combobox', { name: 'Make' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(makesCalls, 'the bike picker asks for the makes only once the visitor comes to it').toEqual([]);
    expect(reviewsCalls, 'the reviews are asked for only as the visitor scrolls towards them').toEqual([]);
    const makes = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/vehicles/makes');
    await page.getByRole('region', { name: 'Shop by bike' }).hover();
    expect((await makes).ok()).toBe(true);
    // The sections after the products load as the visitor scrolls towards them.
    await scrollToFooter(page);
    await expect.poll(() => reviewsCalls.length).toBe(1);
    await expect(page.getByRole('region', { name: 'Featured' }).or(page.locator('[aria-roledescription="carousel"]')).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Get Service Parts' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'MILLION BUSINESS TRUST US' })).toBeVisible();
    await expect(page.getByText('TRY TO UNDERSTAND USER EXPECTATION')).toBeVisible();
    await expect(page.getByText('Have any question about our product?')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Any Questions.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Contact Us' })).toBeVisible();
    for (const label of ['Name', 'Email Address', 'Phone', 'Subject', 'Message']) {
      await expect(page.getByLabel(label, { exact: false }).first()).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'All Customer Review' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our Services' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Cooling System' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Engine Valves' })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    for (const column of ['Services', 'Company', 'Legal']) await expect(footer.getByText(column, { exact: true })).toBeVisible();
  });

  test('the trust counters count up to their SPEC figures', async ({ page }) => {
    await page.goto('/');
    await scrollToFooter(page);
    await page.getByRole('heading', { name: 'MILLION BUSINESS TRUST US' }).scrollIntoViewIfNeeded();
    const counters: Array<[string, string]> = [
      ['782+', 'Motor Bike Parts'],
      ['21+', 'countries'],
      ['550+', 'Customer Service'],
      ['1000+', 'Review'],
    ];
    for (const [figure, label] of counters) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
      await expect(page.getByText(figure, { exact: true })).toBeVisible({ timeout: 15_000 });
    }
  });

  test('the carousel wraps around both ways', async ({ page }) => {
    await page.goto('/');
    const current = page.locator('[aria-roledescription="slide"]:not([hidden])');
    await expect(current).toHaveAttribute('aria-label', '1 of 3');
    await page.getByRole('button', { name: 'Previous slide' }).click();
    await expect(current).toHaveAttribute('aria-label', '3 of 3');
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect(current).toHaveAttribute('aria-label', '1 of 3');
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect(current).toHaveAttribute('aria-label', '2 of 3');
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect(current).toHaveAttribute('aria-label', '3 of 3');
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect(current).toHaveAttribute('aria-label', '1 of 3');
    await expect(page.locator('a[href="#slide4"]')).toHaveCount(0);
  });

  test('shows the latest three reviews, newest first, names capitalised', async ({ page, request }) => {
    await page.goto('/#reviews');
    const section = page.locator('section').filter({ has: page.getByRole('heading', { name: 'All Customer Review' }) });
    const names = section.getByTestId('review-name');
    await expect(names).toHaveCount(3);
    // Other journeys add and delete reviews meanwhile: compare with what the server says now.
    await expect(async () => {
      await page.reload();
      const all = (await (await request.get(api('/getreviews'))).json()) as Array<{ name: string }>;
      const latest = all.slice(-3).reverse().map((review) => review.name);
      await expect(names).toHaveCount(3);
      expect(await names.allTextContents()).toEqual(latest);
    }).toPass({ timeout: 20_000 });
    expect(await names.first().evaluate((element) => getComputedStyle(element).textTransform)).toBe('capitalize');
  });

  test('Contact Us takes the visitor to the contact form', async ({ page }) => {
    await page.goto('/');
    await scrollToFooter(page);
    await page.getByRole('button', { name: 'Contact Us' }).click();
    await expect(page.getByLabel('Name')).toBeFocused();
  });

  test('the contact form says what is wrong, then sends and confirms; the shop gets it by email and in Messages', async ({ page }) => {
    const subject = `Chain kit fitment ${Date.now().toString(36)}`;
    await page.goto('/#contact');
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send' }) });
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByText('Name is Required')).toBeVisible();
    await expect(form.getByText('Email is Required')).toBeVisible();
    await expect(form.getByText('Subject is Required')).toBeVisible();
    await expect(form.getByText('Message is Required')).toBeVisible();
    await form.getByLabel('Name').fill('Ayesha Rahman');
    await form.getByLabel('Email Address').fill('not-an-email');
    await form.getByLabel('Subject').fill(subject);
    await form.getByLabel('Message').fill('<b>Does</b> the 520 chain kit fit a 2019 MT-07?');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByText('Please provide a valid email')).toBeVisible();
    await expect(form.getByLabel('Message')).toHaveValue('<b>Does</b> the 520 chain kit fit a 2019 MT-07?');
    await form.getByLabel('Email Address').fill('ayesha@example.com');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Thank you! Your message has been sent.')).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveValue('');

    // The shop's address (here the admin's) gets it, answerable straight to the visitor.
    await linkInEmailTo(ADMIN.email, new RegExp(`Subject: Contact form: ${subject}`));
    await linkInEmailTo(ADMIN.email, /Reply-To: ayesha@example\.com/);

    // And it waits, unread, in the admin's Messages.
    await signIn(page, ADMIN);
    await page.goto('/dashbord');
    const messagesLink = page.getByRole('navigation', { name: 'Dashbord' }).getByRole('link', { name: /^Messages/ });
    await expect(messagesLink.getByTestId('unread-messages')).toBeVisible();
    await messagesLink.click();
    await expect(page).toHaveURL(/\/dashbord\/messages$/);
    const card = page.getByTestId('contact-message').filter({ has: page.getByRole('heading', { name: subject }) });
    await expect(card.getByText('New', { exact: true })).toBeVisible();
    await expect(card.getByText('<b>Does</b> the 520 chain kit fit a 2019 MT-07?')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Reply to Ayesha Rahman by email' })).toHaveAttribute('href', /^mailto:ayesha@example\.com\?subject=Re%3A%20Chain%20kit/);
    await card.getByRole('button', { name: /^Mark as read/ }).click();
    await expect(card.getByRole('button', { name: /^Mark as unread/ })).toBeVisible();
    await expect(card.getByText('New', { exact: true })).toHaveCount(0);
  });
});

test.describe('catalogue', () => {
  test('home pagination: one button per six products, page 2 shows other products', async ({ page, request }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Product pages' });
    // Other journeys add and delete products meanwhile: compare with what the server says now.
    await expect(async () => {
      await page.reload();
      const { count } = (await (await request.get(api('/productCount'))).json()) as { count: number };
      await expect(nav.getByRole('link')).toHaveCount(Math.ceil(count / PAGE_SIZE), { timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    await expect(nav.getByRole('link', { name: '1', exact: true })).toHaveAttribute('aria-current', 'page');
    const cards = page.getByTestId('product-card');
    await expect(cards).toHaveCount(PAGE_SIZE);
    const firstPage = await cards.getByRole('heading').allTextContents();
    await nav.getByRole('link', { name: '2', exact: true }).click();
    await expect(nav.getByRole('link', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(cards.first().getByRole('heading')).not.toHaveText(firstPage[0]!);
    const secondPage = await cards.getByRole('heading').allTextContents();
    expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
    // The page is in the address: a reload shows the same products, at the products section.
    await expect(page).toHaveURL(/\/\?page=2#products$/);
    await page.reload();
    await expect(nav.getByRole('link', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(cards.first().getByRole('heading')).toHaveText(secondPage[0]!);
    await page.goBack();
    await expect(nav.getByRole('link', { name: '1', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('/allproducts lists the catalogue with the same pagination, the page kept in the address', async ({ page, request }) => {
    const secondPage = (await (await request.get(api(`/products?page=1&size=${PAGE_SIZE}`))).json()) as Product[];
    await page.goto('/allproducts');
    await page.getByRole('navigation', { name: 'Product pages' }).getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/\/allproducts\?page=2$/);
    for (const product of secondPage) await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: secondPage[0]!.name })).toBeVisible();
  });

  test('a card shows image, name, description, price, stock and minimum, and Purchase leads to the purchase page', async ({ page, request }) => {
    const [product] = (await (await request.get(api('/products?page=0&size=1'))).json()) as Product[];
    await page.goto('/allproducts');
    const card = page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name: product!.name }) });
    await expect(card.getByRole('img', { name: product!.name })).toBeVisible();
    await expect(card.getByText(product!.decreption)).toBeVisible();
    await expect(card.getByText(`$${product!.price.toFixed(2)}`)).toBeVisible();
    await expect(card.getByText(`Available: ${product!.quantity}`)).toBeVisible();
    await expect(card.getByText(`Minimum order: ${product!.minimum}`)).toBeVisible();
    await expect(card.getByRole('link', { name: /Purchase/ })).toHaveAttribute('href', `/purchase/${product!._id}`);
  });

  test('an out-of-stock card says so and offers Try Agian instead of Purchase', async ({ page, request }) => {
    const all: Product[] = [];
    for (let pageIndex = 0; all.length % 100 === 0; pageIndex++) {
      const batch = (await (await request.get(api(`/products?page=${pageIndex}&size=100`))).json()) as Product[];
      all.push(...batch);
      if (batch.length === 0) break;
    }
    const index = all.findIndex((product) => product.quantity < product.minimum);
    expect(index).toBeGreaterThanOrEqual(0);
    const product = all[index]!;
    await page.goto(`/allproducts?page=${Math.floor(index / PAGE_SIZE) + 1}`);
    const card = page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name: product.name }) });
    await expect(card.getByText('Out OF Stock.')).toBeVisible();
    await expect(card.getByRole('button', { name: /Try Agian/ })).toBeVisible();
    await expect(card.getByRole('link', { name: /Purchase/ })).toHaveCount(0);
  });
});

test.describe('other pages', () => {
  test('/blogs shows only its placeholder', async ({ page }) => {
    await page.goto('/blogs');
    await expect(page.getByText('Comming Sooon')).toBeVisible();
  });

  test('any other path shows the not-found page with an image, answered as 404', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.locator('main img')).toBeVisible();
    expect(await page.locator('main img').getAttribute('alt')).toBeTruthy();
    await expect(page.getByRole('link', { name: /home/i }).first()).toBeVisible();
  });

  test("the footer's policy links open the shop's own pages, at the section they name", async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Warranty Terms' }).click();
    await expect(page).toHaveURL(/\/warranty#terms$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Warranty' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Warranty terms for parts' })).toBeInViewport();
    for (const [link, url, heading] of [
      ['About Us', /\/about$/, 'About Moto Parts'],
      ['Returns & Refunds', /\/returns$/, 'Returns & Refunds'],
      ['Privacy Requests', /\/privacy#requests$/, 'Privacy'],
      ['Terms of Sale', /\/terms$/, 'Terms of Sale'],
    ] as const) {
      await footer.getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(await page.title()).toContain(heading === 'About Moto Parts' ? 'About Us' : heading);
    }
    const response = await page.goto('/privacy');
    expect(response?.status()).toBe(200);
  });

  test('the navbar reaches every public page with the keyboard', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('banner').getByRole('navigation').first();
    await nav.getByRole('link', { name: 'Products' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/allproducts$/);
    await nav.getByRole('link', { name: 'Blogs' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/blogs$/);
    await expect(page.getByRole('link', { name: 'SignIn' }).first()).toHaveAttribute('href', '/singin');
  });
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('products stack in one column and the menu opens', async ({ page }) => {
    await page.goto('/');
    const cards = page.getByTestId('product-card');
    await expect(cards).toHaveCount(PAGE_SIZE);
    const boxes = await Promise.all([0, 1, 2].map(async (index) => (await cards.nth(index).boundingBox())!));
    expect(new Set(boxes.map((box) => Math.round(box.x))).size).toBe(1);
    expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('link', { name: 'Blogs' }).first()).toBeVisible();
  });
});
