import { reviewListQuerySchema, reviewSchema, type Review, errorEnvelopeSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ReviewRow } from '../../db/schema.js';
import { createReviewsRepository } from './reviews.repository.js';

/** Reviewers' emails are personal data: the public answer leaves them out. */
const toPublicReview = (row: ReviewRow): Review => ({
  _id: row.id,
  img: row.img,
  name: row.name,
  review: row.review,
  ratings: String(row.ratings),
});

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reviews = createReviewsRepository(app.database.db);

  app.get(
    '/getreviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Reviews, oldest first; ?latest=n answers only the latest n',
        querystring: reviewListQuerySchema,
        response: { 200: z.array(reviewSchema), 400: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const rows = request.query.latest ? await reviews.listLatest(request.query.latest) : await reviews.listAll();
      return rows.map(toPublicReview);
    },
  );
};
