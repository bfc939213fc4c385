import { activityPageSchema, activityQuerySchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth as bearer, errorResponses as errors } from '../../lib/route-schemas.js';

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  // Read only: no route changes or deletes an entry (SPEC-3 section 7).
  app.get(
    '/activity',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['activity'],
        ...bearer,
        summary: 'A page of the activity log, newest first: every change an admin or staff member made, by person, action, days (UTC, both included) and words (admin)',
        querystring: activityQuerySchema,
        response: { 200: activityPageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => app.activity.page(request.query),
  );
};
