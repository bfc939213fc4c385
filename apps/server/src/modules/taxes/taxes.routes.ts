import { taxRatesInputSchema, taxRatesSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth as bearer, errorResponses as errors } from '../../lib/route-schemas.js';

export const taxesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tax-rates',
    {
      config: { access: 'admin' },
      schema: { tags: ['taxes'], ...bearer, summary: "The shop's tax rates, in the admin's order (admin)", response: { 200: taxRatesSchema, ...errors(401, 403) } },
    },
    async () => ({ rates: await app.taxes.list() }),
  );

  app.put(
    '/tax-rates',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['taxes'],
        ...bearer,
        summary: 'Replaces every tax rate at once; one rate per country and region (admin)',
        body: taxRatesInputSchema,
        response: { 200: taxRatesSchema, ...errors(400, 401, 403, 422) },
      },
    },
    async (request) => {
      const rates = await app.taxes.replace(request.body.rates, request.user);
      request.log.info({ rates: rates.length, by: request.user?.email }, 'tax rates saved');
      return { rates };
    },
  );
};
