import {
  createReviewSchema,
  deletedAnswerSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  insertedAnswerSchema,
  reviewListQuerySchema,
  reviewSchema,
  type Review,
} from '@shop/shared';
import { bearerAuth as bearer, errorResponses as errors } from '../../lib/route-schemas.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ReviewRow } from '../../db/schema.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { sendCachedJson } from '../../lib/micro-cache.js';
import { assertStoredImage } from '../../lib/stored-image.js';
import { accountLimit } from '../../plugins/security.js';
import { createReviewsRepository } from './reviews.repository.js';

const toReview = (row: ReviewRow, withEmail: boolean): Review => ({
  _id: row.id,
  img: row.img,
  name: row.name,
  ...(withEmail ? { email: row.email } : {}),
  review: row.review,
  ratings: String(row.ratings),
});


export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reviews = createReviewsRepository(app.database.db);

  app.get(
    '/getreviews',
    {
      config: { access: (request) => (request.headers.authorization ? 'user' : 'public'), publicCache: true },
      schema: {
        tags: ['reviews'],
        summary:
          "Reviews, oldest first; ?latest=n answers only the latest n; ?page&size one page, newest first (X-Total-Count). Reviewers' emails only for admins.",
        querystring: reviewListQuerySchema,
        response: { 200: z.array(reviewSchema), 400: errorEnvelopeSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      // Emails are personal data: only an admin's bearer token brings them.
      const withEmail = request.user?.role === 'admin';
      const { latest, page, size } = request.query;
      if (page !== undefined || size !== undefined) {
        const limit = size ?? 20;
        reply.header('x-total-count', String(await reviews.count()));
        return (await reviews.listPage((page ?? 0) * limit, limit)).map((row) => toReview(row, withEmail));
      }
      if (latest && !withEmail) {
        const answer = await app.publicCache.json(`reviews:latest:${latest}`, async () => (await reviews.listLatest(latest)).map((row) => toReview(row, false)));
        return sendCachedJson(reply as never, answer);
      }
      const rows = latest ? await reviews.listLatest(latest) : await reviews.listAll();
      return rows.map((row) => toReview(row, withEmail));
    },
  );

  app.post(
    '/review',
    {
      // A real customer writes a handful of reviews, not a flood of them.
      config: { access: 'user', rateLimit: accountLimit(app.config, 10, 10 * 60_000) },
      schema: {
        tags: ['reviews'],
        ...bearer,
        summary: "Adds a review with a photo; the author's name and email come from the token",
        body: createReviewSchema,
        response: { 201: insertedAnswerSchema, ...errors(400, 401, 422, 429) },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      await assertStoredImage(app, request.body.img);
      const id = await reviews.insert({
        user_id: user.id,
        name: user.name,
        email: user.email,
        review: request.body.review,
        ratings: request.body.ratings,
        img: request.body.img,
      });
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
      const user = request.user!;
      const review = await reviews.findById(request.params.id);
      if (!review) throw notFound('Review');
      if (user.role !== 'admin' && review.user_id !== user.id) throw forbidden('You can only delete your own reviews');
      await reviews.remove(review.id);
      return { acknowledged: true, deletedCount: 1 };
    },
  );
};
