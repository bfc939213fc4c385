import type { Page } from '@playwright/test';
import { ADMIN, api, expect, signIn, signInNewCustomer, test } from './fixtures';

const BANNER = 'Showing parts that fit your 2019 Yamaha MT-07';

async function pickBike(page: Page, make: string, model: string, year: string) {
  const picker = page.getByRole('region', { name: 'Shop by bike' }).or(page.getByRole('main'));
  // As a visitor's pointer would: the storefront's picker asks for the makes once it is reached.
  await picker.getByLabel('Make').first().hover();
  await picker.getByLabel('Make').first().selectOption(make);
  await picker.getByLabel('Model').first().selectOption(model);
  await picker.getByLabel('Year').first().selectOption(year);
  await picker.getByRole('button', { name: 'Add bike' }).first().click();
}

test.describe('shop by bike', () => {
  // Several browsers and admin forms per journey.
  test.describe.configure({ timeout: 90_000 });
  test('a visitor picks a 2019 Yamaha MT-07, sees only fitting parts with badges, and goes from a part that does not fit to one that does', async ({ page }) => {
    await page.goto('/allproducts');
    await pickBike(page, 'Yamaha', 'MT-07', '2019');
    await expect(page.getByText(BANNER)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Active bike: 2019 Yamaha MT-07' })).toBeVisible();
    const cards = page.getByTestId('product-card');
    await expect(cards.first()).toBeVisible();
    // Every card on the page fits the bike or every bike, and says which.
    for (const card of await cards.all()) await expect(card.getByText(/^(Fits your MT-07|Universal)$/)).toBeVisible();
    // Page buttons follow the filtered count.
    const { count } = (await (await page.request.get(api('/productCount'))).json()) as { count: number };
    const vehicles = (await (await page.request.get(api('/vehicles?make=Yamaha&model=MT-07&year=2019'))).json()) as Array<{ _id: string }>;
    const fitting = (await (await page.request.get(api(`/productCount?vehicle=${vehicles[0]!._id}&year=2019`))).json()) as { count: number };
    expect(fitting.count).toBeLessThan(count);
    const pages = page.getByRole('navigation', { name: 'Product pages' }).getByRole('link', { name: /^\d+$/ });
    await expect(pages).toHaveCount(Math.ceil(fitting.count / 6));

    // The front pads for Kawasaki and Suzuki twins are not in the list; every part is with 'Show all parts'.
    await page.getByRole('button', { name: 'Show all parts' }).click();
    await expect(page.getByText('Showing all parts, each marked for your 2019 Yamaha MT-07')).toBeVisible();
    await page.goto('/search?q=FA196HH');
    await page.getByRole('link', { name: 'Sintered Front Brake Pads (Pair)' }).first().click();
    await expect(page.getByText('Does not fit your 2019 Yamaha MT-07')).toBeVisible();
    await expect(page.getByText('Does not fit your MT-07')).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('row', { name: /Kawasaki Z650 2017–2024 front/ })).toBeVisible();
    const alternatives = page.getByRole('region', { name: 'Parts that fit your bike' });
    await expect(alternatives.getByRole('link')).not.toHaveCount(0);
    await alternatives.getByRole('link', { name: 'Sintered Front Brake Pads HH, Radial Calipers (Pair)' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sintered Front Brake Pads HH, Radial Calipers (Pair)');
    await expect(page.getByText('Fits your 2019 Yamaha MT-07')).toBeVisible();

    // On a phone the results come first: the bike as one line, the filters behind one button,
    // the first card in the first screen, and the header (search, cart) stays in reach down the list.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/search?q=oil');
    const line = page.getByRole('region', { name: 'Shop by bike' });
    await expect(line.getByRole('button', { name: 'Change' })).toBeVisible();
    await expect(line.getByRole('combobox', { name: 'Make' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveCount(0);
    const firstCard = page.getByTestId('product-card').first();
    await expect(firstCard).toBeInViewport();
    expect(await firstCard.evaluate((card) => card.getBoundingClientRect().top + window.scrollY)).toBeLessThan(600);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const filters = page.getByRole('dialog', { name: 'Filters' });
    await expect(filters.getByRole('combobox', { name: 'Category' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(filters).toBeHidden();
    await firstCard.getByRole('button', { name: /^Add to Cart/ }).click();
    const header = page.getByRole('banner');
    await page.getByTestId('product-card').last().scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await expect(header.getByRole('link', { name: /^Cart/ })).toBeInViewport();
    expect((await header.boundingBox())!.y).toBe(0);
    await header.getByRole('button', { name: 'Search parts' }).click();
    await expect(header.getByRole('searchbox', { name: 'Search parts' })).toBeFocused();
    // At 320 px, with a bike and a cart, the header keeps to one row of the screen's width.
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto('/allproducts');
    await expect(page.getByTestId('cart-count')).toBeVisible();
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, header: document.querySelector('header')!.scrollWidth }));
    expect(widths).toEqual({ page: 320, header: 320 });
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);
  });

  test("a visitor's bike joins the account at sign-in and is there on another device", async ({ page, browser }) => {
    await page.goto('/garage');
    await pickBike(page, 'Honda', 'CB500F', '2016');
    await expect(page.getByRole('list', { name: 'Your bikes' }).getByRole('heading', { name: '2016 Honda CB500F' })).toBeVisible();
    // Something in storage that is not a bike is ignored, never a crash.
    await page.evaluate(() => {
      const bikes = JSON.parse(localStorage.getItem('garage') ?? '[]') as unknown[];
      localStorage.setItem('garage', JSON.stringify([...bikes, { vehicleId: 'f'.repeat(24), make: 'Gone', model: 'Bike', variant: '', year: 2016, active: false }, 'junk']));
    });
    await page.reload();
    await expect(page.getByRole('list', { name: 'Your bikes' }).getByRole('listitem')).toHaveCount(1);

    const rider = await signInNewCustomer(page, 'garage');
    await page.goto('/garage');
    await expect(page.getByRole('list', { name: 'Your bikes' }).getByRole('heading', { name: '2016 Honda CB500F' })).toBeVisible();
    await expect.poll(async () => (await (await page.request.get(api('/garage'), { headers: { Authorization: `Bearer ${rider.token}` } })).json()).length).toBe(1);

    const laptop = await browser.newContext();
    const other = await laptop.newPage();
    await signIn(other, rider);
    await other.goto('/garage');
    const bikes = other.getByRole('list', { name: 'Your bikes' });
    await expect(bikes.getByRole('heading', { name: '2016 Honda CB500F' })).toBeVisible();
    await expect(other.getByRole('link', { name: 'Active bike: 2016 Honda CB500F' })).toBeVisible();
    // A second bike becomes the active one; the first can be made active again, or removed.
    await pickBike(other, 'Kawasaki', 'Z650', '2020');
    await expect(other.getByRole('link', { name: 'Active bike: 2020 Kawasaki Z650' })).toBeVisible();
    await bikes.getByRole('button', { name: 'Set as active 2016 Honda CB500F' }).click();
    await expect(other.getByRole('link', { name: 'Active bike: 2016 Honda CB500F' })).toBeVisible();
    await bikes.getByRole('button', { name: 'Remove 2016 Honda CB500F' }).click();
    await expect(other.getByRole('link', { name: 'Active bike: 2020 Kawasaki Z650' })).toBeVisible();
    await laptop.close();
  });

  test("an admin adds fitment to a part and the rider sees its badge change; Manage Vehicles adds and deletes a bike", async ({ page, browser }) => {
    const token = await signIn(page, ADMIN);
    const bearer = { Authorization: `Bearer ${token}` };
    const photo = await page.request.post(api('/images'), { headers: bearer, multipart: { image: { name: 'p.png', mimeType: 'image/png', buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64') } } });
    const img = ((await photo.json()) as { data: { url: string } }).data.url;
    const name = `Fitment Test Lever ${Date.now()}`;
    const created = await page.request.post(api('/products'), { headers: bearer, data: { name, decreption: 'Folding brake lever.', price: 19.5, quantity: 30, minimum: 1, img } });
    const productId = ((await created.json()) as { insertedId: string }).insertedId;

    const rider = await browser.newContext();
    const riderPage = await rider.newPage();
    await riderPage.goto('/garage');
    await pickBike(riderPage, 'Yamaha', 'MT-07', '2019');
    await riderPage.goto(`/parts/${productId}`);
    await expect(riderPage.getByText('Fit not confirmed', { exact: true })).toBeVisible();

    // A part without fitment data is not in the bike's lists, but never lost: search offers it, in the address.
    await riderPage.goto(`/search?q=${encodeURIComponent(name)}`);
    await expect(riderPage.getByText(`No part found for "${name}" is confirmed for your 2019 Yamaha MT-07 yet.`)).toBeVisible();
    await expect(riderPage.getByText('1 more part matches but is not confirmed for your MT-07')).toBeVisible();
    await riderPage.getByRole('link', { name: 'Show unconfirmed parts' }).click();
    await expect(riderPage).toHaveURL(/[?&]show=unconfirmed/);
    await riderPage.reload();
    const lever = riderPage.getByTestId('product-card').filter({ hasText: name });
    await expect(lever.getByText('Fit not confirmed', { exact: true })).toBeVisible();
    await expect(riderPage.getByText('Showing parts not confirmed for your 2019 Yamaha MT-07')).toBeVisible();
    // Under the catalogue's fitting parts, the link to those not confirmed; their pages follow their count; and back.
    await riderPage.goto('/allproducts');
    await expect(riderPage.getByText(/^\d+ more parts? match(es)? but (is|are) not confirmed for your MT-07$/)).toBeVisible();
    const counted = riderPage.waitForResponse((response) => response.url().includes('/api/productCount?') && response.url().includes('show=unconfirmed'));
    await riderPage.getByRole('link', { name: 'Show unconfirmed parts' }).click();
    await expect(riderPage).toHaveURL(/\/allproducts\?show=unconfirmed$/);
    const { count: unconfirmed } = (await (await counted).json()) as { count: number };
    const unconfirmedCards = riderPage.getByTestId('product-card');
    await expect(unconfirmedCards.first().getByText('Fit not confirmed', { exact: true })).toBeVisible();
    for (const card of await unconfirmedCards.all()) await expect(card.getByText('Fit not confirmed', { exact: true })).toBeVisible();
    await expect(riderPage.getByRole('navigation', { name: 'Product pages' }).getByRole('link', { name: /^\d+$/ })).toHaveCount(Math.ceil(unconfirmed / 6));
    await riderPage.getByRole('button', { name: 'Show parts that fit' }).click();
    await expect(riderPage).toHaveURL(/\/allproducts$/);
    await expect(riderPage.getByText('Showing parts that fit your 2019 Yamaha MT-07')).toBeVisible();
    await riderPage.goto(`/parts/${productId}`);

    await page.goto(`/dashbord/updateproducts/${productId}`);
    await page.getByRole('button', { name: 'Add a bike' }).click();
    const row = page.getByRole('list', { name: 'Bikes this part fits' }).getByRole('listitem').first();
    await row.getByLabel('Make').selectOption('Yamaha');
    await row.getByLabel('Model').selectOption('MT-07');
    await row.getByLabel('Year from').fill('2018');
    await row.getByLabel('Note').fill('left side');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expect(page.getByText('Product Updated')).toBeVisible();

    await riderPage.reload();
    await expect(riderPage.getByText('Fits your MT-07', { exact: true })).toBeVisible();
    await expect(riderPage.getByRole('table').getByRole('row', { name: /Yamaha MT-07 2018–2024 left side/ })).toBeVisible();
    await rider.close();

    // Manage Vehicles: a new vehicle, fitted to the part, then deleted with its fitment after a confirmation that says so.
    await page.goto('/dashbord/manageVehicles');
    const model = `Test ${Date.now().toString(36)}`;
    await page.getByLabel('Make', { exact: true }).fill('Royal Enfield');
    await page.getByLabel('Model', { exact: true }).fill(model);
    await page.getByLabel('Year from').fill('2018');
    await page.getByLabel('Year to').fill('2023');
    await page.getByLabel('Engine size (cc)').fill('648');
    await page.getByRole('button', { name: 'Add Vehicle' }).click();
    await expect(page.getByText('Vehicle added')).toBeVisible();
    const fitment = await page.request.put(api(`/products/${productId}/fitment`), { headers: bearer, data: { universal: false, vehicles: [{ make: 'Royal Enfield', model }] } });
    expect(fitment.ok(), await fitment.text()).toBe(true);
    await page.reload();
    await page.getByRole('button', { name: `Delete Royal Enfield ${model} (2018-2023)` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this vehicle?' });
    await expect(dialog).toContainText('1 part fits it; its fitment row goes with it.');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Vehicle deleted')).toBeVisible();
    expect(((await (await page.request.get(api(`/products/${productId}/fitment`))).json()) as { vehicles: unknown[] }).vehicles).toEqual([]);
    await page.request.delete(api(`/products/${productId}`), { headers: bearer });
  });
});
