import type { Page } from '@playwright/test';
import { ADMIN, api, confirmEmailAddress, createAccount, expect, findProduct, newAccount, paidOrder, seriousAxeViolations, signIn, signInNewCustomer, test } from './fixtures';

/**
 * SPEC-3 section 7: the owner makes a confirmed member staff; the staff member ships a paid order
 * but finds no Sales or All Users, not even by address; the owner reads both changes, with who
 * made them, in Activity. A part no other journey orders.
 */
const PART = 'Clutch Cable with Inline Adjuster, 1150 mm';

const orderRow = (page: Page, number: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: number }) });

/** The dashboard's side menu; the narrow screen keeps it in a drawer. */
async function dashboardMenu(page: Page, narrow: boolean) {
  if (narrow) await page.getByRole('button', { name: 'Dashbord menu' }).click();
  return page.getByRole('navigation', { name: 'Dashbord' });
}

// On a phone, where the menu is a drawer; the layout sweep and axe take the same pages at every width.
for (const { label, viewport } of [{ label: 'on a 390 px phone', viewport: { width: 390, height: 844 } }]) {
  test.describe(`staff ${label}`, () => {
    test.use({ viewport });
    // Three accounts, a paid order, a role change, a shipment and the log.
    test.describe.configure({ timeout: 120_000 });

    test('are made staff by the owner, ship a paid order without seeing Sales or All Users, and the owner reads both in Activity', async ({ page, allowedConsoleErrors, consoleErrors }) => {
      // The staff member's try at Sales: the shop answers the guard's check, then the sign-out, as it does a customer.
      allowedConsoleErrors.push(/status of 40[13]/);
      const narrow = viewport.width < 1024;
      const product = await findProduct(page, PART);
      const customer = await signInNewCustomer(page, 'staff-buyer');
      await confirmEmailAddress(page, customer.email);
      const order = await paidOrder(page, customer.token, product);
      const staff = newAccount('staff');
      await createAccount(page, staff);
      await confirmEmailAddress(page, staff.email);

      // The owner, on All Users: 'make Staff', asked first.
      const adminToken = await signIn(page, ADMIN);
      const owner = (await (await page.request.get(api(`/user/${encodeURIComponent(ADMIN.email)}`), { headers: { Authorization: `Bearer ${adminToken}` } })).json()) as { name: string };
      await page.goto('/dashbord/makeAdmin');
      await expect(page.getByRole('heading', { level: 1, name: 'All Users' })).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: staff.email });
      await row.getByRole('button', { name: `make Staff ${staff.email}` }).click();
      const question = page.getByRole('dialog', { name: 'Make this person staff?' });
      await expect(question).toContainText(staff.email);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await question.getByRole('button', { name: 'Yes, make Staff' }).click();
      await expect(page.getByText(`${staff.email} is staff now`)).toBeVisible();
      await expect(row.getByText('Staff', { exact: true })).toBeVisible();
      await expect(row.getByRole('button', { name: `Remove staff rights of ${staff.email}` })).toBeVisible();

      // The staff member: their own pages and the counter's, nothing else.
      await signIn(page, staff);
      await page.goto('/dashbord');
      await expect(page.getByRole('heading', { level: 1, name: staff.name })).toBeVisible();
      await expect(page.getByText('Staff', { exact: true })).toBeVisible();
      let menu = await dashboardMenu(page, narrow);
      await expect(menu.getByRole('link', { name: 'Manage All Orders' })).toBeVisible();
      await expect(menu.getByRole('link')).toHaveText(['My profile', 'My Orders', 'My Addresses', 'Add Review', 'Manage All Orders', 'Manage Products', 'Vehicles', 'Returns', /^Messages/]);
      await expect(menu.getByRole('link', { name: 'Sales' })).toHaveCount(0);
      await expect(menu.getByRole('link', { name: 'All Users' })).toHaveCount(0);
      await menu.getByRole('link', { name: 'Manage All Orders' }).click();
      await expect(page).toHaveURL(/\/dashbord\/manageAllorders$/);

      // Ships the customer's paid order; refunds are not theirs.
      const line = orderRow(page, order.number);
      await expect(line.getByRole('button', { name: /^Refund/ })).toHaveCount(0);
      await line.getByRole('button', { name: /^Shifting/ }).click();
      const shipping = page.getByRole('dialog', { name: 'Are you Sure For Shifting?' });
      await shipping.getByLabel('Carrier').fill('Royal Mail');
      await shipping.getByLabel('Tracking number').fill('RM 2233 4455 6GB');
      await shipping.getByRole('button', { name: 'Yes, Shift' }).click();
      await expect(page.getByText('Order get to Shifting.')).toBeVisible();
      await expect(line.getByText('Deliverd')).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Manage Products, without Delete, and the part's Update Product with its 'Stock history': the order took two.
      menu = await dashboardMenu(page, narrow);
      await menu.getByRole('link', { name: 'Manage Products' }).click();
      await page.getByRole('searchbox', { name: 'Search products' }).fill(PART);
      await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
      const part = page.getByRole('row').filter({ hasText: PART }).first();
      await expect(part.getByRole('link', { name: /Update Product/ })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
      await part.getByRole('link', { name: /Update Product/ }).click();
      const history = page.getByRole('region', { name: 'Stock history' });
      const placed = history.getByTestId('stock-movement').filter({ hasText: `Order ${order.number} placed` });
      await expect(placed).toHaveCount(1);
      await expect(placed).toContainText('-2');

      // Nothing staff opened so far was refused them.
      expect(consoleErrors).toEqual([]);

      // Sales by its address: answered as a customer is, and never shown.
      await page.goto('/dashbord/sales');
      await expect(page.getByText("Sorry! It's Procte for Admin")).toBeVisible();
      await expect(page).toHaveURL(/\/singin$/);
      await expect(page.getByRole('heading', { name: 'Sales' })).toHaveCount(0);

      // The owner's Activity: the role change and the shipment, each with who made it.
      await signIn(page, ADMIN);
      await page.goto('/dashbord');
      menu = await dashboardMenu(page, narrow);
      await menu.getByRole('link', { name: 'Activity' }).click();
      await expect(page).toHaveURL(/\/dashbord\/activity$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search the activity' }).fill(staff.email);
      await page.getByRole('searchbox', { name: 'Search the activity' }).press('Enter');
      await expect(page).toHaveURL(/[?&]q=/);
      const entries = page.getByTestId('activity-row');
      const shipped = entries.filter({ hasText: 'Order shipped' });
      await expect(shipped).toHaveCount(1);
      await expect(shipped).toContainText(staff.name);
      await expect(shipped).toContainText('Staff');
      await expect(shipped).toContainText(`Order ${order.number}`);
      const promoted = entries.filter({ hasText: 'Role changed' });
      await expect(promoted).toHaveCount(1);
      await expect(promoted).toContainText(owner.name);
      await expect(promoted).toContainText(staff.email);
      await expect(promoted).toContainText('role: user -> staff');
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
    });
  });
}
