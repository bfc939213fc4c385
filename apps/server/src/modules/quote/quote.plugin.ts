import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createQuoteService, type QuoteService } from './quote.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** A purchase's totals, delivery and arrival: what every screen shows and every placement charges. */
    quote: QuoteService;
  }
}

export const quotePlugin = fp(
  async (app: FastifyInstance) => {
    const { settings, taxes, shipping, discounts, catalogue } = app;
    app.decorate('quote', createQuoteService({ settings, taxes, shipping, discounts, catalogue }));
  },
  { name: 'quote', dependencies: ['settings', 'taxes', 'shipping', 'discounts', 'catalogue'] },
);
