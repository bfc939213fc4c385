import {
  deletedAnswerSchema,
  idParamsSchema,
  insertedAnswerSchema,
  modifiedAnswerSchema,
  shippingMethodInputSchema,
  shippingMethodPatchSchema,
  shippingMethodSchema,
  shippingMethodsQuerySchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth as bearer, errorResponses as errors } from '../../lib/route-schemas.js';

export const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.cachedGet(
    '/shipping-methods',
    {
      config: { access: 'public' },
      schema: {
        tags: ['shipping'],
        summary: 'The active delivery methods, cheapest first; with country, those serving it, with the arrival dates of an order placed now and until when it is dispatched today',
        querystring: shippingMethodsQuerySchema,
        response: { 200: z.array(shippingMethodSchema), ...errors(400) },
      },
    },
    // The dates move with the clock: a kept answer is at most PUBLIC_CACHE_MS old.
    async (request, _reply, cache) => cache(`shipping-methods:${request.query.country ?? ''}`, () => app.shipping.list({ country: request.query.country, now: new Date() })),
  );

  app.get(
    '/admin/shipping-methods',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['shipping'],
        ...bearer,
        summary: 'Every delivery method, inactive ones too, cheapest first (admin)',
        response: { 200: z.array(shippingMethodSchema), ...errors(401, 403) },
      },
    },
    async () => app.shipping.list({ all: true, now: new Date() }),
  );

  app.post(
    '/shipping-methods',
    {
      config: { access: 'admin' },
      schema: { tags: ['shipping'], ...bearer, summary: 'Adds a delivery method (admin)', body: shippingMethodInputSchema, response: { 201: insertedAnswerSchema, ...errors(400, 401, 403, 422) } },
    },
    async (request, reply) => {
      const id = await app.shipping.add(request.body, request.user);
      request.log.info({ shippingMethodId: id, by: request.user?.email }, 'delivery method added');
      return reply.code(201).send({ acknowledged: true, insertedId: id });
    },
  );

  app.patch(
    '/shipping-methods/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['shipping'],
        ...bearer,
        summary: 'Changes a delivery method; active: true offers a deactivated one again (admin)',
        params: idParamsSchema,
        body: shippingMethodPatchSchema,
        response: { 200: modifiedAnswerSchema, ...errors(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      await app.shipping.change(request.params.id, request.body, request.user);
      request.log.info({ shippingMethodId: request.params.id, by: request.user?.email }, 'delivery method changed');
      return { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
    },
  );

  app.delete(
    '/shipping-methods/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['shipping'],
        ...bearer,
        summary: 'Deactivates a delivery method: no longer offered, still named by past purchases (admin)',
        params: idParamsSchema,
        response: { 200: deletedAnswerSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await app.shipping.deactivate(request.params.id, request.user);
      request.log.info({ shippingMethodId: request.params.id, by: request.user?.email }, 'delivery method deactivated');
      return { acknowledged: true, deletedCount: 1 };
    },
  );
};
