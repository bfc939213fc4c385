import type { Product } from '@shop/shared';
import type { Page } from '@playwright/test';
import { ADMIN, api, expect, linkInEmailTo, signIn, signInNewCustomer, test } from './fixtures';

/** Parts no other journey orders: each journey below reads their stock itself. */
const PARTS = {
  refund: 'Tapered Steering Head Bearing Kit',
  tracking: 'Folding Brake and Clutch Lever Pair',
  // Seeded below its minimum: out of stock until this journey restocks it.
  backInStock: 'Round Bar-End Mirror Pair',
} as const;

async function findProduct(page: Page, name: string): Promise<Product> {
  const response = await page.request.get(api('/products?page=0&size=100'));
  const product = ((await response.json()) as Product[]).find((candidate) => candidate.name === name);
  expect(product, `the seeded part '${name}'`).toBeDefined();
  return product!;
}

const stockOf = async (page: Page, productId: string) => ((await (await page.request.get(api(`/products/${productId}`))).json()) as Product).quantity;

/** Places and pays (with the 4242 test card) an order of two pieces through the API: its id and number. */
async function paidOrder(page: Page, token: string, product: Product): Promise<{ id: string; number: string }> {
  const headers = { Authorization: `Bearer ${token}` };
  const placed = await page.request.post(api('/orders'), {
    headers,
    data: { productId: product._id, quantity: 2, location: '12 Harbour Road, Chattogram', phone: '+880 1700 000000' },
  });
  expect(placed.status()).toBe(201);
  const { insertedId: id } = (await placed.json()) as { insertedId: string };
  const { clientSecret } = (await (await page.request.post(api('/create-payment-intent'), { headers, data: { orderId: id } })).json()) as { clientSecret: string };
  const confirmed = await page.request.post(api('/payments/test/confirm'), {
    headers,
    data: { clientSecret, card: { number: '4242424242424242', expiry: '12/34', cvc: '123' } },
  });
  expect(confirmed.status()).toBe(200);
  const { id: transactionID } = (await confirmed.json()) as { id: string };
  expect((await page.request.patch(api(`/orders/${id}`), { headers, data: { transactionID } })).status()).toBe(200);
  const order = (await (await page.request.get(api(`/specificorders/${id}`), { headers })).json()) as { number: number };
  return { id, number: `#${order.number}` };
}

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
    const before = await stockOf(page, product._id);
    const order = await paidOrder(page, customer.token, product);
    expect(await stockOf(page, product._id)).toBe(before - 2);

    await openManageAllOrders(page);
    const row = orderRow(page, order.number);
    await expect(row.getByText('Paid', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: /^Refund/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund this order?' });
    const total = `$${((Math.round(product.price * 100) * 2) / 100).toFixed(2)}`;
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
});
