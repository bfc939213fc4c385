import type { Page } from '@playwright/test';
import { ADMIN, api, confirmEmailAddress, expect, findProduct, linkInEmailTo, paidOrder, signIn, signInNewCustomer, stockOf, test } from './fixtures';

/** Parts no other journey orders: each journey below reads their stock itself. */
const PARTS = {
  refund: 'Tapered Steering Head Bearing Kit',
  tracking: 'Folding Brake and Clutch Lever Pair',
  // Seeded below its minimum: out of stock until this journey restocks it.
  backInStock: 'Round Bar-End Mirror Pair',
  filter: 'Spin-On Oil Filter, 80 mm',
  // Forty of them make it a best seller of the week.
  sales: 'Iridium Power Spark Plug, 12 mm Thread',
} as const;

const dollars = (amount: number) => `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const orderRow = (page: Page, number: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: number }) });

async function openManageAllOrders(page: Page) {
  await signIn(page, ADMIN);
  await page.goto('/dashbord');
  await page.getByRole('navigation', { name: 'Dashbord' }).getByRole('link', { name: 'Manage All Orders' }).click();
  await expect(page).toHaveURL(/\/dashbord\/manageAllorders$/);
}

test.describe('running the shop', () => {
  test('the admin refunds a paid order: the customer sees it refunded and gets the email, and the parts are back', async ({ page }) => {
    const product = await findProduct(page, PARTS.refund);
    const customer = await signInNewCustomer(page, 'refund');
    // The shop emails about orders only an address its owner confirmed.
    await confirmEmailAddress(page, customer.email);
    const before = await stockOf(page, product._id);
    const order = await paidOrder(page, customer.token, product);
    expect(await stockOf(page, product._id)).toBe(before - 2);

    await openManageAllOrders(page);
    const row = orderRow(page, order.number);
    await expect(row.getByText('Paid', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: /^Refund/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund this order?' });
    const total = dollars((Math.round(product.price * 100) * 2) / 100);
    await expect(dialog).toContainText(`${total} goes back to the card ${customer.name} paid with, for 2 × ${product.name}`);
    await dialog.getByRole('button', { name: 'Yes, Refund' }).click();
    await expect(page.getByText('Order refunded.')).toBeVisible();
    await expect(row.getByText('Refunded', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Refund/ })).toHaveCount(0);
    await expect(row.getByRole('button', { name: /^Shifting/ })).toHaveCount(0);
    expect(await stockOf(page, product._id)).toBe(before);

    expect(await linkInEmailTo(customer.email, /We refunded \$[\d.]+/)).toBe(`We refunded ${total}`);
    await signIn(page, customer);
    await page.goto('/dashbord/myorders');
    await expect(orderRow(page, order.number).getByText('Refunded', { exact: true })).toBeVisible();
  });

  test('the admin ships with a carrier and a tracking number, refused when it holds markup; the customer sees it', async ({ page }) => {
    const product = await findProduct(page, PARTS.tracking);
    const customer = await signInNewCustomer(page, 'tracking');
    await confirmEmailAddress(page, customer.email);
    const order = await paidOrder(page, customer.token, product);

    await openManageAllOrders(page);
    const row = orderRow(page, order.number);
    await row.getByRole('button', { name: /^Shifting/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you Sure For Shifting?' });
    await dialog.getByLabel('Carrier').fill('Royal Mail');
    await dialog.getByLabel('Tracking number').fill('<b>RM1</b>');
    await dialog.getByRole('button', { name: 'Yes, Shift' }).click();
    await expect(dialog.getByText('Tracking number may contain only letters, digits, spaces and dashes')).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Tracking number').fill('RM 1234 5678 5GB');
    await dialog.getByRole('button', { name: 'Yes, Shift' }).click();
    await expect(page.getByText('Order get to Shifting.')).toBeVisible();
    await expect(row.getByText('Deliverd')).toBeVisible();

    expect(await linkInEmailTo(customer.email, /Tracking number: [A-Z0-9 ]+/)).toBe('Tracking number: RM 1234 5678 5GB');
    await signIn(page, customer);
    await page.goto('/dashbord/myorders');
    const mine = orderRow(page, order.number);
    await expect(mine.getByText('Shipped')).toBeVisible();
    await expect(mine.getByTestId('order-tracking-number')).toHaveText('RM 1234 5678 5GB');
    await expect(mine.getByText('(Royal Mail)')).toBeVisible();
    await expect(mine.getByRole('link', { name: /RM 1234 5678 5GB/ })).toHaveAttribute('href', 'https://www.royalmail.com/track-your-item#/tracking-results/RM123456785GB');
  });

  test("a customer asks 'Notify me' on an out-of-stock part, the admin restocks it, and the email arrives", async ({ page }) => {
    const product = await findProduct(page, PARTS.backInStock);
    expect(product.quantity).toBeLessThan(product.minimum);

    // A visitor is asked to sign in first.
    await page.goto(`/parts/${product._id}`);
    await expect(page.getByText('Out OF Stock.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notify me' })).toHaveCount(0);

    const customer = await signInNewCustomer(page, 'notify');
    // The email greets the customer by name: it goes only to a confirmed address.
    await confirmEmailAddress(page, customer.email);
    await page.goto(`/parts/${product._id}`);
    await page.getByRole('button', { name: 'Notify me' }).click();
    await expect(page.getByText('We will email you when it is back in stock.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Stop notifying me' })).toBeVisible();

    await signIn(page, ADMIN);
    await page.goto(`/dashbord/updateproducts/${product._id}`);
    const update = page.getByRole('form', { name: 'Update Product' });
    await expect(update.getByLabel('Quantity', { exact: true })).toHaveValue(String(product.quantity));
    await update.getByLabel('Quantity', { exact: true }).fill(String(product.minimum + 10));
    await update.getByRole('button', { name: 'Update Product' }).click();
    await expect(page.getByText('Product Updated')).toBeVisible();

    expect(await linkInEmailTo(customer.email, /https?:\/\/\S+\/parts\/[0-9a-f]{24}/)).toMatch(new RegExp(`/parts/${product._id}$`));
  });

  test('the sales page shows revenue per day as a chart and a table that match the orders paid, and the best sellers', async ({ page }) => {
    const product = await findProduct(page, PARTS.sales);
    const customer = await signInNewCustomer(page, 'sales');
    await paidOrder(page, customer.token, product, 40);

    const adminToken = await signIn(page, ADMIN);
    await page.goto('/dashbord');
    await page.getByRole('navigation', { name: 'Dashbord' }).getByRole('link', { name: 'Sales' }).click();
    await expect(page).toHaveURL(/\/dashbord\/sales$/);
    await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible();
    await page.getByRole('radio', { name: 'Last 7 days' }).click();
    await expect(page).toHaveURL(/\/dashbord\/sales\?days=7$/);
    await expect(page.getByRole('img', { name: /^Net revenue per day from/ })).toBeVisible();

    // The week as the shop's books have it (UTC days); other journeys may pay meanwhile, so the page is read again until both agree.
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.parse(`${to}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    const dayLabel = (day: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
    const headers = { Authorization: `Bearer ${adminToken}` };
    const table = page.getByRole('table', { name: 'Revenue per day' });
    await expect(async () => {
      await page.reload();
      const revenue = (await (await page.request.get(api(`/sales/revenue?from=${from}&to=${to}`), { headers })).json()) as {
        days: Array<{ day: string; paidOrders: number; paid: number; refunded: number; net: number }>;
        totals: { net: number };
      };
      const day = revenue.days.find((row) => row.day === to)!;
      expect(day.paid).toBeGreaterThanOrEqual((Math.round(product.price * 100) * 40) / 100);
      await expect(table.getByRole('row')).toHaveCount(8);
      await expect(table.getByRole('row').nth(1)).toHaveText(`${dayLabel(to)}${day.paidOrders}${dollars(day.paid)}${dollars(day.refunded)}${dollars(day.net)}`, { timeout: 1000 });
      await expect(page.getByTestId('net-revenue')).toHaveText(dollars(revenue.totals.net), { timeout: 1000 });
      const chart = `Net revenue per day from ${dayLabel(from)} to ${dayLabel(to)}, ${dollars(revenue.totals.net)} in all. The table below has each day's figures.`;
      await expect(page.getByRole('img', { name: chart })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });

    const best = page.getByRole('table', { name: 'Ten best-selling parts' });
    const row = best.getByRole('row').filter({ has: page.getByRole('link', { name: product.name }) });
    await expect(row).toContainText(`40${dollars((Math.round(product.price * 100) * 40) / 100)}`);
    await row.getByRole('link', { name: product.name }).click();
    await expect(page).toHaveURL(new RegExp(`/parts/${product._id}$`));
  });

  test("the admin finds a customer's paid order by the 'Paid' filter and their email, one line a row at 1024 and 1280 px, and exports what the filter finds", async ({ page }) => {
    const product = await findProduct(page, PARTS.filter);
    const customer = await signInNewCustomer(page, 'filter');
    const paid = await paidOrder(page, customer.token, product);
    const waiting = await page.request.post(api('/orders'), {
      headers: { Authorization: `Bearer ${customer.token}` },
      data: { productId: product._id, quantity: product.minimum, location: '12 Harbour Road, Chattogram', phone: '+880 1700 000000' },
    });
    expect(waiting.status()).toBe(201);

    await openManageAllOrders(page);
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Paid' });
    await expect(page).toHaveURL(/[?&]status=paid/);
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(customer.email);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(customer.email);
    await expect(page.getByText('1 order', { exact: true })).toBeVisible();
    const rows = page.getByTestId('admin-order-row');
    await expect(rows).toHaveCount(1);
    await expect(orderRow(page, paid.number)).toContainText(customer.email);
    // One line per order at 1024 px and up, nothing to scroll sideways; the customer whole in the tooltip.
    for (const width of [1024, 1280]) {
      await page.setViewportSize({ width, height: 720 });
      await expect(orderRow(page, paid.number).getByText(customer.name, { exact: true })).toHaveAttribute('title', `${customer.name} <${customer.email}>`);
      const fit = await page
        .getByRole('table', { name: 'All orders' })
        .evaluate((table) => ({ wide: table.scrollWidth, room: table.parentElement!.clientWidth, tall: table.querySelector('tbody tr')!.getBoundingClientRect().height }));
      expect(fit.wide, `the orders table at ${width} px`).toBeLessThanOrEqual(fit.room);
      expect(fit.tall, `a row at ${width} px`).toBeLessThan(56);
    }

    // The same filter, exported: the one paid order of this customer.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await (await download.createReadStream()).toArray();
    const lines = Buffer.concat(csv).toString('utf8').trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(paid.number.slice(1));
    expect(lines[1]).toContain(customer.email);

    // Waiting for payment: the other order, and not the paid one.
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Waiting for payment' });
    await expect(page).toHaveURL(/[?&]status=waiting/);
    await expect(rows).toHaveCount(1);
    await expect(orderRow(page, paid.number)).toHaveCount(0);
    await expect(rows.first()).toContainText('Unpaid');
  });
});
