import { betterAuth } from 'better-auth';
import type { FastifyBaseLogger } from 'fastify';
import { bearer, genericOAuth } from 'better-auth/plugins';
import type { AppConfig } from '../../config.js';
import type { ShopDatabase } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import type { Mailer } from '../../lib/mailer.js';
import { identityEmails } from './identity.emails.js';

export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
export const PASSWORD_MAX_LENGTH = 128;

const snakeCaseTimestamps = { createdAt: 'created_at', updatedAt: 'updated_at' } as const;

/**
 * Better Auth on the shop's own database: email + password, reset by email, Google through
 * OpenID Connect, and bearer tokens (the session token is SPEC's `accessToken`).
 */
export function createAuth({
  config,
  database,
  mailer,
  log,
}: {
  config: AppConfig;
  database: ShopDatabase;
  mailer: Mailer;
  log: FastifyBaseLogger;
}) {
  const plugins = [bearer()];
  const google = config.google;

  return betterAuth({
    appName: 'Moto Parts',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl, ...config.corsOrigins],
    database: { db: database.db, type: database.dialect },
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => {
        const data = args.length > 0 ? { details: args } : {};
        if (level === 'error') log.error(data, `identity: ${message}`);
        else if (level === 'warn') log.warn(data, `identity: ${message}`);
        else log.debug(data, `identity: ${message}`);
      },
    },
    // Limits live in the shop's own rate limiter (database-backed, shared by every instance).
    rateLimit: { enabled: false },
    advanced: {
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
      updateAge: 24 * 60 * 60,
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
      accountLinking: { enabled: true, trustedProviders: ['google'] },
    },
    verification: {
      modelName: 'verifications',
      fields: { expiresAt: 'expires_at', ...snakeCaseTimestamps },
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
        await mailer.send({ to: user.email, ...identityEmails.resetPassword(user.name, url) });
      },
      onExistingUserSignUp: async ({ user }) => {
        await mailer.send({ to: user.email, ...identityEmails.existingAccount(user.name, `${config.publicUrl}/singin`) });
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
              },
            ],
          }),
        ]
      : plugins,
  });
}

export type Auth = ReturnType<typeof createAuth>;
