import { createReturnSchema, idParamsSchema, returnSchema, returnsPageSchema, returnsQuerySchema, updateReturnSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/errors.js';
import { bearerAuth as bearer, errorResponses as errors } from '../../lib/route-schemas.js';

export const returnsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders/:id/returns',
    {
      config: { access: 'user' },
      schema: {
        tags: ['returns'],
        ...bearer,
        summary:
          "Asks to return pieces of one of your shipped lines within the shop's return window; at most the pieces bought that no other return (but a rejected one) holds (owner only; 404 for anyone else's order)",
        params: idParamsSchema,
        body: createReturnSchema,
        response: { 201: returnSchema, ...errors(400, 401, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const answer = await app.returns.request(request.user, request.params.id, request.body);
      request.log.info({ returnId: answer._id, orderId: answer.orderId, quantity: answer.quantity }, 'return requested');
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/returns',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['returns'],
        ...bearer,
        summary: 'A page of returns, newest first (admin); ?status= of one status, ?q= by order number, part, customer name or email, ?page= from 0',
        querystring: returnsQuerySchema,
        response: { 200: returnsPageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => app.returns.list(request.query),
  );

  app.patch(
    '/returns/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['returns'],
        ...bearer,
        summary:
          "One step of a return (admin): approve or reject (with a reason) a request, mark an approved one received, refund a received one (amount at most what is left of the payment; restock puts its pieces back once); each emails the customer",
        params: idParamsSchema,
        body: updateReturnSchema,
        response: { 200: returnSchema, ...errors(400, 401, 403, 404, 409, 422, 503) },
      },
      // Staff approve, reject and receive; a refund is an admin's (SPEC-3 section 7), refused before the body is validated or anything read.
      preValidation: async (request) => {
        if (request.user?.role !== 'admin' && (request.body as { action?: unknown } | undefined)?.action === 'refund') throw forbidden('This needs an admin account');
      },
    },
    async (request) => app.returns.update(request.params.id, request.body, request.user),
  );
};
