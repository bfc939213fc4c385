import {
  adminSearchQuerySchema,
  adminAnswerSchema,
  adminUserSchema,
  deletedAnswerSchema,
  emailParamsSchema,
  modifiedAnswerSchema,
  profileUpdateSchema,
  tokenAnswerSchema,
  userSchema,
  userUpsertSchema,
  workshopAnswerSchema,
  workshopInputSchema,
} from '@shop/shared';
import { bearerAuth as bearer, errorResponses as errors } from '../../lib/route-schemas.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/errors.js';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
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
      schema: { tags: ['users'], ...bearer, summary: 'Whether this user is an admin, and whether staff', params: emailParamsSchema, response: { 200: adminAnswerSchema, ...errors(400, 401, 403) } },
    },
    async (request) => app.users.rolesOf(request.params.email),
  );

  app.get(
    '/user/:email',
    {
      config: { access: 'owner' },
      schema: { tags: ['users'], ...bearer, summary: 'A user profile (owner or admin)', params: emailParamsSchema, response: { 200: userSchema, ...errors(400, 401, 403, 404) } },
    },
    async (request) => app.users.profile(request.params.email),
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
      const modified = await app.users.updateProfile(request.params.email, request.body, request.user);
      return { acknowledged: true, matchedCount: modified, modifiedCount: modified };
    },
  );

  app.get(
    '/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        ...bearer,
        summary: "Every user (admin), with whether their email address is confirmed, how many purchases they placed and when they joined; ?q= those whose name or email holds every word of it",
        querystring: adminSearchQuerySchema,
        response: { 200: z.array(adminUserSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => app.users.list(request.query.q),
  );

  app.put(
    '/user/admin/:email',
    {
      config: { access: 'admin' },
      schema: { tags: ['users'], ...bearer, summary: 'Makes a user an admin (admin); their email address must be confirmed', params: emailParamsSchema, response: { 200: modifiedAnswerSchema, ...errors(400, 401, 403, 404, 409) } },
    },
    async (request) => {
      const modified = await app.users.makeAdmin(request.params.email, request.user);
      return { acknowledged: true, matchedCount: 1, modifiedCount: modified };
    },
  );

  app.put(
    '/user/staff/:email',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        ...bearer,
        summary: 'Makes a customer staff (admin); their email address must be confirmed; 409 for an admin, who has every staff right already',
        params: emailParamsSchema,
        response: { 200: modifiedAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const modified = await app.users.makeStaff(request.params.email, request.user);
      request.log.info({ staffUser: request.params.email, by: request.user?.email }, 'made staff');
      return { acknowledged: true, matchedCount: 1, modifiedCount: modified };
    },
  );

  app.delete(
    '/user/staff-role/:email',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        ...bearer,
        summary: 'Makes a staff member a customer again (admin); 409 for an account that is not staff',
        params: emailParamsSchema,
        response: { 200: modifiedAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const modified = await app.users.removeStaff(request.params.email, request.user);
      request.log.info({ staffUser: request.params.email, by: request.user?.email }, 'staff removed');
      return { acknowledged: true, matchedCount: 1, modifiedCount: modified };
    },
  );

  app.put(
    '/user/workshop/:email',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        ...bearer,
        summary: 'Marks an account a workshop with its trade discount in percent (0-50), or not one (admin); its prices change from its next request',
        params: emailParamsSchema,
        body: workshopInputSchema,
        response: { 200: workshopAnswerSchema, ...errors(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      const answer = await app.users.setWorkshop(request.params.email, request.body, request.user);
      request.log.info({ workshopUser: request.params.email, ...answer, by: request.user?.email }, 'workshop set');
      return answer;
    },
  );

  app.delete(
    '/user/admin-role/:email',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        ...bearer,
        summary: 'Makes an admin a customer again (admin); never the last admin, never oneself',
        params: emailParamsSchema,
        response: { 200: modifiedAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const modified = await app.users.demote(request.params.email, request.user);
      request.log.info({ demotedUser: request.params.email, by: request.user?.email }, 'admin demoted');
      return { acknowledged: true, matchedCount: 1, modifiedCount: modified };
    },
  );

  app.delete(
    '/user/admin/:email',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        ...bearer,
        summary:
          "Removes a user (admin) as their own deletion does: sessions ended, unpaid purchases cancelled, the person erased, paid purchases and invoices kept for the books; never oneself nor the last admin",
        params: emailParamsSchema,
        response: { 200: deletedAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await app.users.remove(request.params.email, request.user);
      request.log.info({ removedUser: request.params.email, by: request.user?.email }, 'user removed');
      return { acknowledged: true, deletedCount: 1 };
    },
  );
};
