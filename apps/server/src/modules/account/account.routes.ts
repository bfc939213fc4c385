import { accountMessageSchema, accountSettingsSchema, changeEmailSchema, changePasswordSchema, deleteAccountRequestSchema, FRESH_SIGN_IN_MINUTES } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth as bearer, errorResponses as errors } from '../../lib/route-schemas.js';
import { scaledLimit } from '../../plugins/security.js';

/** Per account, besides the client address's sign-in limit: a guesser with many addresses is no faster. */
const PASSWORD_TRIES_PER_MINUTE = 10;
const EMAIL_CHANGES_PER_MINUTE = 3;
const EXPORTS_PER_MINUTE = 5;

/** The day of a download, for its file name. */
const today = () => new Date().toISOString().slice(0, 10);

/** An account its owner controls (SPEC-3 section 4). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const signInLimit = app.identityLimits.signIn;
  const mailLimit = app.identityLimits.mail;

  app.get(
    '/account',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        ...bearer,
        summary: "The signed-in account's email and whether it has a password (an account made with Google may not)",
        response: { 200: accountSettingsSchema, ...errors(401) },
      },
    },
    async (request) => app.account.settings(request.user!),
  );

  app.post(
    '/account/password',
    {
      config: { access: 'user', rateLimit: { max: scaledLimit(app.config, PASSWORD_TRIES_PER_MINUTE), timeWindow: 60_000 } },
      onRequest: signInLimit,
      schema: {
        tags: ['account'],
        ...bearer,
        summary: "Changes the signed-in account's password (current and new); this session stays, every other session and token ends",
        body: changePasswordSchema,
        response: { 200: accountMessageSchema, ...errors(400, 401, 409, 422, 429, 503) },
      },
    },
    async (request) => app.account.changePassword(request.user!, request.body),
  );

  app.post(
    '/account/email',
    {
      config: { access: 'user', rateLimit: { max: scaledLimit(app.config, EMAIL_CHANGES_PER_MINUTE), timeWindow: 60_000 } },
      onRequest: mailLimit,
      schema: {
        tags: ['account'],
        ...bearer,
        summary: 'Sends a link to the new address; opening it changes the account\'s email, and the old address is told',
        body: changeEmailSchema,
        response: { 200: accountMessageSchema, ...errors(400, 401, 409, 422, 429, 503) },
      },
    },
    async (request) => app.account.requestEmailChange(request.user!, request.body.newEmail),
  );

  app.get(
    '/account/email/confirm',
    {
      config: { access: 'public', rateLimit: { max: scaledLimit(app.config, 10), timeWindow: 60_000 } },
      schema: {
        tags: ['account'],
        summary: "The link of the new address: changes the account's email, then lands on the shop's address confirmation notice (with `error` when the link did not work)",
        querystring: z.object({ token: z.string().max(200) }),
        response: { 303: z.null().optional(), ...errors(400, 429) },
      },
    },
    async (request, reply) => reply.redirect(await app.account.confirmEmailChange(request.query.token), 303),
  );

  app.get(
    '/account/export',
    {
      config: { access: 'user', rateLimit: { max: scaledLimit(app.config, EXPORTS_PER_MINUTE), timeWindow: 60_000 } },
      schema: {
        tags: ['account'],
        ...bearer,
        summary: "Downloads the signed-in person's data as one JSON file: profile, addresses, garage, cart, orders, reviews, returns, stock alerts",
        produces: ['application/json'],
        // The file is streamed as it is read (Fastify sends a stream as it is, unserialized).
        response: { 200: z.unknown().describe('The JSON file'), ...errors(401, 429) },
      },
    },
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="moto-parts-my-data-${today()}.json"`)
        .send(app.account.exportData(request.user!)),
  );

  app.delete(
    '/account',
    {
      config: { access: 'user', rateLimit: { max: scaledLimit(app.config, PASSWORD_TRIES_PER_MINUTE), timeWindow: 60_000 } },
      onRequest: signInLimit,
      schema: {
        tags: ['account'],
        ...bearer,
        summary: `Deletes the signed-in account, confirmed with its password (an account without one, made with Google, by a sign-in of the last ${FRESH_SIGN_IN_MINUTES} minutes): unpaid purchases cancelled, the person erased, reviews shown as 'A former customer', paid purchases and invoices kept for the books`,
        // An account without a password may send no body at all.
        body: deleteAccountRequestSchema.nullish(),
        response: { 200: accountMessageSchema, ...errors(400, 401, 409, 422, 429, 503) },
      },
    },
    async (request) => app.account.deleteOwn(request.user!, request.body?.password),
  );
};
