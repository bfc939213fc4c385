import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createReviewsRepository } from './reviews.repository.js';
import { createReviewsService, type ReviewsService } from './reviews.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Customers' reviews. */
    reviews: ReviewsService;
  }
}

export const reviewsPlugin = fp(
  async (app: FastifyInstance) => {
    const repository = createReviewsRepository(app.database.db);
    app.decorate('reviews', createReviewsService({ repository, images: app.images, orders: app.orders, catalogue: app.catalogue }));
  },
  { name: 'reviews', dependencies: ['database', 'images', 'orders', 'catalogue'] },
);
