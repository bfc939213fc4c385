import type { FastifyInstance } from 'fastify';
import { ConfigError } from '../../lib/errors.js';

/** Another instance starting at the same moment may be between creating the account and its password. */
const CONCURRENT_START_RETRIES = 5;
const CONCURRENT_START_WAIT_MS = 200;

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD: that account is created when missing and made admin at every
 * start, so a fresh shop always has a way in. Only an account whose password is ADMIN_PASSWORD
 * is ever made admin: anyone may sign up any address, so an account someone else made at that
 * address first (before the operator named it) must not become admin with its maker's
 * password. Such a start is refused with what to do, and nothing changes. An account that is
 * already admin is left as it is, whatever its password now.
 */
export async function ensureConfiguredAdmin(app: FastifyInstance): Promise<void> {
  const admin = app.config.admin;
  if (!admin) return;
  const context = await app.auth.$context;

  for (let attempt = 0; ; attempt++) {
    const found = await context.internalAdapter.findUserByEmail(admin.email, { includeAccounts: true });
    if (!found) {
      if (await createAdminAccount(app, admin)) return;
      // Another instance made it meanwhile: it is checked like any existing account.
      continue;
    }
    const { user, accounts } = found;
    if ((user as { role?: unknown }).role === 'admin') return;

    const credential = accounts.find((account) => account.providerId === 'credential' && account.password);
    if (!credential?.password) {
      if (attempt < CONCURRENT_START_RETRIES) {
        await new Promise((resolve) => setTimeout(resolve, CONCURRENT_START_WAIT_MS));
        continue;
      }
      throw refusal(admin.email, 'has no password (it signs in with Google only)');
    }
    if (!(await context.password.verify({ hash: credential.password, password: admin.password }))) {
      throw refusal(admin.email, 'has another password than ADMIN_PASSWORD');
    }
    // The operator set this password, so the address is the operator's.
    await context.internalAdapter.updateUser(user.id, { emailVerified: true });
    await makeAdmin(app, admin.email);
    return;
  }
}

/** Creates the operator's account, its address confirmed; false when another instance made it first. */
async function createAdminAccount(app: FastifyInstance, admin: { email: string; password: string }): Promise<boolean> {
  const context = await app.auth.$context;
  const hash = await context.password.hash(admin.password);
  let user: { id: string };
  try {
    user = await context.internalAdapter.createUser({ email: admin.email, name: 'Admin', emailVerified: true }, { method: 'email-password' });
  } catch (error) {
    if (await context.internalAdapter.findUserByEmail(admin.email)) return false;
    throw error;
  }
  try {
    await context.internalAdapter.linkAccount({ userId: user.id, providerId: 'credential', accountId: user.id, password: hash });
  } catch (error) {
    // Without its password the account would block every later start: take it back.
    await context.internalAdapter.deleteUser(user.id);
    throw error;
  }
  await makeAdmin(app, admin.email);
  app.log.info({ email: admin.email }, 'admin account created');
  return true;
}

/** Through the users module's own rule: the address is confirmed by now, as admin rights need. */
async function makeAdmin(app: FastifyInstance, email: string): Promise<void> {
  if ((await app.users.makeAdmin(email)) > 0) app.log.info({ email }, 'account made admin');
}

const refusal = (email: string, why: string) =>
  new ConfigError(
    [
      `ADMIN_EMAIL ${email} already belongs to an account that is not an admin and ${why}.`,
      'The shop does not make it admin: whoever signed up that address first would hold admin rights with a password you never chose.',
      'To go on, do one of these and start again:',
      '  - set ADMIN_PASSWORD to that account\'s password, if the account is yours;',
      '  - or, if it is yours but you forgot the password, reset it through "Forgotten password?" on the sign-in page;',
      '  - or set ADMIN_EMAIL to another address (a new account is made for it);',
      '  - or remove that account (`DELETE /api/user/admin/{email}` as an admin), then start with this ADMIN_EMAIL again.',
    ].join('\n'),
  );
