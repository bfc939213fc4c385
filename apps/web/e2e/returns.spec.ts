import type { Page } from '@playwright/test';
import { ADMIN, api, attachmentInEmailTo, confirmEmailAddress, expect, findProduct, linkInEmailTo, paidOrder, seriousAxeViolations, signIn, signInNewCustomer, stockOf, test } from './fixtures';

/** A part no other journey orders: this journey reads its stock itself. */
const PART = 'Push-Pull Throttle Cable Set';

const orderRow = (page: Page, number: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: number }) });

/** Whether the page scrolls sideways: nothing may hide off a phone's screen. */
const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test.describe('returns', () => {
  // The customer's part of the journey is on a phone.
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('a customer returns a piece of a shipped line from a phone; the admin approves, receives and refunds it back into stock; the customer sees it refunded and gets the credit note', async ({ page }) => {
    test.setTimeout(120_000);
    const product = await findProduct(page, PART);
    const customer = await signInNewCustomer(page, 'returns');
    // The shop emails about orders only an address its owner confirmed.
    await confirmEmailAddress(page, customer.email);
    const order = await paidOrder(page, customer.token, product, 2);
    const pieceCents = Math.round(product.price * 100);

    // The admin ships it.
    const adminToken = await signIn(page, ADMIN);
    expect((await page.request.patch(api(`/shiftorders/${order.id}`), { headers: { Authorization: `Bearer ${adminToken}` }, data: {} })).status()).toBe(200);

    // My Orders, on the phone: the shipped line offers 'Return' until its window closes.
    await signIn(page, customer);
    await page.goto('/dashbord/myorders');
    const mine = orderRow(page, order.number);
    await expect(mine.getByText('Shipped', { exact: true })).toBeVisible();
    await expect(mine.getByText(/^Return by \d{1,2} \w{3} \d{4}$/)).toBeVisible();
    await mine.getByRole('button', { name: /^Return/ }).click();
    const dialog = page.getByRole('dialog', { name: `Return ${product.name}` });
    await expect(dialog).toContainText('You can send back up to 2 pieces of this part until');
    await expect(dialog.getByLabel(/^Quantity/)).toHaveValue('2');
    // A reason is asked for, and no more than was bought.
    await dialog.getByLabel(/^Quantity/).fill('3');
    await dialog.getByRole('button', { name: 'Request return' }).click();
    await expect(dialog.getByText('You can return at most 2 of this part')).toBeVisible();
    await expect(dialog.getByText('Please choose a reason')).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByLabel(/^Quantity/).fill('1');
    await dialog.getByLabel('Reason').selectOption('Does not fit my bike');
    await dialog.getByLabel(/^Comment/).fill('The adjuster is too long for my 2019 CB500F.');
    await dialog.getByRole('button', { name: 'Request return' }).click();
    await expect(page.getByText('Your return request has been sent. We will email you once it is approved.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(mine.getByTestId('line-return')).toHaveText('Return requested · 1 piece');
    // The other piece can still go back.
    await expect(mine.getByRole('button', { name: /^Return/ })).toBeVisible();
    expect(await overflowsSideways(page)).toBe(false);

    // The admin, from the side menu, finds it by its order number.
    await signIn(page, ADMIN);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dashbord');
    await page.getByRole('navigation', { name: 'Dashbord' }).getByRole('link', { name: 'Returns' }).click();
    await expect(page).toHaveURL(/\/dashbord\/returns$/);
    await page.getByRole('searchbox', { name: 'Search returns' }).fill(order.number);
    await expect(page).toHaveURL(/\/dashbord\/returns\?q=%23\d+$/);
    const row = orderRow(page, order.number);
    await expect(row).toHaveCount(1);
    await expect(row.getByText(`1 of 2 × ${product.name}`)).toBeVisible();
    await expect(row.getByText('Does not fit my bike')).toBeVisible();
    await expect(row.getByText('The adjuster is too long for my 2019 CB500F.')).toBeVisible();
    await expect(row.getByText('Requested', { exact: true })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await row.getByRole('button', { name: /^Approve/ }).click();
    await page.getByRole('dialog', { name: 'Approve this return?' }).getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Return approved. The customer is emailed where to send the part.')).toBeVisible();
    await expect(row.getByText('Approved', { exact: true })).toBeVisible();

    await row.getByRole('button', { name: /^Mark received/ }).click();
    await page.getByRole('dialog', { name: 'Mark this return received?' }).getByRole('button', { name: 'Mark received' }).click();
    await expect(page.getByText('Return marked received.')).toBeVisible();
    await expect(row.getByText('Received', { exact: true })).toBeVisible();

    // The refund: the piece's share prefilled, at most what is left of the payment, back in stock.
    const before = await stockOf(page, product._id);
    await row.getByRole('button', { name: /^Refund/ }).click();
    const refund = page.getByRole('dialog', { name: 'Refund this return?' });
    await expect(refund.getByLabel(/^Amount/)).toHaveValue((pieceCents / 100).toFixed(2));
    await refund.getByLabel('Put back in stock').check();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await refund.getByRole('button', { name: 'Refund' }).click();
    await expect(page.getByText('Return refunded.')).toBeVisible();
    await expect(refund).toBeHidden();
    await expect(row.getByText(`$${(pieceCents / 100).toFixed(2)} refunded, back in stock`)).toBeVisible();
    await expect(row.getByRole('button')).toHaveCount(0);
    expect(await stockOf(page, product._id)).toBe(before + 1);

    // The customer sees it refunded, and the refund's email carries the credit note.
    await signIn(page, customer);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashbord/myorders');
    await expect(mine.getByTestId('line-return')).toHaveText('Refunded · 1 piece');
    expect(await overflowsSideways(page)).toBe(false);
    const creditNote = await linkInEmailTo(customer.email, /CN-\d{4}-\d{5}\.pdf/);
    expect((await attachmentInEmailTo(customer.email, creditNote)).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
