import { deletedAnswerSchema, garageAddSchema, garageBikeSchema, idParamsSchema, insertedAnswerSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth as bearer, errorResponses as errors } from '../../lib/route-schemas.js';
import { scaledLimit } from '../../plugins/security.js';

/** A garage holds 10 bikes, all joined at sign-in at once at most; choosing the active bike adds it again. */
const GARAGE_ADDS_PER_MINUTE = 30;

export const garageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/garage',
    {
      config: { access: 'user' },
      schema: { tags: ['garage'], ...bearer, summary: "The signed-in rider's bikes, oldest first, one of them active", response: { 200: z.array(garageBikeSchema), ...errors(401) } },
    },
    async (request) => app.garage.list(request.user!.id),
  );

  app.post(
    '/garage',
    {
      config: { access: 'user', rateLimit: { max: scaledLimit(app.config, GARAGE_ADDS_PER_MINUTE), timeWindow: 60_000 } },
      schema: {
        tags: ['garage'],
        ...bearer,
        summary: 'Adds a bike (or finds it there already); the first bike, or one sent with active, becomes the active one',
        body: garageAddSchema,
        response: { 201: insertedAnswerSchema, ...errors(400, 401, 409, 422, 429) },
      },
    },
    async (request, reply) => reply.code(201).send({ acknowledged: true, insertedId: await app.garage.add(request.user!.id, request.body) }),
  );

  app.delete(
    '/garage/:id',
    {
      config: { access: 'user' },
      schema: { tags: ['garage'], ...bearer, summary: 'Removes one of your bikes; the newest other one becomes active if it was', params: idParamsSchema, response: { 200: deletedAnswerSchema, ...errors(400, 401, 404) } },
    },
    async (request) => {
      await app.garage.remove(request.user!.id, request.params.id);
      return { acknowledged: true, deletedCount: 1 };
    },
  );
};
