import { EMAIL_CONFIRMATION_LANDING, PASSWORD_MAX_LENGTH, TEXT_LIMITS } from '@shop/shared';
import { betterAuth } from 'better-auth';
import type { FastifyBaseLogger } from 'fastify';
import { bearer, genericOAuth } from 'better-auth/plugins';
import type { AppConfig } from '../../app-config.js';
import type { ShopDatabase } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import type { Mailer, MailMessage } from '../../lib/mailer.js';
import { identityEmails, VERIFY_EMAIL_HOURS } from './identity.emails.js';
import { SESSION_TTL_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './session-policy.js';


const snakeCaseTimestamps = { createdAt: 'created_at', updatedAt: 'updated_at' } as const;

/**
 * Better Auth's log lines into the shop's log. An Error among the arguments goes under pino's
 * `err` key, so its message and stack are written (inside `details` it would print as `{}`).
 */
export function betterAuthLog(log: FastifyBaseLogger) {
  return (level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) => {
    const err = args.find((arg): arg is Error => arg instanceof Error);
    const details = args
      .filter((arg) => arg !== err)
      .map((arg) => (arg instanceof Error ? { type: arg.name, message: arg.message, stack: arg.stack } : arg));
    const data = { ...(err ? { err } : {}), ...(details.length > 0 ? { details } : {}) };
    if (level === 'error') log.error(data, `identity: ${message}`);
    else if (level === 'warn') log.warn(data, `identity: ${message}`);
    else log.debug(data, `identity: ${message}`);
  };
}

/**
 * A name from Google as the shop's own forms would take it: one line of at most
 * TEXT_LIMITS.name characters, falling back to the email's local part.
 */
export function profileName(name: unknown, email: unknown): string {
  const cleaned = (typeof name === 'string' ? name : '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, TEXT_LIMITS.name)
    .trim();
  if (cleaned) return cleaned;
  const local = typeof email === 'string' ? (email.split('@')[0] ?? '') : '';
  return local.slice(0, TEXT_LIMITS.name) || 'Customer';
}

/**
 * The address confirmation link, landing where the shop says the address is confirmed: Better
 * Auth sends it home (its default `callbackURL`), where nothing would say so.
 */
function confirmationLink(url: string): string {
  const link = new URL(url);
  link.searchParams.set('callbackURL', EMAIL_CONFIRMATION_LANDING);
  return link.toString();
}

/**
 * Better Auth on the shop's own database: email + password, reset by email, address
 * confirmation by email, Google through OpenID Connect, and bearer tokens (the session token
 * is SPEC's `accessToken`).
 */
export function createAuth({
  config,
  database,
  mailer,
  log,
  onAddressConfirmed,
}: {
  config: AppConfig;
  database: ShopDatabase;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Called once an account's owner confirmed its email address (the emails held for it can go). */
  onAddressConfirmed?: (userId: string) => Promise<void>;
}) {
  const plugins = [bearer()];
  const google = config.google;

  /**
   * Emails leave in the background: the answer must not wait for the mail server, and must
   * take as long whether or not the address has an account (whose owner gets the email).
   */
  const sendInBackground = (message: MailMessage, what: string) => {
    mailer.send(message).catch((error: unknown) => log.error({ err: error, to: message.to }, `identity: sending the ${what} email failed`));
  };
  /** Anyone can sign up any address: an account's name is quoted only to an address its owner confirmed. */
  const quotableName = (user: { name: string; emailVerified: boolean }) => (user.emailVerified ? user.name : null);

  return betterAuth({
    appName: 'Moto Parts',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [...config.trustedOrigins, ...config.corsOrigins],
    database: { db: database.db, type: database.dialect },
    telemetry: { enabled: false },
    logger: { log: betterAuthLog(log) },
    // A fault inside Better Auth (the database unreachable, a bug) is thrown to the shop's
    // error handler, which logs it whole and answers like every other route (503 when the
    // database is out); its own answer would be a bare 500 and a console line.
    onAPIError: { throw: true },
    // Limits live in the shop's own rate limiter (database-backed, shared by every instance).
    rateLimit: { enabled: false },
    advanced: {
      // Origins are checked in tests too (Better Auth skips them under a test runner by default):
      // a page of another site never acts with a visitor's session.
      disableOriginCheck: false,
      database: { generateId: () => newId() },
      useSecureCookies: config.publicUrl.startsWith('https://'),
    },
    user: {
      modelName: 'users',
      fields: { emailVerified: 'email_verified', ...snakeCaseTimestamps },
      additionalFields: {
        // Never accepted from a client: roles change only through the admin API.
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
        phone: { type: 'string', required: false, input: false },
      },
    },
    session: {
      modelName: 'sessions',
      expiresIn: SESSION_TTL_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      // Renewal is the shop's (session-policy.ts, applied by the API's bearer lookup): Better
      // Auth would renew a session without 'remember me' whenever no browser cookie says so,
      // as with every bearer call, and without an upper bound.
      disableSessionRefresh: true,
      fields: { expiresAt: 'expires_at', ipAddress: 'ip_address', userAgent: 'user_agent', userId: 'user_id', ...snakeCaseTimestamps },
    },
    account: {
      modelName: 'accounts',
      fields: {
        accountId: 'account_id',
        providerId: 'provider_id',
        userId: 'user_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        ...snakeCaseTimestamps,
      },
      // Google signs in to an existing account of the same email only when both sides have
      // proven the address: Google says it verified it, and the account's owner confirmed it
      // through our email (Better Auth refuses to link onto an unconfirmed local account).
      // No provider is trusted by name, so an unverified Google address never links.
      accountLinking: { enabled: true, trustedProviders: [] },
    },
    verification: {
      modelName: 'verifications',
      fields: { expiresAt: 'expires_at', ...snakeCaseTimestamps },
    },
    // Every new account gets a confirmation email, and works at once (SPEC: a new account signs
    // in right away). Confirming the address is what admin rights and Google linking need.
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_EMAIL_HOURS * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        sendInBackground({ to: user.email, ...identityEmails.verifyEmail(confirmationLink(url)) }, 'address confirmation');
      },
      // The confirmation stands whatever becomes of what waited for it.
      afterEmailVerification: async (user) => {
        await onAddressConfirmed?.(user.id).catch((error: unknown) => log.error({ err: error, userId: user.id }, 'identity: releasing what waited for the address confirmation failed'));
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Sign-up answers alike for new and existing emails; the client signs in next.
      autoSignIn: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        sendInBackground({ to: user.email, ...identityEmails.resetPassword(quotableName(user), url) }, 'password reset');
      },
      onExistingUserSignUp: async ({ user }) => {
        sendInBackground({ to: user.email, ...identityEmails.existingAccount(quotableName(user), `${config.publicUrl}/singin`) }, 'existing account');
      },
    },
    plugins: google
      ? [
          ...plugins,
          genericOAuth({
            config: [
              {
                providerId: 'google',
                clientId: google.clientId,
                clientSecret: google.clientSecret,
                discoveryUrl: `${google.issuer}/.well-known/openid-configuration`,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
                // The profile follows the shop's rules: a one-line name, and no photo from
                // another site (a profile image is always one the shop stores).
                mapProfileToUser: (profile) => ({ name: profileName(profile.name, profile.email), image: undefined }),
              },
            ],
          }),
        ]
      : plugins,
  });
}

export type Auth = ReturnType<typeof createAuth>;
