import { addMonths, kitCartParts, nextServiceText, serviceReminderMessages, type Cart, type GarageBikeService, type ServiceKit } from '@shop/shared';
import type { Page } from '@playwright/test';
import { api, expect, seriousAxeViolations, signInNewCustomer, test } from './fixtures';

/**
 * SPEC-3 section 5 on a phone: the MT-07's service kit from My Garage into the cart in one tap,
 * checked out and paid; the odometer, a service done, the next service, and the reminders.
 */
const BIKE = '2019 Yamaha MT-07';
const money = (dollars: number) => `$${dollars.toFixed(2)}`;

/** A calendar day `days` before today (YYYY-MM-DD): a day in the past wherever the shop is. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

async function kitOfMt07(page: Page): Promise<ServiceKit> {
  const [vehicle] = (await (await page.request.get(api('/vehicles?make=Yamaha&model=MT-07&year=2019'))).json()) as Array<{ _id: string }>;
  const response = await page.request.get(api(`/vehicles/${vehicle!._id}/service-kit`));
  expect(response.status()).toBe(200);
  return (await response.json()) as ServiceKit;
}

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test.describe('a service for every bike', () => {
  // A checkout and a payment, and the garage's forms after them.
  test.describe.configure({ timeout: 90_000 });

  test(`a rider adds the ${BIKE} on a phone, puts its service kit in the cart with one tap, checks out and pays, logs the odometer and a service, and turns the reminders on`, async ({
    page,
    allowedConsoleErrors,
  }) => {
    // The shop refuses a reading below the service, and a forged stop link, with a 422.
    allowedConsoleErrors.push(/status of 422/);
    const customer = await signInNewCustomer(page, 'service-kit');
    const auth = { Authorization: `Bearer ${customer.token}` };
    const kit = await kitOfMt07(page);
    const { parts, missing } = kitCartParts(kit);
    expect(missing).toEqual([]);

    await page.goto('/garage');
    const main = page.getByRole('main');
    await main.getByLabel('Make').selectOption('Yamaha');
    await main.getByLabel('Model').selectOption('MT-07');
    await main.getByLabel('Year').selectOption('2019');
    await main.getByRole('button', { name: 'Add bike' }).click();
    const bike = page.getByRole('list', { name: 'Your bikes' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: BIKE }) });
    await expect(bike).toHaveCount(1);

    // The kit, folded until the rider opens it: its parts, stock and total.
    await bike.locator('summary').filter({ hasText: 'Service kit' }).click();
    const lines = bike.getByRole('list', { name: 'Parts of the kit' }).getByRole('listitem');
    await expect(lines).toHaveCount(kit.lines.length);
    for (const [index, line] of kit.lines.entries()) {
      await expect(lines.nth(index).getByRole('link', { name: line.name })).toBeVisible();
      await expect(lines.nth(index)).toContainText(`Qty ${line.quantity}`);
      await expect(lines.nth(index)).toContainText('In stock');
    }
    await expect(bike.getByText('Total', { exact: true }).locator('..')).toHaveText(`Total${money(kit.total)}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Nothing of the kit is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);

    await bike.getByRole('button', { name: `Add kit to cart ${BIKE}` }).click();
    await expect(page.getByText(`Service kit for your ${BIKE} added to the cart`)).toBeVisible();
    await page.getByRole('link', { name: 'View cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    for (const part of parts) await expect(page.getByRole('button', { name: `Remove ${part.name}` })).toBeVisible();
    const cart = (await (await page.request.get(api('/cart'), { headers: auth })).json()) as Cart;
    expect(cart.lines.map((line) => [line.productId, line.quantity])).toEqual(parts.map((part) => [part.productId, part.quantity]));

    // Checked out from Oregon, collected from the shop: the total is the parts' own.
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await page.getByLabel(/^Location/).fill('7 Throttle Lane, Portland');
    await page.getByLabel('Phone').fill('+1 503 555 0100');
    await page.getByLabel('Postcode').fill('97201');
    await page.getByLabel('Region').selectOption('OR');
    await expect(page.getByTestId('quote-total')).toHaveText(money(cart.total));
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText('Thank You!! Your Order is Wait For Payment.')).toBeVisible();
    await expect(page).toHaveURL(/\/dashbord\/payment\/[a-f0-9]{24}$/);
    await expect(page.getByTestId('payment-line')).toHaveCount(parts.length);
    const card = page.getByRole('form', { name: 'Card details' });
    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await card.getByLabel('Expiry (MM/YY)').fill('12/34');
    await card.getByLabel('CVC').fill('123');
    await card.getByRole('button', { name: `Pay ${money(cart.total)}` }).click();
    await expect(page.getByRole('heading', { name: 'Your Payment is Completed' })).toBeVisible();

    // The odometer: a service done a month ago and a reading since, each on a day of its own.
    await page.goto('/garage');
    await bike.locator('summary').filter({ hasText: 'Odometer and services' }).click();
    const service = bike.getByRole('form', { name: `Service done ${BIKE}` });
    const doneOn = daysAgo(30);
    await service.getByLabel('Date').fill(doneOn);
    await service.getByLabel('Odometer (km)').fill('4000');
    await service.getByRole('button', { name: 'Save service' }).click();
    await expect(page.getByText('Service saved')).toBeVisible();
    const reading = bike.getByRole('form', { name: `Odometer (km) ${BIKE}` });
    // Below the service's km on a later day: the shop's message under the field.
    await reading.getByLabel('Odometer (km)').fill('3,900');
    await reading.getByLabel(/^Date/).fill(daysAgo(10));
    await reading.getByRole('button', { name: 'Save reading' }).click();
    await expect(reading.getByLabel('Odometer (km)')).toHaveAccessibleDescription(/^The odometer cannot go back: the last service was at 4,000 km on /);
    await reading.getByLabel('Odometer (km)').fill('4,400');
    await reading.getByRole('button', { name: 'Save reading' }).click();
    await expect(page.getByText('Reading saved')).toBeVisible();
    await expect(bike.getByText(nextServiceText({ km: 4000 + kit.intervalKm, date: addMonths(doneOn, kit.intervalMonths) }))).toBeVisible();
    // 400 km in the 20 days between them.
    await expect(bike.getByText('About 20 km a day')).toBeVisible();
    await expect(bike.getByText('Service due')).toHaveCount(0);

    // 'Email me when a service is due', kept by the shop.
    const reminders = bike.getByRole('checkbox', { name: 'Email me when a service is due' });
    await expect(reminders).not.toBeChecked();
    await reminders.click();
    await expect(page.getByText(`We will email you when your ${BIKE} is due for a service`)).toBeVisible();
    await page.reload();
    await expect(reminders).toBeChecked();
    const [saved] = (await (await page.request.get(api('/garage'), { headers: auth })).json()) as GarageBikeService[];
    expect(saved).toMatchObject({ reminders: true, odometerKm: 4400, lastService: { doneOn, km: 4000 } });
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The reminder's link adds the kit again and goes on to the cart; a forged stop link is refused.
    await page.goto(`/garage?addKit=${saved!._id}`);
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText(`Service kit for your ${BIKE} added to the cart`)).toBeVisible();
    for (const part of parts) await expect(page.getByRole('button', { name: `Remove ${part.name}` })).toBeVisible();
    await page.goto('/service-emails/stop?token=forged');
    await expect(page.getByRole('alert')).toHaveText(serviceReminderMessages.linkInvalid);
  });
});
