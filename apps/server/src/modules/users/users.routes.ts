import {
  adminAnswerSchema,
  deletedAnswerSchema,
  emailParamsSchema,
  modifiedAnswerSchema,
  profileUpdateSchema,
  tokenAnswerSchema,
  userSchema,
  userUpsertSchema,
  type User,
} from '@shop/shared';
import { bearerAuth as bearer, errorResponses as errors } from '../../lib/route-schemas.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UserRow } from '../../db/schema.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.js';
import { assertStoredImage } from '../../lib/stored-image.js';
import { createUsersRepository, isEmailVerified } from './users.repository.js';

const toUser = (row: UserRow): User => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  img: row.image,
  phone: row.phone,
});


export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = createUsersRepository(app.database.db, app.database.dialect);

  app.put(
    '/user/:email',
    {
      config: { access: 'identity-session' },
      schema: {
        tags: ['users'],
        summary: "Exchanges the identity session of this email (cookie or bearer) for the API's bearer token",
        params: emailParamsSchema,
        body: userUpsertSchema,
        response: { 200: tokenAnswerSchema, ...errors(400, 401, 403, 422) },
      },
    },
    async (request) => {
      const user = request.user!;
      if (user.email !== request.body.email) throw forbidden('You can only ask for a token of your own account');
      return { token: user.sessionToken };
    },
  );

  app.get(
    '/admin/:email',
    {
      config: { access: 'owner' },
      schema: { tags: ['users'], ...bearer, summary: 'Whether this user is an admin', params: emailParamsSchema, response: { 200: adminAnswerSchema, ...errors(400, 401, 403) } },
    },
    async (request) => {
      const row = await users.findByEmail(request.params.email);
      return { admin: row?.role === 'admin' };
    },
  );

  app.get(
    '/user/:email',
    {
      config: { access: 'owner' },
      schema: { tags: ['users'], ...bearer, summary: 'A user profile (owner or admin)', params: emailParamsSchema, response: { 200: userSchema, ...errors(400, 401, 403, 404) } },
    },
    async (request) => {
      const row = await users.findByEmail(request.params.email);
      if (!row) throw notFound('User');
      return toUser(row);
    },
  );

  app.put(
    '/userinfo/:email',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['users'],
        ...bearer,
        summary: 'Updates the phone and photo of a profile (owner or admin)',
        params: emailParamsSchema,
        body: profileUpdateSchema,
        response: { 200: modifiedAnswerSchema, ...errors(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      await assertStoredImage(app, request.body.img);
      const modified = await users.updateProfile(request.params.email, { image: request.body.img, phone: request.body.phone });
      if (modified === 0) throw notFound('User');
      return { acknowledged: true, matchedCount: modified, modifiedCount: modified };
    },
  );

  app.get(
    '/users',
    {
      config: { access: 'admin' },
      schema: { tags: ['users'], ...bearer, summary: 'Every user (admin)', response: { 200: z.array(userSchema), ...errors(401, 403) } },
    },
    async () => (await users.listAll()).map(toUser),
  );

  app.put(
    '/user/admin/:email',
    {
      config: { access: 'admin' },
      schema: { tags: ['users'], ...bearer, summary: 'Makes a user an admin (admin); their email address must be confirmed', params: emailParamsSchema, response: { 200: modifiedAnswerSchema, ...errors(400, 401, 403, 404, 409) } },
    },
    async (request) => {
      const target = await users.findByEmail(request.params.email);
      if (!target) throw notFound('User');
      // Anyone can sign up any address: only its confirmed owner may gain admin rights.
      if (target.role !== 'admin' && !isEmailVerified(target)) {
        throw conflict(
          'This person has not confirmed their email address yet, so they cannot become an admin. They confirm it with the link in the email the shop sent when they signed up.',
        );
      }
      const modified = await users.setRole(request.params.email, 'admin');
      return { acknowledged: true, matchedCount: 1, modifiedCount: modified };
    },
  );

  app.delete(
    '/user/admin/:email',
    {
      config: { access: 'admin' },
      schema: { tags: ['users'], ...bearer, summary: 'Removes a user and ends their sessions (admin)', params: emailParamsSchema, response: { 200: deletedAnswerSchema, ...errors(400, 401, 403, 404, 409) } },
    },
    async (request) => {
      if (request.user?.email === request.params.email) throw conflict('You cannot remove your own account');
      const removal = await users.removeUnlessLastAdmin(request.params.email);
      if (removal.outcome !== 'removed') {
        throw removal.outcome === 'not-found' ? notFound('User') : new AppError(409, 'CONFLICT', 'The shop needs at least one admin');
      }
      // The account is gone (and its sessions with it), so it can place nothing more: the stock its
      // unpaid orders hold goes back to the shelf, each order once.
      const { orders, payments } = app.commerce;
      for (const order of await orders.listWaitingForAccount(removal.id)) {
        await payments.cancel(order, 'account-removed').catch((error: unknown) => {
          if (!(error instanceof AppError)) throw error;
        });
      }
      request.log.info({ removedUser: request.params.email, by: request.user?.email }, 'user removed');
      return { acknowledged: true, deletedCount: 1 };
    },
  );
};
