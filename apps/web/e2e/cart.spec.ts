import type { Order, Product } from '@shop/shared';
import type { Page } from '@playwright/test';
import { ADMIN, api, expect, findProduct, linkInEmailTo, newAccount, SCALE_OUT, signIn, signInNewCustomer, stockOf, test } from './fixtures';

/**
 * The cart (SPEC-2 section 5). Journeys run in parallel on one database, and a checkout takes
 * stock: each journey here checks out parts no other journey orders, and reads their stock itself.
 */
const PARTS = {
  pads: 'Organic Rear Brake Pads (Pair)',
  plug: 'Standard Spark Plug, 10 mm Thread',
  fluid: 'DOT 4 Brake Fluid, 500 ml',
  thermostat: 'Wax-Pellet Thermostat, 82 C',
  hoses: 'Silicone Radiator Hose Kit, 3 Pieces',
  forkOil: 'Fork Oil 10W, 1 L',
  grips: 'Heated Grips Kit',
} as const;

// Oregon: no sales tax, and collecting from the shop (the cheapest method, chosen first) is free,
// so these totals are the parts' own.
const DELIVERY = { location: '7 Throttle Lane, Portland', phone: '+1 503 555 0100', postcode: '97201', region: 'OR' };
const CALIFORNIA = { location: '1 Ocean Ave, Santa Monica', phone: '+1 310 555 0100', postcode: '90401', region: 'CA' };
const money = (dollars: number) => `$${dollars.toFixed(2)}`;
const cents = (dollars: number) => Math.round(dollars * 100);

const cartLink = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart/ });

/** Fills the signed-in customer's cart through the API, as the pages do. */
async function fillCart(page: Page, token: string, lines: Array<[Product, number]>) {
  const response = await page.request.put(api('/cart'), {
    headers: { Authorization: `Bearer ${token}` },
    data: { lines: lines.map(([product, quantity]) => ({ productId: product._id, quantity })) },
  });
  expect(response.status()).toBe(200);
}

/** SPEC's Location and Phone, and SPEC-3's Postcode and Region (the shop's country is chosen already). */
async function fillDelivery(page: Page, delivery: typeof DELIVERY) {
  await page.getByLabel(/^Location/).fill(delivery.location);
  await page.getByLabel('Phone').fill(delivery.phone);
  await page.getByLabel('Postcode').fill(delivery.postcode);
  await page.getByLabel('Region').selectOption(delivery.region);
}

async function checkOut(page: Page) {
  await page.goto('/checkout');
  await fillDelivery(page, DELIVERY);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Thank You!! Your Order is Wait For Payment.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashbord\/payment\/[a-f0-9]{24}$/);
}

async function payWithCard(page: Page, number: string) {
  const form = page.getByRole('form', { name: 'Card details' });
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: 'Pay' }).click();
}

