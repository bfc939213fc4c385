import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDiscountsRepository } from './discounts.repository.js';
import { createDiscountsService, type DiscountsService } from './discounts.service.js';

export type { AppliedDiscount, DiscountRequest, DiscountsService } from './discounts.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Discount codes: the admin's list, whether a code applies, and counting its uses at placement. */
    discounts: DiscountsService;
  }
}

export const discountsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('discounts', createDiscountsService({ repository: createDiscountsRepository(app.database) }));
  },
  { name: 'discounts', dependencies: ['database'] },
);
