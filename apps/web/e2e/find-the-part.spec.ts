import type { Page } from '@playwright/test';
import { ADMIN, api, expect, pngFile, seriousAxeViolations, signIn, signInNewCustomer, test } from './fixtures';

/** Bought and reviewed here only: no other journey orders it, so its stock and reviews are this file's. */
const REVIEWED_PART = 'Chain Lube Spray, 400 ml';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search parts' });
/** A result's name, the card's link to the part page. */
const cardLink = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true }).getByRole('link');

test.describe('finding the part', () => {
  test('a rider searches from the navbar with a typo and reaches the part page', async ({ page }) => {
    await page.goto('/');
    await searchBox(page).fill('oil filtr');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(/\/search\?q=oil\+filtr$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Results for "oil filtr"' })).toBeVisible();
    await expect(page.getByText(/^\d+ parts$/)).toBeVisible();
    await cardLink(page, 'Spin-On Oil Filter, 65 mm').click();

    await expect(page).toHaveURL(/\/parts\/[a-f0-9]{24}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Spin-On Oil Filter, 65 mm');
    await expect(page.getByText('Part number: HF204')).toBeVisible();
    await expect(page.getByText(/^Replaces OEM: 15410-MFJ-D01/)).toBeVisible();
    await expect(page.getByText(/out of 5$/)).toBeVisible();
    // Under the stock, a visitor sees when the cheapest delivery to the shop's country arrives (SPEC-3 section 1).
    const arrival = page.getByTestId('part-arrival').getByText(/^Arrives /);
    await expect(arrival).toHaveText(/^Arrives [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}( – [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2})?$/);
    const stockBottom = await page.getByText(/^Available: \d+$/).evaluate((element) => element.getBoundingClientRect().bottom);
    expect(await arrival.evaluate((element) => element.getBoundingClientRect().top)).toBeGreaterThanOrEqual(stockBottom);
    // The part number with a separator finds the same part first.
    await searchBox(page).fill('hf-204');
    await searchBox(page).press('Enter');
    await expect(page.getByTestId('product-card').first().getByRole('heading', { level: 2 })).toHaveText('Spin-On Oil Filter, 65 mm');
  });

  test('filters by category and brand, every choice in the address, kept across a reload', async ({ page }) => {
    await page.goto('/search?q=oil');
    await expect(page.getByText(/^\d+ parts$/)).toBeVisible();
    await page.getByRole('combobox', { name: 'Category' }).selectOption('Filters');
    await expect(page).toHaveURL(/category=Filters/);
    await page.getByRole('combobox', { name: 'Brand' }).selectOption('HiFlo');
    await expect(page).toHaveURL(/\/search\?q=oil&category=Filters&brand=HiFlo$/);
    // The box shows the address, which changes a moment after the click.
    await page.getByRole('checkbox', { name: 'In stock only' }).click();
    await expect(page.getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
    await expect(page).toHaveURL(/inStock=true/);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: low to high' });
    await expect(page).toHaveURL(/\/search\?q=oil&category=Filters&brand=HiFlo&inStock=true&sort=price-asc$/);
    const names = page.getByRole('region', { name: 'Results for "oil"' }).getByRole('heading', { level: 2 });
    // The seeded prices: $8.99, $9.49, $9.99. The previous order stays on screen until the sorted answer arrives.
    const cheapestFirst = ['Spin-On Oil Filter, 65 mm', 'Cartridge Oil Filter for Suzuki Twins', 'Spin-On Oil Filter, 80 mm'];
    await expect(page.getByText('3 parts', { exact: true })).toBeVisible();
    await expect(names).toHaveText(cheapestFirst);

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('Filters');
    await expect(page.getByRole('combobox', { name: 'Brand' })).toHaveValue('HiFlo');
    await expect(page.getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-asc');
    await expect(page.getByText('3 parts', { exact: true })).toBeVisible();
    await expect(names).toHaveText(cheapestFirst);
  });

  test("nothing found says so and offers the categories", async ({ page }) => {
    await page.goto('/');
    await searchBox(page).fill('xylophone');
    await searchBox(page).press('Enter');
    await expect(page.getByText('No parts found for "xylophone"')).toBeVisible();
    await page.getByRole('navigation', { name: 'Browse the categories' }).getByRole('link', { name: 'Brakes' }).click();
    await expect(page).toHaveURL(/\/search\?category=Brakes$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Brakes' })).toBeVisible();
  });

  test('a customer buys from the part page, pays, reviews the part from My Orders and sees it verified', async ({ page }) => {
    test.setTimeout(90_000);
    const text = `Keeps the chain quiet for a whole wet week (${unique()}).`;
    await signInNewCustomer(page, 'part-review');
    await page.goto(`/search?q=${encodeURIComponent('chain lube')}`);
    await cardLink(page, REVIEWED_PART).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(REVIEWED_PART);
    await expect(page.getByText('No reviews yet')).toBeVisible();

    const quantity = page.getByLabel('Quantity', { exact: true });
    const minimum = Number(await quantity.inputValue());
    await quantity.fill(String(minimum + 1));
    await page.getByRole('link', { name: 'Purchase' }).click();
    const form = page.getByRole('form', { name: 'Your Order' });
    await expect(form.getByLabel(/^Order Quantity/)).toHaveValue(String(minimum + 1));
    await form.getByLabel(/^Location/).fill('3 Quay Street, Galway');
    await form.getByLabel('Phone').fill('+353 91 000000');
    await form.getByLabel('Country').selectOption('IE');
    await expect(form.getByLabel('Region')).toHaveCount(0);
    await form.getByLabel('Postcode').fill('H91 E2K3');
    await form.getByRole('button', { name: 'Confirm Order' }).click();
    await expect(page).toHaveURL(/\/dashbord\/payment\/[a-f0-9]{24}$/);
    const card = page.getByRole('form', { name: 'Card details' });
    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await card.getByLabel('Expiry (MM/YY)').fill('12/34');
    await card.getByLabel('CVC').fill('123');
    await card.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('heading', { name: 'Your Payment is Completed' })).toBeVisible();

    await page.goto('/dashbord/myorders');
    const row = page.getByRole('row').filter({ hasText: REVIEWED_PART });
    await row.getByRole('link', { name: /Review this part/ }).click();
    await expect(page).toHaveURL(/\/dashbord\/addreview\?product=[a-f0-9]{24}$/);
    await expect(page.getByTestId('reviewed-part')).toContainText(REVIEWED_PART);
    const review = page.getByRole('form', { name: 'Add Review' });
    await review.getByLabel('Review').fill(text);
    await review.getByRole('radio', { name: '4 stars' }).check();
    await review.getByLabel(/^Image/).setInputFiles(pngFile('me.png'));
    await review.getByRole('button', { name: 'Add Review' }).click();
    await expect(page.getByText('Review added Successful.')).toBeVisible();

    // Back at the orders the review came from.
    await expect(page).toHaveURL(/\/dashbord\/myorders$/);
    await expect(page.getByRole('row').filter({ hasText: REVIEWED_PART }).getByRole('link', { name: /Review this part/ })).toHaveCount(0);
    await page.goto(`/search?q=${encodeURIComponent('chain lube')}`);
    await cardLink(page, REVIEWED_PART).click();
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await expect(reviews.getByText('4.0 out of 5')).toBeVisible();
    await expect(reviews.getByText('(1 review)')).toBeVisible();
    const mine = reviews.getByRole('article').filter({ hasText: text });
    await expect(mine.getByText('Verified purchase')).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('an admin adds a category and a part in it, and finds the part with the Manage Products search', async ({ page }) => {
    const category = `Luggage ${unique()}`;
    const name = `Tank Bag ${unique()}`;
    const token = await signIn(page, ADMIN);
    await page.goto('/dashbord/manageCategories');
    await page.getByLabel('Category name').fill(category);
    await page.getByRole('button', { name: 'Add Category' }).click();
    await expect(page.getByText('Category added')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: category })).toBeVisible();

    await page.goto('/dashbord/addproducts');
    const form = page.getByRole('form', { name: 'Add new Product' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Decreption').fill('Magnetic tank bag, 15 litres, with a rain cover.');
    await form.getByLabel('Price', { exact: true }).fill('79');
    await form.getByLabel('Quantity', { exact: true }).fill('8');
    await form.getByLabel('Minimum').fill('1');
    await form.getByLabel('Category').selectOption(category);
    await form.getByLabel('Brand').fill('Oxford');
    await form.getByLabel(/^Part number/).fill(`TB-${unique()}`);
    await form.getByLabel(/^Image/).setInputFiles(pngFile('bag.png'));
    await form.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText('Product added successfully')).toBeVisible();

    await page.goto('/dashbord/manageProducts');
    await page.getByRole('searchbox', { name: 'Search products' }).fill(name.toLowerCase());
    await expect(page).toHaveURL(/\/dashbord\/manageProducts\?q=tank/);
    await expect(page.getByText('1 product found')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();

    // Riders find it under its category.
    await page.goto(`/search?category=${encodeURIComponent(category)}`);
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();

    // Leave the shared catalogue as other journeys expect it.
    const headers = { Authorization: `Bearer ${token}` };
    const found = (await (await page.request.get(api(`/search?q=${encodeURIComponent(name)}`))).json()) as { products: Array<{ _id: string; name: string }> };
    const part = found.products.find((product) => product.name === name)!;
    expect((await page.request.delete(api(`/products/${part._id}`), { headers })).ok()).toBe(true);
    const categories = (await (await page.request.get(api('/categories'))).json()) as Array<{ _id: string; name: string }>;
    const added = categories.find((candidate) => candidate.name === category)!;
    expect((await page.request.delete(api(`/categories/${added._id}`), { headers })).ok()).toBe(true);
  });
});