const orderRow = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test.describe('cart', () => {
  test('a visitor fills a cart, creates an account at checkout, comes back to it, orders every line and pays once under one number; the admin ships one line, then the rest as one parcel', SCALE_OUT, async ({ page }) => {
    test.setTimeout(120_000);
    const pads = await findProduct(page, PARTS.pads);
    const plug = await findProduct(page, PARTS.plug);
    const fluid = await findProduct(page, PARTS.fluid);
    const account = newAccount('cart');

    // From two part pages and a search result's card.
    await page.goto(`/parts/${pads._id}`);
    await page.getByRole('button', { name: `Add to Cart ${pads.name}` }).click();
    await expect(page.getByText('Added to Cart')).toBeVisible();
    await expect(cartLink(page)).toHaveText(/Cart\s*1/);
    // On a phone: a double tap adds the minimum once; the button says so at once, keeping its
    // size, and the notice leaves the header uncovered.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/parts/${plug._id}`);
    const addPlug = page.getByRole('button', { name: `Add to Cart ${plug.name}` });
    await addPlug.scrollIntoViewIfNeeded();
    const ready = await addPlug.boundingBox();
    await addPlug.dblclick();
    const added = page.getByRole('button', { name: `Added ${plug.name}` });
    await expect(added).toBeVisible();
    expect(await added.boundingBox()).toEqual(ready);
    await expect(cartLink(page)).toHaveText(/Cart\s*2/);
    const notice = page.getByTestId('cart-notice');
    await expect(notice.getByRole('link', { name: 'View cart' })).toBeVisible();
    await expect(notice.getByRole('link', { name: 'Checkout' })).toBeVisible();
    const header = (await page.getByRole('banner').boundingBox())!;
    expect((await notice.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`/search?q=${encodeURIComponent('DOT 4 brake fluid')}`);
    const card = page.getByTestId('product-card').filter({ hasText: fluid.name });
    await card.getByRole('button', { name: /^Add to Cart/ }).click();
    await expect(cartLink(page)).toHaveText(/Cart\s*3/);
    // Again: one more piece on the same line, not a second line.
    await card.getByRole('button', { name: /^Add to Cart/ }).click();
    await expect(cartLink(page)).toHaveText(/Cart\s*3/);

    await cartLink(page).click();
    await expect(page).toHaveURL(/\/cart$/);
    const lines = page.getByTestId('cart-line');
    await expect(lines).toHaveCount(3);
    await expect(page.getByLabel(`Quantity for ${fluid.name}`)).toHaveValue(String(fluid.minimum + 1));
    await expect(page.getByLabel(`Quantity for ${plug.name}`)).toHaveValue(String(plug.minimum));
    // Below the plug's minimum: SPEC's message under the line, and no checkout until it is fixed.
    const plugQuantity = page.getByLabel(`Quantity for ${plug.name}`);
    await plugQuantity.fill('0');
    await plugQuantity.press('Enter');
    await expect(lines.filter({ hasText: plug.name }).getByText('Please enter a whole number of pieces')).toBeVisible();
    await plugQuantity.fill(String(plug.minimum + 2));
    await plugQuantity.press('Enter');
    await expect(lines.filter({ hasText: plug.name }).getByTestId('line-total')).toHaveText(money((cents(plug.price) * (plug.minimum + 2)) / 100));
    const total = (cents(pads.price) * pads.minimum + cents(plug.price) * (plug.minimum + 2) + cents(fluid.price) * (fluid.minimum + 1)) / 100;
    // Quoted for the shop's country: no region, no tax; collecting is free.
    await expect(page.getByTestId('quote-total')).toHaveText(money(total));

    // Checkout asks the visitor to sign in; a new account comes back to the same cart, now the account's.
    const kept = 'Sign in or create an account to check out: your cart is kept';
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/singin$/);
    await expect(page.getByText(kept)).toBeVisible();
    await page.getByRole('link', { name: 'Create New Account' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByText(kept)).toBeVisible();
    await page.getByLabel('Name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'SignUp', exact: true }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(lines).toHaveCount(3);
    await expect(page.getByTestId('quote-total')).toHaveText(money(total));
    await expect.poll(() => page.evaluate(() => localStorage.getItem('cart'))).toBeNull();

    const before = [await stockOf(page, pads._id), await stockOf(page, plug._id), await stockOf(page, fluid._id)];
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByLabel('Name')).toHaveValue(account.name);
    await expect(page.getByLabel('Email')).toHaveValue(account.email);
    await expect(page.getByTestId('checkout-line')).toHaveCount(3);
    await fillDelivery(page, DELIVERY);
    await expect(page.getByTestId('quote-total')).toHaveText(money(total));
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText('Thank You!! Your Order is Wait For Payment.')).toBeVisible();
    await expect(page).toHaveURL(/\/dashbord\/payment\/[a-f0-9]{24}$/);
    // Polled: on two instances, the other one's product cache shows the order within a second.
    await expect
      .poll(async () => [await stockOf(page, pads._id), await stockOf(page, plug._id), await stockOf(page, fluid._id)])
      .toEqual([before[0]! - pads.minimum, before[1]! - (plug.minimum + 2), before[2]! - (fluid.minimum + 1)]);
    await expect(cartLink(page)).toHaveText(/^Cart$/);

    // One payment page for every line under one number, and one email for the checkout.
    await expect(page.getByTestId('payment-line')).toHaveCount(3);
    const purchaseNumber = (await page.getByTestId('payment-order-number').textContent())!;
    expect(purchaseNumber).toMatch(/^#\d+$/);
    await expect(page.getByTestId('payment-total')).toHaveText(money(total));
    await expect(page.getByText(/^We hold these parts until \S/)).toBeVisible();
    // Order emails go only to a confirmed address: this one waits until the customer opens the
    // link, here in a second tab, whose cart shows the order waiting rather than an empty cart.
    const mail = await page.context().newPage();
    await mail.goto(await linkInEmailTo(account.email, /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/));
    await expect(mail.getByText('Your email address is confirmed.')).toBeVisible();
    await mail.goto('/cart');
    await expect(mail.getByRole('heading', { name: /^Your order #\d+ is waiting for payment$/ })).toBeVisible();
    await expect(mail.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', new URL(page.url()).pathname);
    await mail.close();
    await linkInEmailTo(account.email, new RegExp(`Total: \\${money(total)}`));
    await expect(page.getByRole('button', { name: `Pay ${money(total)}` })).toBeEnabled();
    await payWithCard(page, '4242 4242 4242 4242');
    await expect(page.getByRole('heading', { name: 'Your Payment is Completed' })).toBeInViewport();
    const paidWith = (await page.getByTestId('transaction-id').textContent())!;

    // My Orders: one entry under the purchase's number, every line paid with the one payment.
    await page.getByRole('link', { name: 'Back to My Orders' }).click();
    const mine = orderRow(page, pads.name);
    await expect(mine).toHaveCount(1);
    await expect(mine.getByRole('rowheader')).toHaveText(purchaseNumber);
    for (const product of [pads, plug, fluid]) await expect(mine).toContainText(product.name);
    await expect(mine.getByText('Paid', { exact: true })).toBeVisible();
    await expect(mine.getByText(paidWith)).toBeVisible();
    await expect(page.getByRole('link', { name: /^Pay/ })).toHaveCount(0);

    // The admin ships one line: the others stay paid.
    await signIn(page, ADMIN);
    await page.goto('/dashbord/manageAllorders');
    const shipped = orderRow(page, account.email).filter({ hasText: plug.name });
    await shipped.getByRole('button', { name: /^Shifting/ }).click();
    await page.getByRole('dialog', { name: 'Are you Sure For Shifting?' }).getByRole('button', { name: 'Yes, Shift' }).click();
    await expect(shipped.getByText('Deliverd')).toBeVisible();
    await expect(orderRow(page, account.email).filter({ hasText: pads.name }).getByRole('button', { name: /^Shifting/ })).toBeEnabled();

    // The other two leave as one parcel, from the purchase's details: one tracking number, one email.
    await orderRow(page, account.email).filter({ hasText: pads.name }).getByRole('button', { name: /details$/ }).click();
    const details = page.getByRole('dialog', { name: `Order ${purchaseNumber}` });
    await expect(details.getByTestId('purchase-line')).toHaveCount(3);
    await details.getByRole('button', { name: 'Ship all 2' }).click();
    const shipAll = page.getByRole('dialog', { name: 'Ship all as one parcel?' });
    await shipAll.getByLabel('Carrier').fill('DHL');
    await shipAll.getByLabel('Tracking number').fill('JD0146 0000 1234');
    await shipAll.getByRole('button', { name: 'Yes, Ship all' }).click();
    await expect(page.getByText('All parts of the order are on their way.')).toBeVisible();
    await expect(details.getByRole('button', { name: /^Ship all/ })).toHaveCount(0);
    const tracking = details.getByRole('link', { name: /JD0146 0000 1234/ });
    await expect(tracking).toHaveCount(2);
    await expect(tracking.first()).toHaveAttribute('href', 'https://www.dhl.com/global-en/home/tracking.html?submit=1&tracking-id=JD014600001234');
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(orderRow(page, account.email).filter({ hasText: fluid.name }).getByText('Deliverd')).toBeVisible();
    expect(await linkInEmailTo(account.email, new RegExp(`Your order ${purchaseNumber} is on its way[\\s\\S]*Track your parcel: \\S+`))).toContain(
      'Track your parcel: https://www.dhl.com/global-en/home/tracking.html?submit=1&tracking-id=JD014600001234',
    );
  });

  test('a customer in California checks out two parts with Express and a 10 % code, and the payment asks exactly the total the checkout showed; a declined card leaves every line unpaid', async ({
    page,
    allowedConsoleErrors,
  }) => {
    allowedConsoleErrors.push(/status of 402/);
    const forkOil = await findProduct(page, PARTS.forkOil);
    const grips = await findProduct(page, PARTS.grips);
    const adminToken = await signIn(page, ADMIN);
    const code = `TEN${Date.now().toString(36).toUpperCase()}`;
    const created = await page.request.post(api('/discounts'), { headers: { Authorization: `Bearer ${adminToken}` }, data: { code, kind: 'percent', value: 10 } });
    expect(created.status()).toBe(201);
    const customer = await signInNewCustomer(page, 'cart-declined');
    await fillCart(page, customer.token, [
      [forkOil, forkOil.minimum],
      [grips, grips.minimum],
    ]);

    await page.goto('/checkout');
    await fillDelivery(page, CALIFORNIA);
    await page.getByRole('radio', { name: /^Express \$12\.90 Arrives / }).check();
    // Typed as a customer would: lower case, with a space.
    await page.getByLabel('Discount code').fill(` ${code.toLowerCase()}`);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText(`Code ${code} applied`)).toBeVisible();
    const totals = page.getByRole('region', { name: 'Totals' });
    await expect(totals).toHaveAttribute('aria-busy', 'false');
    const amount = async (label: string) => cents(Number((await totals.locator('div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd').textContent())!.replace(/[^\d.]/g, '')));
    const subtotal = (cents(forkOil.price) * forkOil.minimum + cents(grips.price) * grips.minimum) / 100;
    expect(await amount('Subtotal')).toBe(cents(subtotal));
    expect(await amount('Delivery')).toBe(1290);
    // Ten per cent of each line, rounded per line: within a cent a line of a tenth of the subtotal.
    expect(Math.abs((await amount('Discount')) - Math.round(cents(subtotal) / 10))).toBeLessThanOrEqual(1);
    // California's sales tax.
    expect(await amount('Tax')).toBeGreaterThan(0);
    const shown = (await page.getByTestId('quote-total').textContent())!;
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/dashbord\/payment\/[a-f0-9]{24}$/);
    await expect(page.getByRole('button', { name: `Pay ${shown}` })).toBeEnabled();
    await expect(page.getByTestId('payment-total-changed')).toHaveCount(0);
    await payWithCard(page, '4000 0000 0000 0002');
    await expect(page.getByRole('form', { name: 'Card details' }).getByRole('alert')).toHaveText('Your card was declined.');

    const orders = (await (await page.request.get(api(`/orders/${customer.email}`), { headers: { Authorization: `Bearer ${customer.token}` } })).json()) as Order[];
    expect(orders.map((order) => [order.status, order.paid])).toEqual([
      ['waiting', false],
      ['waiting', false],
    ]);
    await page.goto('/dashbord/myorders');
    // One pay link for the two lines.
    await expect(page.getByRole('link', { name: /^Pay for 2 parts/ })).toHaveCount(1);
    await expect(orderRow(page, forkOil.name).getByText('Unpaid')).toBeVisible();
    await expect(orderRow(page, grips.name).getByText('Unpaid')).toBeVisible();
  });

  test('cancelling an unpaid checkout gives every line’s pieces back', async ({ page }) => {
    const thermostat = await findProduct(page, PARTS.thermostat);
    const hoses = await findProduct(page, PARTS.hoses);
    const customer = await signInNewCustomer(page, 'cart-cancel');
    const before = [await stockOf(page, thermostat._id), await stockOf(page, hoses._id)];
    await fillCart(page, customer.token, [
      [thermostat, thermostat.minimum],
      [hoses, hoses.minimum],
    ]);
    await checkOut(page);
    expect([await stockOf(page, thermostat._id), await stockOf(page, hoses._id)]).toEqual([before[0]! - thermostat.minimum, before[1]! - hoses.minimum]);

    await page.goto('/dashbord/myorders');
    await page.getByRole('button', { name: /^Cancel all 2/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Are You Sure You Want to Delete !' });
    await expect(dialog.getByText('All 2 parts of this checkout will be cancelled together')).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete Order' }).click();
    await expect(page.getByText('Delete Order successfully')).toBeVisible();
    await expect(orderRow(page, thermostat.name).getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(orderRow(page, hoses.name).getByText('Cancelled', { exact: true })).toBeVisible();
    expect([await stockOf(page, thermostat._id), await stockOf(page, hoses._id)]).toEqual(before);
  });

  test('an empty cart says so; a part gone since it was added is named, and the cart cannot be checked out until it is removed', async ({ page, allowedConsoleErrors }) => {
    // The shop answers 404 for the part that is gone.
    allowedConsoleErrors.push(/status of 404/);
    await page.goto('/cart');
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse parts' })).toHaveAttribute('href', '/allproducts');

    // A visitor's line for a part the shop no longer has, and one below its minimum.
    const plug = await findProduct(page, PARTS.plug);
    await page.evaluate(
      ([plugLine]) =>
        localStorage.setItem(
          'cart',
          JSON.stringify([
            { productId: 'a'.repeat(24), quantity: 2, name: 'Discontinued Chain Guard', price: 9.5, img: null, minimum: 1, available: 5 },
            plugLine,
          ]),
        ),
      [{ productId: plug._id, quantity: 1, name: plug.name, price: plug.price, img: plug.img, minimum: plug.minimum, available: plug.quantity }] as const,
    );
    await page.reload();
    const gone = page.getByTestId('cart-line').filter({ hasText: 'Discontinued Chain Guard' });
    await expect(gone.getByText('This part is no longer sold. Please remove it.')).toBeVisible();
    if (plug.minimum > 1) await expect(page.getByText(`Please Order More Then ${plug.minimum} Peace`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Checkout' })).toBeDisabled();
    await gone.getByRole('button', { name: /^Remove/ }).click();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
  });
});
