import { discountDeletedAnswerSchema, discountInputSchema, discountPatchSchema, discountSchema, idParamsSchema, insertedAnswerSchema, modifiedAnswerSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth as bearer, errorResponses as errors } from '../../lib/route-schemas.js';

export const discountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/discounts',
    {
      config: { access: 'admin' },
      schema: { tags: ['discounts'], ...bearer, summary: 'Every discount code, by code (admin)', response: { 200: z.array(discountSchema), ...errors(401, 403) } },
    },
    async () => app.discounts.list(),
  );

  app.post(
    '/discounts',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['discounts'],
        ...bearer,
        summary: 'Adds a discount code; a code that exists in any case is refused (admin)',
        body: discountInputSchema,
        response: { 201: insertedAnswerSchema, ...errors(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const id = await app.discounts.add(request.body, request.user);
      request.log.info({ discountId: id, code: request.body.code, by: request.user?.email }, 'discount added');
      return reply.code(201).send({ acknowledged: true, insertedId: id });
    },
  );

  app.patch(
    '/discounts/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['discounts'],
        ...bearer,
        summary: 'Changes the fields sent of a discount code, checked whole as it would be (admin)',
        params: idParamsSchema,
        body: discountPatchSchema,
        response: { 200: modifiedAnswerSchema, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      await app.discounts.edit(request.params.id, request.body, request.user);
      request.log.info({ discountId: request.params.id, fields: Object.keys(request.body), by: request.user?.email }, 'discount changed');
      return { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
    },
  );

  app.delete(
    '/discounts/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['discounts'],
        ...bearer,
        summary: 'Deletes an unused discount code; a used one is deactivated instead (deletedCount 0, deactivated true), its purchases keep naming it (admin)',
        params: idParamsSchema,
        response: { 200: discountDeletedAnswerSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const answer = await app.discounts.remove(request.params.id, request.user);
      request.log.info({ discountId: request.params.id, deactivated: answer.deactivated, by: request.user?.email }, 'discount deleted');
      return answer;
    },
  );
};
