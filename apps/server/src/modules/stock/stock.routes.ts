import { idParamsSchema, stockHistoryQuerySchema, stockHistorySchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth as bearer, errorResponses as errors } from '../../lib/route-schemas.js';

export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  const { stock } = app;

  app.get(
    '/products/:id/stock-history',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['products'],
        ...bearer,
        summary: "A part's stock changes, newest first, each with its reason (staff)",
        params: idParamsSchema,
        querystring: stockHistoryQuerySchema,
        response: { 200: stockHistorySchema, ...errors(400, 401, 403, 404, 422) },
      },
    },
    async (request) => stock.history(request.params.id, request.query.page),
  );
};
