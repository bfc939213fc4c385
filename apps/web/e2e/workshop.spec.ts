import { centsToDollars, toDiscountHundredths, tradePriceCents, type Product } from '@shop/shared';
import type { Page } from '@playwright/test';
import { ADMIN, createAccount, expect, findProduct, newAccount, seriousAxeViolations, signIn, test } from './fixtures';

/**
 * SPEC-3 section 6: the owner makes a new customer a workshop with 15% off; the workshop pastes
 * three part numbers into Quick order and sees its trade prices in the cart, at checkout, on the
 * payment page and on its order. Parts no other journey orders, so stock is this journey's own.
 */
const TRADE_DISCOUNT = 15;
const LINES = [
  { partNumber: 'KN-650', name: 'Oil Filter for KTM Twins', quantity: 3, typed: (quantity: number) => `KN-650 x${quantity}` },
  { partNumber: 'MUC-664', name: 'Motorcycle Cleaner, 1 L', quantity: 4, typed: (quantity: number) => `muc-664, ${quantity}` },
  { partNumber: 'OX385', name: 'Angled Tyre Valves, Pair', quantity: 2, typed: (quantity: number) => `OX385 ${quantity}` },
] as const;

const money = (dollars: number) => `$${dollars.toFixed(2)}`;

/** The list price less the trade discount, by the shop's one price rule; none of these lines reaches a quantity price. */
const tradePrice = (part: Product) => centsToDollars(tradePriceCents(Math.round(part.price * 100), toDiscountHundredths(TRADE_DISCOUNT)));

/** The narrow screen keeps the main links in the menu. */
async function openMainLink(page: Page, name: string, narrow: boolean) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  if (narrow) await nav.getByRole('button', { name: 'Menu' }).click();
  await nav.getByRole('link', { name, exact: true }).click();
}

