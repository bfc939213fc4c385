import { purchaseMessages, type Order, type Product } from '@shop/shared';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { ADMIN, api, attachmentInEmailTo, confirmEmailAddress, createAccount, expect, findProduct, linkInEmailTo, messageFor, newAccount, SCALE_OUT, signIn, signInNewCustomer, stockOf, test } from './fixtures';

/**
 * Journeys run in parallel on one database, and an order takes stock at once: each journey that
 * orders uses a part no other journey (here or in other files) orders, and reads its stock itself.
 */
const PARTS = {
  validation: 'Inline Fuel Filter, 6 mm Hose',
  // A short shelf: a customer may ask for all of it within the unpaid pieces an account may hold.
  refused: 'Paddock Stand, Rear',
  happyPath: 'Iridium Spark Plug, 10 mm Thread',
  declined: 'Spin-On Oil Filter, 65 mm',
  cancel: 'Ready-Mixed Coolant, 1 L',
  otherAccount: 'Stainless Intake Valve, 5.5 mm Stem',
} as const;

/** The text colour as the screen shows it, in sRGB whatever colour space the stylesheet uses. */
async function shownColour(locator: Locator): Promise<'red' | 'green' | 'other'> {
  return locator.evaluate((element) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d')!;
    context.fillStyle = getComputedStyle(element).color;
    context.fillRect(0, 0, 1, 1);
    const [red = 0, green = 0, blue = 0] = context.getImageData(0, 0, 1, 1).data;
    if (red > 1.5 * green && red > 1.5 * blue) return 'red';
    if (green > 1.2 * red && green > 1.2 * blue) return 'green';
    return 'other';
  });
}

