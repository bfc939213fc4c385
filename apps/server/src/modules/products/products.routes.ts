import {
  errorEnvelopeSchema,
  idParamsSchema,
  PAGE_SIZE,
  productCountSchema,
  productPageQuerySchema,
  productSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, unauthorized } from '../../lib/errors.js';
import { toProduct } from './products.mapper.js';
import { createProductsRepository } from './products.repository.js';

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  const products = createProductsRepository(app.database.db);

  app.get(
    '/products',
    {
      schema: {
        tags: ['products'],
        summary: 'One page of the catalogue (zero-based page, size at most 100)',
        querystring: productPageQuerySchema,
        response: { 200: z.array(productSchema), 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { page, size } = request.query;
      if (page === undefined && size === undefined) {
        // The whole catalogue at once is the admin's Manage Products list.
        if (!request.headers.authorization) {
          throw unauthorized('Sign in as an admin to list every product, or ask for one page with ?page=0&size=6');
        }
        await app.requireAdmin.call(app, request, reply);
        return (await products.listAll()).map(toProduct);
      }
      const limit = size ?? PAGE_SIZE;
      const rows = await products.listPage((page ?? 0) * limit, limit);
      return rows.map(toProduct);
    },
  );

  app.get(
    '/productCount',
    { schema: { tags: ['products'], summary: 'How many products the catalogue has', response: { 200: productCountSchema } } },
    async () => ({ count: await products.count() }),
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags: ['products'],
        summary: 'One product',
        params: idParamsSchema,
        response: { 200: productSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const row = await products.findById(request.params.id);
      if (!row) throw notFound('Product');
      return toProduct(row);
    },
  );
};