for (const { label, viewport } of [
  { label: 'on a 1280 px screen', viewport: { width: 1280, height: 900 } },
  { label: 'on a 390 px phone', viewport: { width: 390, height: 844 } },
]) {
  test.describe(`a workshop ${label}`, () => {
    test.use({ viewport });
    // An admin's change, a quick order, a checkout and a payment.
    test.describe.configure({ timeout: 120_000 });

    test('is given 15% by the owner, pastes three part numbers into Quick order, and pays its trade prices down to its order', async ({ page }) => {
      const narrow = viewport.width < 1024;
      const parts = await Promise.all(LINES.map((line) => findProduct(page, line.name)));
      for (const [index, part] of parts.entries()) expect(part.partNumber).toBe(LINES[index]!.partNumber);
      const workshop = newAccount('workshop');
      await createAccount(page, workshop);

      // The owner, on All Users: 'Workshop' with a 'Trade discount' in percent.
      await signIn(page, ADMIN);
      await page.goto('/dashbord/makeAdmin');
      await expect(page.getByRole('heading', { level: 1, name: 'All Users' })).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: workshop.email });
      await row.getByRole('button', { name: `Workshop settings of ${workshop.email}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Workshop' });
      await dialog.getByRole('checkbox', { name: /Workshop/ }).check();
      await dialog.getByLabel(/^Trade discount/).fill(String(TRADE_DISCOUNT));
      expect(await seriousAxeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(`${workshop.email} is a workshop with ${TRADE_DISCOUNT}% trade discount`)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(row.getByText(`Workshop ${TRADE_DISCOUNT}%`)).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);

      // The workshop signs in and sees its own price on a part's page.
      await signIn(page, workshop);
      await page.goto(`/parts/${parts[0]!._id}`);
      await expect(page.getByText('Your trade price')).toBeVisible();
      await expect(page.getByTestId('part-price')).toHaveText(money(tradePrice(parts[0]!)));
      await expect(page.getByText(`List price ${money(parts[0]!.price)}`)).toBeVisible();

      // Quick order, from the navbar.
      await openMainLink(page, 'Quick order', narrow);
      await expect(page).toHaveURL(/\/quick-order$/);
      const box = page.getByLabel('One part per line: part number and quantity');
      await expect(box).toHaveAttribute('placeholder', /HF204 x10/);
      await box.fill(LINES.map((line) => line.typed(line.quantity)).join('\n'));
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      const added = page.getByRole('list', { name: 'Added to your cart' });
      await expect(added.getByRole('listitem')).toHaveText(LINES.map((line) => `${line.quantity} × ${line.name}`));
      await expect(page.getByRole('list', { name: 'Lines not added' })).toHaveCount(0);
      await expect(page.getByTestId('cart-count')).toContainText(String(LINES.length));
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
      await page.getByRole('link', { name: 'View cart' }).click();

      // The cart at trade prices: the list price less 15%, each line and the total.
      await expect(page).toHaveURL(/\/cart$/);
      const cartLines = page.getByTestId('cart-line');
      await expect(cartLines).toHaveCount(LINES.length);
      const subtotal = LINES.reduce((sum, line, index) => sum + Math.round(tradePrice(parts[index]!) * 100) * line.quantity, 0) / 100;
      for (const [index, line] of LINES.entries()) {
        const cartLine = cartLines.filter({ hasText: line.name });
        await expect(cartLine).toContainText(money(tradePrice(parts[index]!)));
        await expect(cartLine.getByTestId('line-total')).toHaveText(money((Math.round(tradePrice(parts[index]!) * 100) * line.quantity) / 100));
      }

      // Checked out and collected from the shop in Oregon: the quote is the trade subtotal.
      await page.getByRole('button', { name: 'Checkout' }).click();
      await expect(page).toHaveURL(/\/checkout$/);
      await page.getByLabel(/^Location/).fill('9 Workshop Yard, Portland');
      await page.getByLabel('Phone').fill('+1 503 555 0199');
      await page.getByLabel('Postcode').fill('97201');
      await page.getByLabel('Region').selectOption('OR');
      await expect(page.getByTestId('quote-total')).toHaveText(money(subtotal));
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(page.getByText('Thank You!! Your Order is Wait For Payment.')).toBeVisible();

      // The payment page names each line at its trade price.
      await expect(page).toHaveURL(/\/dashbord\/payment\/[a-f0-9]{24}$/);
      const paymentLines = page.getByTestId('payment-line');
      await expect(paymentLines).toHaveCount(LINES.length);
      for (const [index, line] of LINES.entries()) {
        await expect(paymentLines.filter({ hasText: line.name })).toContainText(`${line.quantity} x ${line.name} at ${money(tradePrice(parts[index]!))}`);
      }
      const card = page.getByRole('form', { name: 'Card details' });
      await card.getByLabel('Card number').fill('4242 4242 4242 4242');
      await card.getByLabel('Expiry (MM/YY)').fill('12/34');
      await card.getByLabel('CVC').fill('123');
      await card.getByRole('button', { name: `Pay ${money(subtotal)}` }).click();
      await expect(page.getByRole('heading', { name: 'Your Payment is Completed' })).toBeVisible();

      // Its order in My Orders keeps the unit price charged, the one the invoice prints.
      await page.goto('/dashbord/myorders');
      const orderRow = page.getByRole('row').filter({ hasText: LINES[0].name });
      await expect(orderRow.getByText('Paid', { exact: true })).toBeVisible();
      await orderRow.getByRole('button', { name: /details$/ }).click();
      const details = page.getByRole('dialog', { name: /^Order / });
      for (const [index, line] of LINES.entries()) {
        await expect(details.getByText(`${line.quantity} × ${line.name} at ${money(tradePrice(parts[index]!))}`)).toBeVisible();
      }
      await details.getByRole('button', { name: 'Close' }).click();
      const [download] = await Promise.all([page.waitForEvent('download'), orderRow.getByRole('button', { name: /^Invoice/ }).click()]);
      expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-\d{5}\.pdf$/);
    });
  });
}
