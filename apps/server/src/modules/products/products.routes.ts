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
  productCountQuerySchema,
  productCountSchema,
  productPageQuerySchema,
  productSchema,
} from '@shop/shared';
import { bearerAuth as bearer, errorResponses as errors } from '../../lib/route-schemas.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { personalProduct, personalProducts } from '../../lib/personal-prices.js';
import type { Actor } from '../activity/activity.plugin.js';

const isWholeCatalogue = (query: unknown) => {
  const { page, size, vehicle } = (query ?? {}) as Record<string, unknown>;
  return page === undefined && size === undefined && vehicle === undefined;
};
/** Manage Products' sort and filter: which parts wait in unpaid orders is the shop's business alone. */
const isAdminListing = (query: unknown) => {
  const { sort, filter } = (query ?? {}) as Record<string, unknown>;
  return sort !== undefined || filter !== undefined;
};

const modified = { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
/** Where a product's fitment rows are named in its body (and in the messages about them). */
const FITMENT_FIELD = 'fitment.vehicles';

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Writes a product, then the fitment sent with it; fitment rows naming no vehicle of the shop
   * refuse the whole write before anything is written. Answers the product's id.
   */
  const writeWithFitment = async (fitment: z.output<typeof createProductSchema>['fitment'], actor: Actor, write: () => Promise<string>): Promise<string> => {
    if (fitment) await app.vehicles.checkFitment(fitment, FITMENT_FIELD);
    const id = await write();
    if (fitment) await app.vehicles.setFitment(id, fitment, FITMENT_FIELD, actor);
    return id;
  };

  app.cachedGet(
    '/products',
    {
      // The whole catalogue at once (no page, no size) is the admin's Manage Products list, at list prices.
      config: { access: ({ query }) => (isWholeCatalogue(query) || isAdminListing(query) ? 'staff' : 'public-priced') },
      personalise: personalProducts,
      schema: {
        tags: ['products'],
        summary:
          'One page of the catalogue (zero-based page, size at most 100); with vehicle and year, of the parts that fit that bike; with sort or filter (admin), sorted by name, price or stock, or only the parts below their minimum (low) or held by orders waiting for payment (waiting)',
        querystring: productPageQuerySchema,
        response: { 200: z.array(productSchema), 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 422: errorEnvelopeSchema },
      },
    },
    async (request, _reply, cache) => {
      const { page, size, vehicle, sort, filter } = request.query;
      if (sort !== undefined || filter !== undefined) {
        const paged = page !== undefined || size !== undefined;
        const limit = size ?? PAGE_SIZE;
        return app.catalogue.adminList({ sort, filter }, (page ?? 0) * limit, paged ? limit : undefined);
      }
      if (page === undefined && size === undefined && vehicle === undefined) return app.catalogue.all();
      const limit = size ?? PAGE_SIZE;
      const offset = (page ?? 0) * limit;
      // A bike's page comes from the search index, which follows every instance's writes itself.
      if (vehicle !== undefined) return app.catalogueSearch.cataloguePage(request.query, offset, limit);
      return cache(`products:${offset}:${limit}`, () => app.catalogue.page(offset, limit));
    },
  );

  app.cachedGet(
    '/productCount',
    {
      config: { access: ({ query }) => (isAdminListing(query) ? 'staff' : 'public') },
      schema: {
        tags: ['products'],
        summary:
          'How many products the catalogue has; with vehicle and year, how many fit that bike, and how many more have no fitment data; with filter (admin), how many parts it keeps',
        querystring: productCountQuerySchema,
        response: { 200: productCountSchema, 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 422: errorEnvelopeSchema },
      },
    },
    async (request, _reply, cache) => {
      const { vehicle, filter } = request.query;
      if (filter !== undefined) return app.catalogue.count(filter);
      return vehicle === undefined ? cache('productCount', () => app.catalogue.count()) : app.catalogueSearch.catalogueCount(request.query);
    },
  );

  app.cachedGet(
    '/products/:id',
    {
      config: { access: 'public-priced' },
      personalise: personalProduct,
      schema: {
        tags: ['products'],
        summary: 'One product',
        params: idParamsSchema,
        response: { 200: productSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, _reply, cache) => {
      const product = await cache(`product:${request.params.id}`, () => app.catalogue.find(request.params.id));
      if (!product) throw notFound('Product');
      return product;
    },
  );

  app.post(
    '/products',
    {
      config: { access: 'admin' },
      schema: { tags: ['products'], ...bearer, summary: 'Adds a product (admin)', body: createProductSchema, response: { 201: insertedAnswerSchema, ...errors(400, 401, 403, 422) } },
    },
    async (request, reply) => {
      const { fitment, ...product } = request.body;
      const id = await writeWithFitment(fitment, request.user!, () => app.catalogue.add(product, request.user!));
      request.log.info({ productId: id, by: request.user?.email }, 'product added');
      return reply.code(201).send({ acknowledged: true, insertedId: id });
    },
  );

  app.put(
    '/product/:id',
    {
      config: { access: 'staff' },
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
      const { fitment, ...edit } = request.body;
      await writeWithFitment(fitment, request.user!, async () => {
        await app.catalogue.edit(request.params.id, edit, request.user!);
        return request.params.id;
      });
      return modified;
    },
  );

  app.put(
    '/products/:id',
    {
      config: { access: 'staff' },
      schema: { tags: ['products'], ...bearer, summary: 'Sets the stock of a product (admin)', params: idParamsSchema, body: setStockSchema, response: { 200: modifiedAnswerSchema, ...errors(400, 401, 403, 404, 409, 422) } },
    },
    async (request) => {
      await app.catalogue.setStock(request.params.id, { quantity: request.body.updatequantity, seen: request.body.quantitySeen }, request.user!);
      return modified;
    },
  );

  app.delete(
    '/products/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['products'], ...bearer, summary: 'Deletes a product; its orders keep their own name and price (admin)', params: idParamsSchema, response: { 200: deletedAnswerSchema, ...errors(400, 401, 403, 404) } },
    },
    async (request) => {
      await app.catalogue.remove(request.params.id, request.user!);
      request.log.info({ productId: request.params.id, by: request.user?.email }, 'product deleted');
      return { acknowledged: true, deletedCount: 1 };
    },
  );
};
