import {
  createProductSchema,
  deletedAnswerSchema,
  errorEnvelopeSchema,
  insertedAnswerSchema,
  modifiedAnswerSchema,
  setStockSchema,
  updateProductSchema,
  idParamsSchema,
  PAGE_SIZE,
  productCountSchema,
  productPageQuerySchema,
  productMessages,
  productSchema,
} from '@shop/shared';
import { bearerAuth as bearer, errorResponses as errors } from '../../lib/route-schemas.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors.js';
import { sendCachedJson } from '../../lib/micro-cache.js';
import { assertStoredImage } from '../../lib/stored-image.js';
import { toProduct } from './products.mapper.js';
import { createProductsRepository, type ProductsRepository } from './products.repository.js';

const isWholeCatalogue = (query: unknown) => {
  const { page, size } = (query ?? {}) as Record<string, unknown>;
  return page === undefined && size === undefined;
};

/** SPEC's update answer, or why nothing changed: no such product, or a stock that moved under the form. */
function answerOf(update: Awaited<ReturnType<ProductsRepository['update']>>, stockField: string) {
  if (update.outcome === 'not-found') throw notFound('Product');
  if (update.outcome === 'stock-changed') {
    const message = productMessages.stockChanged(update.stockNow);
    throw new AppError(409, 'STOCK_CHANGED', message, { [stockField]: [message] });
  }
  return { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
}

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  const products = createProductsRepository(app.database.db);

  app.get(
    '/products',
    {
      // The whole catalogue at once (no page, no size) is the admin's Manage Products list.
      config: { access: ({ query }) => (isWholeCatalogue(query) ? 'admin' : 'public'), publicCache: true },
      schema: {
        tags: ['products'],
        summary: 'One page of the catalogue (zero-based page, size at most 100)',
        querystring: productPageQuerySchema,
        response: { 200: z.array(productSchema), 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { page, size } = request.query;
      if (page === undefined && size === undefined) return (await products.listAll()).map(toProduct);
      const limit = size ?? PAGE_SIZE;
      const offset = (page ?? 0) * limit;
      const answer = await app.publicCache.json(`products:${offset}:${limit}`, async () => (await products.listPage(offset, limit)).map(toProduct));
      return sendCachedJson(reply as never, answer);
    },
  );

  app.get(
    '/productCount',
    { config: { access: 'public', publicCache: true }, schema: { tags: ['products'], summary: 'How many products the catalogue has', response: { 200: productCountSchema } } },
    async (_request, reply) => {
      const answer = await app.publicCache.json('productCount', async () => ({ count: await products.count() }));
      return sendCachedJson(reply as never, answer);
    },
  );

  app.get(
    '/products/:id',
    {
      config: { access: 'public', publicCache: true },
      schema: {
        tags: ['products'],
        summary: 'One product',
        params: idParamsSchema,
        response: { 200: productSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const answer = await app.publicCache.json(`product:${request.params.id}`, async () => {
        const row = await products.findById(request.params.id);
        return row ? toProduct(row) : null;
      });
      if (answer.text === 'null') throw notFound('Product');
      return sendCachedJson(reply as never, answer);
    },
  );


  app.post(
    '/products',
    {
      config: { access: 'admin' },
      schema: { tags: ['products'], ...bearer, summary: 'Adds a product (admin)', body: createProductSchema, response: { 201: insertedAnswerSchema, ...errors(400, 401, 403, 422) } },
    },
    async (request, reply) => {
      const { name, decreption, price, quantity, minimum, img } = request.body;
      await assertStoredImage(app, img);
      const id = await products.insert({ name, description: decreption, price_cents: price, quantity, minimum, img });
      request.log.info({ productId: id, by: request.user?.email }, 'product added');
      return reply.code(201).send({ acknowledged: true, insertedId: id });
    },
  );

  app.put(
    '/product/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['products'],
        ...bearer,
        summary: "Updates a product's description, price, stock, minimum and optionally its photo (admin)",
        params: idParamsSchema,
        body: updateProductSchema,
        response: { 200: modifiedAnswerSchema, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const { decreption, price, quantity, quantitySeen, minimum, img } = request.body;
      if (img) await assertStoredImage(app, img);
      const update = await products.update(
        request.params.id,
        { description: decreption, price_cents: price, minimum, ...(img ? { img } : {}) },
        { quantity, seen: quantitySeen },
      );
      return answerOf(update, 'quantity');
    },
  );

  app.put(
    '/products/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['products'], ...bearer, summary: 'Sets the stock of a product (admin)', params: idParamsSchema, body: setStockSchema, response: { 200: modifiedAnswerSchema, ...errors(400, 401, 403, 404, 409, 422) } },
    },
    async (request) => {
      const { updatequantity, quantitySeen } = request.body;
      return answerOf(await products.update(request.params.id, {}, { quantity: updatequantity, seen: quantitySeen }), 'updatequantity');
    },
  );

  app.delete(
    '/products/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['products'], ...bearer, summary: 'Deletes a product; its orders keep their own name and price (admin)', params: idParamsSchema, response: { 200: deletedAnswerSchema, ...errors(400, 401, 403, 404) } },
    },
    async (request) => {
      const deleted = await products.remove(request.params.id);
      if (deleted === 0) throw notFound('Product');
      request.log.info({ productId: request.params.id, by: request.user?.email }, 'product deleted');
      return { acknowledged: true, deletedCount: 1 };
    },
  );
};
