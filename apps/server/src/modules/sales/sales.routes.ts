import { salesBestSellersSchema, salesLowStockSchema, salesQuerySchema, salesRevenueSchema, salesStatusesSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth as bearer, errorResponses as errors } from '../../lib/route-schemas.js';

/** The sales page's calls (admin): each takes a range of UTC days, `from` and `to` included. */
export const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sales } = app;
  const base = { config: { access: 'admin' as const } };
  const schema = { tags: ['sales'], ...bearer, querystring: salesQuerySchema };

  app.get(
    '/sales/revenue',
    { ...base, schema: { ...schema, summary: 'What each day took, gave back in refunds and kept, and the totals (admin)', response: { 200: salesRevenueSchema, ...errors(400, 401, 403) } } },
    async (request) => sales.revenue(request.query),
  );

  app.get(
    '/sales/statuses',
    { ...base, schema: { ...schema, summary: 'The orders placed in the range by their status now (admin)', response: { 200: salesStatusesSchema, ...errors(400, 401, 403) } } },
    async (request) => sales.statuses(request.query),
  );

  app.get(
    '/sales/best-sellers',
    { ...base, schema: { ...schema, summary: 'The ten parts that sold the most pieces, refunds taken off (admin)', response: { 200: salesBestSellersSchema, ...errors(400, 401, 403) } } },
    async (request) => sales.bestSellers(request.query),
  );

  app.get(
    '/sales/low-stock',
    {
      ...base,
      schema: { ...schema, summary: 'Parts that cannot be ordered, or will run out within two weeks at the rate the range sold them (admin)', response: { 200: salesLowStockSchema, ...errors(400, 401, 403) } },
    },
    async (request) => sales.lowStock(request.query),
  );
};
