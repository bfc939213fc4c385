import { ADDRESSES_MAX, addressInputSchema, addressSchema, deletedAnswerSchema, idParamsSchema, insertedAnswerSchema, modifiedAnswerSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth as bearer, errorResponses as errors } from '../../lib/route-schemas.js';
import { scaledLimit } from '../../plugins/security.js';

/** Three times what a customer keeps: room for mistakes and removals, none for filling the table. */
const ADDRESS_ADDS_PER_MINUTE = 3 * ADDRESSES_MAX;

export const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/addresses',
    {
      config: { access: 'user' },
      schema: { tags: ['addresses'], ...bearer, summary: "The signed-in customer's saved addresses, the default first, then oldest first", response: { 200: z.array(addressSchema), ...errors(401) } },
    },
    async (request) => app.addressBook.list(request.user!.id),
  );

  app.post(
    '/addresses',
    {
      config: { access: 'user', rateLimit: { max: scaledLimit(app.config, ADDRESS_ADDS_PER_MINUTE), timeWindow: 60_000 } },
      schema: {
        tags: ['addresses'],
        ...bearer,
        summary: `Saves an address (at most ${ADDRESSES_MAX}); the first one, or one sent with isDefault, becomes the only default`,
        body: addressInputSchema,
        response: { 201: insertedAnswerSchema, ...errors(400, 401, 409, 422, 429) },
      },
    },
    async (request, reply) => reply.code(201).send({ acknowledged: true, insertedId: await app.addressBook.add(request.user!.id, request.body) }),
  );

  app.put(
    '/addresses/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['addresses'],
        ...bearer,
        summary: 'Changes one of your addresses; isDefault: true makes it the only default',
        params: idParamsSchema,
        body: addressInputSchema,
        response: { 200: modifiedAnswerSchema, ...errors(400, 401, 404, 422) },
      },
    },
    async (request) => {
      await app.addressBook.update(request.user!.id, request.params.id, request.body);
      return { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
    },
  );

  app.delete(
    '/addresses/:id',
    {
      config: { access: 'user' },
      schema: { tags: ['addresses'], ...bearer, summary: 'Removes one of your addresses; the oldest other one becomes the default if it was', params: idParamsSchema, response: { 200: deletedAnswerSchema, ...errors(400, 401, 404) } },
    },
    async (request) => {
      await app.addressBook.remove(request.user!.id, request.params.id);
      return { acknowledged: true, deletedCount: 1 };
    },
  );
};
