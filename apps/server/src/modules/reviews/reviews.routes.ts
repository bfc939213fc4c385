import {
  createReviewSchema,
  deletedAnswerSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  insertedAnswerSchema,
  productReviewsQuerySchema,
  productReviewsSchema,
  reviewListQuerySchema,
  reviewSchema,
} from '@shop/shared';
import { bearerAuth as bearer, errorResponses as errors } from '../../lib/route-schemas.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { scaledLimit } from '../../plugins/security.js';

const REVIEW_PAGE_SIZE = 20;
const PRODUCT_REVIEW_PAGE_SIZE = 5;

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.cachedGet(
    '/getreviews',
    {
      // Searching (?q=) reaches reviewers' emails: the admin's alone.
      config: { access: (request) => ((request.query as { q?: unknown } | undefined)?.q !== undefined ? 'admin' : request.headers.authorization ? 'user' : 'public') },
      schema: {
        tags: ['reviews'],
        summary:
          "Reviews, oldest first; ?latest=n answers only the latest n; ?page&size one page, newest first (X-Total-Count); ?q= (admin) those whose author, email or text holds it. Reviewers' emails only for admins.",
        querystring: reviewListQuerySchema,
        response: { 200: z.array(reviewSchema), 400: errorEnvelopeSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request, reply, cache) => {
      // Emails are personal data: only an admin's bearer token brings them.
      const withEmail = request.user?.role === 'admin';
      const { latest, page, size, q } = request.query;
      if (page !== undefined || size !== undefined || q !== undefined) {
        const limit = size ?? REVIEW_PAGE_SIZE;
        const { reviews, total } = await app.reviews.page((page ?? 0) * limit, limit, withEmail, q);
        reply.header('x-total-count', String(total));
        return reviews;
      }
      if (latest && !withEmail) return cache(`reviews:latest:${latest}`, () => app.reviews.list({ latest, withEmail: false }));
      return app.reviews.list({ latest, withEmail });
    },
  );

  app.cachedGet(
    '/products/:id/reviews',
    {
      config: { access: 'public' },
      schema: {
        tags: ['reviews'],
        summary: "One page of a part's reviews, newest first, with their count and average (one decimal)",
        params: idParamsSchema,
        querystring: productReviewsQuerySchema,
        response: { 200: productReviewsSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, _reply, cache) => {
      const { id } = request.params;
      const limit = request.query.size ?? PRODUCT_REVIEW_PAGE_SIZE;
      const offset = (request.query.page ?? 0) * limit;
      const answer = await cache(`product-reviews:${id}:${offset}:${limit}`, () => app.reviews.ofProduct(id, offset, limit));
      if (!answer) throw notFound('Product');
      return answer;
    },
  );

  app.post(
    '/review',
    {
      // A real customer writes a handful of reviews, not a flood of them.
      config: { access: 'user', rateLimit: { max: scaledLimit(app.config, 10), timeWindow: 10 * 60_000 } },
      schema: {
        tags: ['reviews'],
        ...bearer,
        summary: "Adds a review with a photo; the author's name and email come from the token. With productId, a review of that part from one of the author's paid orders of it (one per order).",
        body: createReviewSchema,
        response: { 201: insertedAnswerSchema, ...errors(400, 401, 403, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const id = await app.reviews.add(request.user!, request.body);
      return reply.code(201).send({ acknowledged: true, insertedId: id });
    },
  );

  app.delete(
    '/review/:id',
    {
      config: { access: 'user' },
      schema: { tags: ['reviews'], ...bearer, summary: 'Deletes a review (its author or an admin)', params: idParamsSchema, response: { 200: deletedAnswerSchema, ...errors(400, 401, 403, 404) } },
    },
    async (request) => {
      await app.reviews.remove(request.user!, request.params.id);
      return { acknowledged: true, deletedCount: 1 };
    },
  );
};
