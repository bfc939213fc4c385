import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { ADMIN, api, confirmEmailAddress, createAccount, expect, findProduct, linkInEmailTo, messageFor, newAccount, pngFile, SCALE_OUT, signIn, stockOf, test } from './fixtures';

const navbar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function expectSignedIn(page: Page) {
  await expect(navbar(page).getByRole('link', { name: 'Dashbord' })).toBeVisible();
  await expect(navbar(page).getByRole('link', { name: 'SignOut' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
}

async function expectSignedOut(page: Page) {
  await expect(navbar(page).getByRole('link', { name: 'SignIn' })).toBeVisible();
  await expect(navbar(page).getByRole('link', { name: 'Dashbord' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
}

/** The reset link of the latest email to this address. */
const resetLinkFor = (email: string) => linkInEmailTo(email, /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/);

test.describe('sign-up', () => {
  test('creates the account, signs in and lands on the home page', SCALE_OUT, async ({ page }) => {
    const account = newAccount('signup');
    await page.goto('/signup');
    await page.getByLabel('Name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('See Password').check();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'SignUp' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expectSignedIn(page);
  });

  test('an email that already has an account does not sign in with another password', async ({ page, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(/status of 401/);
    const account = newAccount('taken');
    await createAccount(page, account);
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Someone Else');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('another-password');
    await page.getByRole('button', { name: 'SignUp' }).click();

    // Nothing says the address is taken: the form points to the email, which its owner gets.
    await expect(page.getByRole('alert').filter({ hasText: `Check your email: we have sent a message to ${account.email}.` })).toBeVisible();
    await expect(page.getByText('Invalid email or password')).toHaveCount(0);
    await expect(page).toHaveURL(/\/signup$/);
    await expectSignedOut(page);
    expect(await linkInEmailTo(account.email, /https?:\/\/\S+\/singin/)).toMatch(/\/singin$/);
  });
});

test.describe('sign-in', () => {
  test('brings the visitor back to the page that asked them to sign in', async ({ page }) => {
    const account = newAccount('return');
    await createAccount(page, account);
    await page.goto('/dashbord');
    await expect(page).toHaveURL(/\/singin$/);

    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'SignIn', exact: true }).click();

    await expect(page).toHaveURL(/\/dashbord$/);
    await expect(page.getByRole('heading', { level: 1, name: account.name })).toBeVisible();
    await expectSignedIn(page);
  });

  test('says when the email or password is wrong', async ({ page, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(/status of 401/);
    const account = newAccount('wrong');
    await createAccount(page, account);
    await page.goto('/singin');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'SignIn', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await expectSignedOut(page);
  });

  test('SignOut ends the session and leads to sign-in', async ({ page }) => {
    const account = newAccount('signout');
    await createAccount(page, account);
    await signIn(page, account);
    // Signed in, the sign-in and sign-up pages have nothing to offer: they lead home.
    for (const path of ['/singin', '/signup']) {
      await page.goto(path);
      await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    }
    await page.goto('/');
    await expectSignedIn(page);
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));

    await navbar(page).getByRole('link', { name: 'SignOut' }).click();
    await expect(page).toHaveURL(/\/singin$/);
    await expectSignedOut(page);
    await expect
      .poll(async () => (await page.request.get(api('/auth/get-session'), { headers: { Authorization: `Bearer ${token}` } })).json())
      .toBeNull();
  });

  test('forgotten password: the emailed link sets a new password to sign in with', async ({ page, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(/status of 401/);
    const account = newAccount('reset');
    await createAccount(page, account);
    await page.goto('/singin');
    await page.getByRole('button', { name: 'Forgotten password?' }).click();
    await expect(page.getByText('Enter your Email')).toBeVisible();

    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Forgotten password?' }).click();
    await expect(page.getByText('Email Sent', { exact: true })).toBeVisible();

    await page.goto(await resetLinkFor(account.email));
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await page.getByLabel('New Password').fill('brand-new-pass');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Your password has been changed. Please sign in.')).toBeVisible();
    await expect(page).toHaveURL(/\/singin$/);

    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'SignIn', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('brand-new-pass');
    await page.getByRole('button', { name: 'SignIn', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectSignedIn(page);
  });

  test('continue with Google through the identity provider; the account deletes itself on that fresh sign-in', async ({ page, allowedConsoleErrors }) => {
    // As in the deletion with a password: the home page's first cart and garage reads, started as the deleted account's token is forgotten.
    allowedConsoleErrors.push(/status of 401/);
    const login = `google-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    await page.goto('/singin');
    await page.getByRole('button', { name: 'Continue with Google' }).click();

    // The local OpenID provider's development pages: any login, then consent.
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any-password');
    await page.locator('button[type="submit"]').click();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Back on the shop's home page (not the provider's).
    await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${process.env.E2E_PORT ?? 3100}/$`));
    await expectSignedIn(page);
    await page.goto('/dashbord');
    await expect(page.getByText(`${login}@gmail.example`)).toBeVisible();
    // An account made with Google has no password: it is told how to get one, and offered no password form.
    await expect(page.getByRole('region', { name: 'Change password' })).toContainText('This account signs in with Google and has no password.');
    await expect(page.getByRole('form', { name: 'Change password' })).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Change email' })).toBeVisible();

    // Nor is a password asked to delete it: the sign-in a moment ago confirms it.
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog.getByLabel('Password')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Yes, delete my account' }).click();
    await expect(page.getByText('Your account was deleted')).toBeVisible();
    await expectSignedOut(page);
  });
});

test.describe('guards', () => {
  test("a customer on an admin page is told \"Sorry! It's Procte for Admin\" and signed out", async ({ page, allowedConsoleErrors }) => {
    // The guard ends the session while the dashboard may still be asking for the account's role;
    // that last answer is a 401, which the browser logs.
    allowedConsoleErrors.push(/status of 401/);
    const account = newAccount('guard');
    await createAccount(page, account);
    await signIn(page, account);
    await page.goto('/dashbord/makeAdmin');

    await expect(page.getByText("Sorry! It's Procte for Admin")).toBeVisible();
    await expect(page).toHaveURL(/\/singin$/);
    await expectSignedOut(page);
  });

  test('a signed-out visitor on the dashboard is sent to sign-in', async ({ page }) => {
    await page.goto('/dashbord/myprofile');
    await expect(page).toHaveURL(/\/singin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'SignIn' })).toBeVisible();
  });
});

test.describe('dashboard', () => {
  test('a customer updates phone and photo, with the upload shown', SCALE_OUT, async ({ page, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(/status of 415/);
    const account = newAccount('profile');
    await createAccount(page, account);
    await signIn(page, account);
    await page.goto('/dashbord');
    await expect(page.getByRole('heading', { level: 1, name: account.name })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Dashbord' });
    await expect(menu.getByRole('link')).toHaveText(['My profile', 'My Orders', 'My Addresses', 'Add Review']);

    const form = page.getByRole('form', { name: 'Update Your Profile' });
    // A file that only claims to be a picture: the shop's reason is shown, nothing is saved.
    await form.getByLabel('Phone').fill('+1 555 0100');
    await form.getByLabel(/^Image/).setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(form.getByRole('alert')).toContainText('JPEG, PNG, WebP, GIF or AVIF');
    await expect(page.getByText('User Update Successfully')).toHaveCount(0);

    // The shop answers the upload a moment late, so the progress bar can be seen.
    await page.route(api('/images'), async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await form.getByLabel(/^Image/).setInputFiles(pngFile('me.png'));
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(form.getByRole('progressbar', { name: 'Uploading image' })).toBeVisible();
    await expect(page.getByText('User Update Successfully')).toBeVisible();
    await expect(form.getByRole('progressbar')).toHaveCount(0);
    await expect(form.getByLabel(/^Image/)).toHaveValue('');
    await expect(page.getByTestId('profile-phone')).toHaveText('+1 555 0100');
    const photo = page.getByRole('img', { name: `Profile photo of ${account.name}` });
    await expect(photo).toHaveAttribute('src', /^\/images\/[a-f0-9]{32}\.webp$/);
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  });

  test('an admin makes a customer an admin, takes the rights back, and removes another', async ({ page }) => {
    // Two new accounts, two role changes and a removal, each confirmed: a long journey.
    test.slow();
    const promoted = newAccount('promote');
    const removed = newAccount('remove');
    await createAccount(page, promoted);
    await createAccount(page, removed);
    await signIn(page, ADMIN);
    await page.goto('/dashbord');
    await page.getByRole('navigation', { name: 'Dashbord' }).getByRole('link', { name: 'All Users' }).click();
    await expect(page).toHaveURL(/\/dashbord\/makeAdmin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All Users' })).toBeVisible();

    const row = (email: string) => page.getByRole('row').filter({ hasText: email });
    // The admin's own row offers nothing: no make Admin, no Remove, no Remove admin.
    await expect(row(ADMIN.email).getByRole('button')).toHaveCount(0);
    const makeAdmin = async (email: string) => {
      await row(email).getByRole('button', { name: /make Admin/ }).click();
      await page.getByRole('dialog', { name: 'Make this person an admin?' }).getByRole('button', { name: 'Yes, make Admin' }).click();
    };
    // An address nobody has confirmed yet never gains admin rights: the page says why instead of
    // offering it (the server's own refusal: users.test.ts).
    await expect(row(promoted.email).getByRole('button', { name: /make Admin/ })).toBeDisabled();
    await expect(row(promoted.email).getByText('Confirm the email address first')).toBeVisible();
    await expect(row(promoted.email).getByRole('cell', { name: 'user', exact: true })).toBeVisible();
    await confirmEmailAddress(page, promoted.email);
    await page.reload();
    await expect(row(promoted.email).getByRole('cell', { name: 'Yes', exact: true })).toBeVisible();
    await makeAdmin(promoted.email);
    await expect(page.getByText('Successful made an Admin')).toBeVisible();
    await expect(row(promoted.email).getByRole('cell', { name: 'admin', exact: true })).toBeVisible();
    await expect(row(promoted.email).getByRole('button', { name: /make Admin/ })).toHaveCount(0);

    // And back: another admin becomes a customer again, after a question.
    await row(promoted.email).getByRole('button', { name: `Remove admin rights of ${promoted.email}` }).click();
    await page.getByRole('dialog', { name: 'Remove admin rights?' }).getByRole('button', { name: 'Yes, remove admin' }).click();
    await expect(page.getByText(`${promoted.email} is a customer again`)).toBeVisible();
    await expect(row(promoted.email).getByRole('cell', { name: 'user', exact: true })).toBeVisible();

    await row(removed.email).getByRole('button', { name: `Remove ${removed.email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Are You Sure?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(removed.email)).toBeVisible();

    await row(removed.email).getByRole('button', { name: `Remove ${removed.email}` }).click();
    await dialog.getByRole('button', { name: 'Yes, Remove' }).click();
    await expect(page.getByText(`User ${removed.email} is deleted`)).toBeVisible();
    await expect(row(removed.email)).toHaveCount(0);
  });
});

test.describe('account controls', () => {
  /** Ordered by the deletion journey only (journeys share one database): its stock is read before and after. */
  const DELETED_ACCOUNTS_PART = 'Smart Battery Charger and Maintainer';

  /** The sign-in page's form, filled and sent. */
  async function signInOnPage(page: Page, email: string, password: string) {
    await page.goto('/singin');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'SignIn', exact: true }).click();
  }

  test('changing the password signs out the other browser, keeps this one, and the new password signs in', async ({ page, browser, allowedConsoleErrors }) => {
    // Two browsers, a refusal, a change and two sign-ins: a long journey.
    test.slow();
    // The wrong current password's refusal, and the old password's refused sign-in.
    allowedConsoleErrors.push(/status of 400/, /status of 401/);
    const account = newAccount('password');
    await createAccount(page, account);
    // The same person, signed in on another device.
    const elsewhere = await browser.newContext();
    const otherDevice = await elsewhere.newPage();
    await signIn(otherDevice, account);
    await otherDevice.goto('/dashbord');
    await expectSignedIn(otherDevice);

    await signIn(page, account);
    await page.goto('/dashbord');
    const form = page.getByRole('form', { name: 'Change password' });
    const current = form.getByLabel('Current password');
    await current.fill('not-the-password');
    await form.getByLabel(/^New password/).fill('brand-new-pass-7');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => messageFor(current)).toBe('The current password is not correct');

    await current.fill(account.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password was changed. Your other sessions were signed out.')).toBeVisible();
    await expect(current).toHaveValue('');
    // This browser goes on signed in.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: account.name })).toBeVisible();
    await expectSignedIn(page);

    // The other device's next page load shows it signed out; the old password no longer works there.
    await otherDevice.reload();
    await expect(otherDevice).toHaveURL(/\/singin$/);
    await expectSignedOut(otherDevice);
    await signInOnPage(otherDevice, account.email, account.password);
    await expect(otherDevice.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await otherDevice.getByLabel('Password', { exact: true }).fill('brand-new-pass-7');
    await otherDevice.getByRole('button', { name: 'SignIn', exact: true }).click();
    // Back on the page that found the session ended.
    await expect(otherDevice).toHaveURL(/\/dashbord$/);
    await expect(otherDevice.getByRole('heading', { level: 1, name: account.name })).toBeVisible();
    await expectSignedIn(otherDevice);
    await elsewhere.close();
  });

  test('deleting the account, confirmed with the password, signs out for good; the address starts again with nothing', async ({ page, allowedConsoleErrors }) => {
    // An order, a download, a refusal, the deletion and a new sign-up: a long journey.
    test.slow();
    // The wrong password's refusal, and the deleted account's refused sign-in.
    allowedConsoleErrors.push(/status of 400/, /status of 401/);
    const product = await findProduct(page, DELETED_ACCOUNTS_PART);
    const account = newAccount('delete');
    await createAccount(page, account);
    const token = await signIn(page, account);
    const stockBefore = await stockOf(page, product._id);
    const order = await page.request.post(api('/orders'), {
      headers: { Authorization: `Bearer ${token}` },
      data: { productId: product._id, quantity: 1, location: '12 Harbour Road, Chattogram', phone: '+880 1700 000000' },
    });
    expect(order.status(), await order.text()).toBe(201);
    expect(await stockOf(page, product._id)).toBe(stockBefore - 1);

    // First, a copy of what the shop keeps: the order is in it.
    await page.goto('/dashbord');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as Record<string, unknown>;
    expect(JSON.stringify(data)).toContain(account.email);
    expect(JSON.stringify(data)).toContain(DELETED_ACCOUNTS_PART);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Yes, delete my account' }).click();
    await expect.poll(() => messageFor(dialog.getByLabel('Password'))).toBe('The password is not correct');
    await dialog.getByLabel('Password').fill(account.password);
    await dialog.getByRole('button', { name: 'Yes, delete my account' }).click();

    await expect(page.getByText('Your account was deleted')).toBeVisible();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expectSignedOut(page);
    // The unpaid order was cancelled: its part is back on the shelf.
    expect(await stockOf(page, product._id)).toBe(stockBefore);
    // The old token is worth nothing.
    expect((await page.request.get(api('/account'), { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);

    await signInOnPage(page, account.email, account.password);
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();

    // The same address signs up again: a new account that sees none of the old one.
    await page.goto('/signup');
    await page.getByLabel('Name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'SignUp' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectSignedIn(page);
    await page.goto('/dashbord');
    await page.getByRole('navigation', { name: 'Dashbord' }).getByRole('link', { name: 'My Orders' }).click();
    await expect(page.getByText('You have not ordered any parts yet.')).toBeVisible();
  });
});

test.describe('lazily loaded pages', () => {
  test('a page whose script cannot be loaded offers a reload, inside the page frame', async ({ page, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(/net::ERR_FAILED/, /dynamically imported module/);
    await page.route(/\/assets\/account-[\w-]+\.js$/, (route) => route.abort());
    await page.goto('/singin');
    await expect(page.getByText('A new version of the shop is available. Please reload the page.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload page' })).toBeVisible();
    await expect(navbar(page)).toBeVisible();

    await page.unroute(/\/assets\/account-[\w-]+\.js$/);
    await page.getByRole('button', { name: 'Reload page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'SignIn' })).toBeVisible();
  });
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the dashboard menu slides in from the menu button', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto('/dashbord');
    const menu = page.getByRole('navigation', { name: 'Dashbord' });
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Dashbord menu' }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'All Users' }).click();
    await expect(page).toHaveURL(/\/dashbord\/makeAdmin$/);
    await expect(menu).toBeHidden();
  });
});
