import { categoryInputSchema, categoryMoveSchema, categorySchema, deletedAnswerSchema, idParamsSchema, insertedAnswerSchema, modifiedAnswerSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth as bearer, errorResponses as errors } from '../../lib/route-schemas.js';

export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.cachedGet(
    '/categories',
    {
      config: { access: 'public' },
      schema: { tags: ['categories'], summary: 'Every category by name, with how many parts it holds', response: { 200: z.array(categorySchema) } },
    },
    async (_request, _reply, cache) => cache('categories', () => app.categories.list()),
  );

  app.post(
    '/categories',
    {
      config: { access: 'admin' },
      schema: { tags: ['categories'], ...bearer, summary: 'Adds a category (admin)', body: categoryInputSchema, response: { 201: insertedAnswerSchema, ...errors(400, 401, 403, 409, 422) } },
    },
    async (request, reply) => {
      const id = await app.categories.add(request.body.name, request.user!);
      request.log.info({ categoryId: id, by: request.user?.email }, 'category added');
      return reply.code(201).send({ acknowledged: true, insertedId: id });
    },
  );

  app.patch(
    '/categories/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['categories'],
        ...bearer,
        summary: 'Renames a category; its parts stay in it (admin)',
        params: idParamsSchema,
        body: categoryInputSchema,
        response: { 200: modifiedAnswerSchema, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      await app.categories.rename(request.params.id, request.body.name, request.user!);
      return { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
    },
  );

  app.post(
    '/categories/:id/move',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['categories'],
        ...bearer,
        summary: 'Moves every part of a category to another one, in one transaction (admin)',
        params: idParamsSchema,
        body: categoryMoveSchema,
        response: { 200: modifiedAnswerSchema, ...errors(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      const moved = await app.categories.moveParts(request.params.id, request.body.to, request.user!);
      request.log.info({ categoryId: request.params.id, to: request.body.to, moved, by: request.user?.email }, 'category parts moved');
      return { acknowledged: true, matchedCount: moved, modifiedCount: moved };
    },
  );

  app.delete(
    '/categories/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['categories'], ...bearer, summary: 'Deletes a category that holds no parts (admin)', params: idParamsSchema, response: { 200: deletedAnswerSchema, ...errors(400, 401, 403, 404, 409) } },
    },
    async (request) => {
      await app.categories.remove(request.params.id, request.user!);
      request.log.info({ categoryId: request.params.id, by: request.user?.email }, 'category deleted');
      return { acknowledged: true, deletedCount: 1 };
    },
  );
};