const TEST_CARD = { number: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', expiry: '12/34', cvc: '123' };

async function placeOrder(page: Page, token: string, product: Product, quantity = product.minimum): Promise<string> {
  const response = await page.request.post(api('/orders'), {
    headers: { Authorization: `Bearer ${token}` },
    data: { productId: product._id, quantity, location: '12 Harbour Road, Chattogram', phone: '+880 1700 000000' },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

async function payWithCard(page: Page, number: string) {
  const form = page.getByRole('form', { name: 'Card details' });
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM/YY)').fill(TEST_CARD.expiry);
  await form.getByLabel('CVC').fill(TEST_CARD.cvc);
  await form.getByRole('button', { name: 'Pay' }).click();
}

const orderRow = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test.describe('purchase page', () => {
  test("puts the shop's refusal under the quantity when the stock ran out while the page was open, and orders nothing", async ({ page, browser, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(/status of 409/);
    const product = await findProduct(page, PARTS.refused);
    const customer = await signInNewCustomer(page, 'limits');
    await page.goto(`/purchase/${product._id}`);

    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    const form = page.getByRole('form', { name: 'Your Order' });
    await expect(form.getByLabel('Name')).toHaveValue(customer.name);
    await expect(form.getByLabel('Email')).toHaveValue(customer.email);
    const quantity = form.getByLabel(/^Order Quantity/);
    await expect(quantity).toHaveValue(String(product.minimum));
    const shelf = await stockOf(page, product._id);
    await expect(page.getByTestId('purchase-available')).toHaveText(`Available: ${shelf}`);
    await quantity.fill(String(shelf));
    await form.getByLabel(/^Location/).fill('12 Harbour Road, Chattogram');
    await form.getByLabel('Phone').fill('+880 1700 000000');
    await form.getByLabel('Postcode').fill('97201');
    await form.getByLabel('Region').selectOption('OR');

    // Meanwhile another customer, in another browser, buys the minimum.
    const elsewhere = await browser.newContext();
    const otherPage = await elsewhere.newPage();
    const other = await signInNewCustomer(otherPage, 'first');
    const otherOrderId = await placeOrder(otherPage, other.token, product);

    const answer = page.waitForResponse((response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST');
    await form.getByRole('button', { name: 'Confirm Order' }).click();
    expect((await answer).status()).toBe(409);
    await expect.poll(() => messageFor(quantity)).toBe(purchaseMessages.notAvailable(shelf));
    await expect(page).toHaveURL(new RegExp(`/purchase/${product._id}$`));

    const orders = await page.request.get(api(`/orders/${encodeURIComponent(customer.email)}`), {
      headers: { Authorization: `Bearer ${customer.token}` },
    });
    expect(await orders.json()).toEqual([]);
    // The pieces go back to the shelf.
    expect((await otherPage.request.delete(api(`/orders/${otherOrderId}`), { headers: { Authorization: `Bearer ${other.token}` } })).ok()).toBe(true);
    await elsewhere.close();
  });

  test('a signed-out visitor is sent to sign-in and brought back', async ({ page }) => {
    const product = await findProduct(page, PARTS.validation);
    const account = newAccount('return');
    await createAccount(page, account);
    await page.goto(`/purchase/${product._id}`);
    await expect(page).toHaveURL(/\/singin$/);

    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'SignIn', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/purchase/${product._id}$`));
    await expect(page.getByRole('form', { name: 'Your Order' }).getByLabel('Email')).toHaveValue(account.email);
  });
});

test.describe('paying on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a customer orders and pays with the test card typing only digits, as on a number pad', async ({ page }) => {
    const product = await findProduct(page, PARTS.happyPath);
    await signInNewCustomer(page, 'phone');
    await page.goto(`/purchase/${product._id}`);
    const form = page.getByRole('form', { name: 'Your Order' });
    await form.getByLabel(/^Location/).fill('3 Quay Street, Galway');
    await form.getByLabel('Phone').fill('+353 91 000000');
    await form.getByLabel('Postcode').fill('97201');
    await form.getByLabel('Region').selectOption('OR');
    await form.getByRole('button', { name: 'Confirm Order' }).tap();
    await expect(page).toHaveURL(/\/dashbord\/payment\/[a-f0-9]{24}$/);

    const card = page.getByRole('form', { name: 'Card details' });
    await expect(card.getByRole('button', { name: 'Pay' })).toBeEnabled();
    for (const [label, digits, shown, keypad, autocomplete] of [
      ['Card number', '4242424242424242', '4242 4242 4242 4242', 'numeric', 'cc-number'],
      ['Expiry (MM/YY)', '1234', '12/34', 'numeric', 'cc-exp'],
      ['CVC', '123', '123', 'numeric', 'cc-csc'],
    ] as const) {
      const field = card.getByLabel(label);
      await expect(field).toHaveAttribute('inputmode', keypad);
      await expect(field).toHaveAttribute('autocomplete', autocomplete);
      await field.tap();
      await page.keyboard.type(digits);
      await expect(field).toHaveValue(shown);
    }
    await card.getByRole('button', { name: 'Pay' }).tap();
    await expect(page.getByRole('heading', { name: 'Your Payment is Completed' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('ordering and paying', () => {
  test('order → My Orders → pay by card → paid → the admin ships it', SCALE_OUT, async ({ page }) => {
    test.setTimeout(90_000);
    const product = await findProduct(page, PARTS.happyPath);
    const customer = await signInNewCustomer(page, 'happy');
    const quantity = product.minimum + 1;

    // Order on the purchase page: thanked, the stock goes down, and on to the order's payment page.
    await page.goto('/allproducts');
    await page.goto(`/purchase/${product._id}`);
    const form = page.getByRole('form', { name: 'Your Order' });
    const before = await stockOf(page, product._id);
    await form.getByLabel(/^Order Quantity/).fill(String(quantity));
    await form.getByLabel(/^Location/).fill('12 Harbour Road, Chattogram');
    await form.getByLabel('Phone').fill('+880 1700 000000');
    await form.getByLabel('Postcode').fill('97201');
    await form.getByLabel('Region').selectOption('OR');
    await form.getByRole('button', { name: 'Confirm Order' }).click();
    await expect(page.getByText('Thank You!! Your Order is Wait For Payment.')).toBeVisible();
    await expect(page).toHaveURL(/\/dashbord\/payment\/[a-f0-9]{24}$/);
    await expect(page.getByTestId('payment-quantity')).toHaveText(String(quantity));
    expect(await stockOf(page, product._id)).toBeLessThanOrEqual(before - quantity);
    // The order's short number, the one its email quotes.
    const number = (await page.getByTestId('payment-order-number').textContent())!;
    expect(number).toMatch(/^#\d{5,}$/);
    // Order emails go only to a confirmed address: this one waits until the customer opens the link.
    await confirmEmailAddress(page, customer.email);
    await linkInEmailTo(customer.email, new RegExp(`Your Moto Parts order ${number} is waiting for payment`));
    // Back leads to where the customer came from, not to the filled form: nothing invites a second order.
    await page.goBack();
    await expect(page).toHaveURL(/\/allproducts$/);

    // My Orders, from the side menu: unpaid, with Pay and Cancel.
    await page.goto('/dashbord');
    await page.getByRole('navigation', { name: 'Dashbord' }).getByRole('link', { name: 'My Orders' }).click();
    await expect(page).toHaveURL(/\/dashbord\/myorders$/);
    const row = orderRow(page, product.name);
    await expect(row).toHaveCount(1);
    await expect(row.getByText(`${quantity} × ${product.name}`, { exact: true })).toBeVisible();
    await expect(row.getByText('Unpaid')).toBeVisible();
    await expect(row.getByRole('button', { name: /^Cancel/ })).toBeVisible();
    // Its number opens the order: where it goes and the phone for the courier.
    await row.getByRole('button', { name: `${number} details` }).click();
    const details = page.getByRole('dialog', { name: `Order ${number}` });
    await expect(details.getByText('12 Harbour Road, Chattogram')).toBeVisible();
    await expect(details.getByText('+880 1700 000000')).toBeVisible();
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(details).toBeHidden();

    // The payment page: Pay waits for the client secret, held back here until Pay has been seen.
    let releaseIntent = () => {};
    const intentHeld = new Promise<void>((resolve) => (releaseIntent = resolve));
    await page.route(api('/create-payment-intent'), async (route) => {
      await intentHeld;
      await route.continue();
    });
    await row.getByRole('link', { name: /^Pay/ }).click();
    await expect(page).toHaveURL(/\/dashbord\/payment\/[a-f0-9]{24}$/);
    await expect(page.getByRole('heading', { level: 1, name: `Hello, ${customer.name}` })).toBeVisible();
    await expect(page.getByText('Your Order is almost Done, Please Confirm your Payment.')).toBeVisible();
    await expect(page.getByTestId('payment-part')).toHaveText(product.name);
    await expect(page.getByTestId('payment-quantity')).toHaveText(String(quantity));
    await expect(page.getByTestId('payment-total')).toHaveText(`$${((Math.round(product.price * 100) * quantity) / 100).toFixed(2)}`);
    await expect(page.getByRole('note')).toContainText('Test mode');
    const pay = page.getByRole('button', { name: 'Pay' });
    await expect(pay).toBeDisabled();
    releaseIntent();
    await expect(pay).toBeEnabled();

    await payWithCard(page, TEST_CARD.number);
    await expect(page.getByText('Payment successful')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your Payment is Completed' })).toBeVisible();
    const transactionId = page.getByTestId('transaction-id');
    await expect(transactionId).toHaveText(/^pi_/);
    expect(await shownColour(transactionId)).toBe('green');
    const paidWith = (await transactionId.textContent())!;

    // My Orders shows it paid, with its transaction id, and no more Pay or Cancel.
    await page.getByRole('link', { name: 'Back to My Orders' }).click();
    await expect(row.getByText('Paid', { exact: true })).toBeVisible();
    await expect(row.getByText(paidWith)).toBeVisible();
    await expect(row.getByRole('link', { name: /^Pay/ })).toHaveCount(0);
    await expect(row.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
    // Its invoice, from My Orders: the same file the payment email carries.
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /^Invoice/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-\d{5}\.pdf$/);
    const invoice = await readFile(await download.path());
    expect(invoice.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await attachmentInEmailTo(customer.email, download.suggestedFilename())).equals(invoice)).toBe(true);

    // The admin starts shipping it.
    await signIn(page, ADMIN);
    await page.goto('/dashbord');
    await page.getByRole('navigation', { name: 'Dashbord' }).getByRole('link', { name: 'Manage All Orders' }).click();
    await expect(page).toHaveURL(/\/dashbord\/manageAllorders$/);
    const adminRow = orderRow(page, customer.email);
    await expect(adminRow).toHaveCount(1);
    await expect(adminRow.getByRole('cell', { name: customer.name, exact: true })).toBeVisible();
    await expect(adminRow.getByText('Paid', { exact: true })).toBeVisible();
    await adminRow.getByRole('button', { name: `${number} details` }).click();
    const adminDetails = page.getByRole('dialog', { name: `Order ${number}` });
    await expect(adminDetails.getByText('12 Harbour Road, Chattogram')).toBeVisible();
    await expect(adminDetails.getByRole('link', { name: '+880 1700 000000' })).toHaveAttribute('href', 'tel:+8801700000000');
    await adminDetails.getByRole('button', { name: 'Close' }).click();
    await adminRow.getByRole('button', { name: /^Shifting/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you Sure For Shifting?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes, Shift' }).click();
    await expect(page.getByText('Order get to Shifting.')).toBeVisible();
    await expect(adminRow.getByText('Deliverd')).toBeVisible();
    await expect(adminRow.getByRole('button', { name: /^Shifting/ })).toBeDisabled();
  });

  test('a declined card leaves the order unpaid, with the reason in red', async ({ page, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(/status of 402/);
    const product = await findProduct(page, PARTS.declined);
    const customer = await signInNewCustomer(page, 'declined');
    const orderId = await placeOrder(page, customer.token, product);

    await page.goto(`/dashbord/payment/${orderId}`);
    await expect(page.getByRole('button', { name: 'Pay' })).toBeEnabled();
    await payWithCard(page, TEST_CARD.declined);
    const reason = page.getByRole('form', { name: 'Card details' }).getByRole('alert');
    await expect(reason).toHaveText('Your card was declined.');
    expect(await shownColour(reason)).toBe('red');
    await expect(page.getByText('Payment successful')).toHaveCount(0);

    const order = (await (
      await page.request.get(api(`/specificorders/${orderId}`), { headers: { Authorization: `Bearer ${customer.token}` } })
    ).json()) as Order;
    expect(order).toMatchObject({ paid: false, status: 'waiting', transactionId: null });
    await page.goto('/dashbord/myorders');
    await expect(orderRow(page, product.name).getByText('Unpaid')).toBeVisible();
  });

  test('cancelling an unpaid order gives its pieces back to stock', async ({ page }) => {
    const product = await findProduct(page, PARTS.cancel);
    const customer = await signInNewCustomer(page, 'cancel');
    const before = await stockOf(page, product._id);
    await placeOrder(page, customer.token, product, product.minimum);

    await page.goto(`/purchase/${product._id}`);
    await expect(page.getByTestId('purchase-available')).toHaveText(`Available: ${before - product.minimum}`);

    await page.goto('/dashbord/myorders');
    const row = orderRow(page, product.name);
    await row.getByRole('button', { name: /^Cancel/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Are You Sure You Want to Delete !' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep Order' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(1);

    await row.getByRole('button', { name: /^Cancel/ }).click();
    await dialog.getByRole('button', { name: 'Delete Order' }).click();
    await expect(page.getByText('Delete Order successfully')).toBeVisible();
    // The order stays in the list as Cancelled, with nothing left to do on it.
    await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
    await expect(row.getByRole('link', { name: /^Pay/ })).toHaveCount(0);

    await page.goto(`/purchase/${product._id}`);
    await expect(page.getByTestId('purchase-available')).toHaveText(`Available: ${before}`);
  });
});

test.describe('guards', () => {
  test("an admin on My Orders is told \"Sorry BOSS! It's procte for User\" and signed out", async ({ page, allowedConsoleErrors }) => {
    // The guard ends the session while the dashboard may still be asking for the admin status;
    // that last answer is a 401, which the browser logs.
    allowedConsoleErrors.push(/status of 401/);
    await signIn(page, ADMIN);
    await page.goto('/dashbord/myorders');
    await expect(page.getByText("Sorry BOSS! It's procte for User")).toBeVisible();
    await expect(page).toHaveURL(/\/singin$/);
  });

  test('a customer cannot see Manage All Orders, nor pay for another customer’s order', async ({ page, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(/status of 403/);
    // The guard on Manage All Orders ends the session while the dashboard may still be asking
    // for the account's role; that last answer is a 401, which the browser logs.
    allowedConsoleErrors.push(/status of 401/);
    const product = await findProduct(page, PARTS.otherAccount);
    const owner = await signInNewCustomer(page, 'owner');
    const orderId = await placeOrder(page, owner.token, product);
    await signInNewCustomer(page, 'other');
    await page.goto(`/dashbord/payment/${orderId}`);
    await expect(page.getByText('This order belongs to another account.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay' })).toHaveCount(0);

    await page.goto('/dashbord/manageAllorders');
    await expect(page.getByText("Sorry! It's Procte for Admin")).toBeVisible();
    await expect(page).toHaveURL(/\/singin$/);
  });
});
