import { idParamsSchema, stockAlertCountsSchema, stockAlertSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth as bearer, errorResponses as errors } from '../../lib/route-schemas.js';
import { scaledLimit } from '../../plugins/security.js';

/** Asking for, or withdrawing, 'Notify me' on this many parts a minute, each counted on its own. */
const ALERT_CHANGES_PER_MINUTE = 30;

export const stockAlertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { stockAlerts } = app;
  const alertChanges = () => ({ access: 'user' as const, rateLimit: { max: scaledLimit(app.config, ALERT_CHANGES_PER_MINUTE), timeWindow: 60_000 } });

  app.get(
    '/products/:id/notify',
    {
      config: { access: 'user' },
      schema: { tags: ['products'], ...bearer, summary: 'Whether you wait to hear that this part is back in stock', params: idParamsSchema, response: { 200: stockAlertSchema, ...errors(400, 401) } },
    },
    async (request) => ({ subscribed: await stockAlerts.isSubscribed(request.user!.id, request.params.id) }),
  );

  app.put(
    '/products/:id/notify',
    {
      config: alertChanges(),
      schema: {
        tags: ['products'],
        ...bearer,
        summary: "'Notify me': one email when this out-of-stock part can be ordered again (once, however often asked)",
        params: idParamsSchema,
        response: { 200: stockAlertSchema, ...errors(400, 401, 404, 409, 429) },
      },
    },
    async (request) => {
      await stockAlerts.subscribe(request.user!.id, request.params.id);
      return { subscribed: true };
    },
  );

  app.delete(
    '/products/:id/notify',
    {
      config: alertChanges(),
      schema: { tags: ['products'], ...bearer, summary: 'No email about this part after all', params: idParamsSchema, response: { 200: stockAlertSchema, ...errors(400, 401, 429) } },
    },
    async (request) => {
      await stockAlerts.withdraw(request.user!.id, request.params.id);
      return { subscribed: false };
    },
  );

  app.get(
    '/stock-alerts',
    {
      config: { access: 'admin' },
      schema: { tags: ['products'], ...bearer, summary: 'How many customers wait for each part that has any (admin)', response: { 200: stockAlertCountsSchema, ...errors(401, 403) } },
    },
    async () => stockAlerts.counts(),
  );
};
