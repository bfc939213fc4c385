import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createStockRepository } from './stock.repository.js';
import { createStockService, type StockService } from './stock.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each part's stock history. */
    stock: StockService;
  }
}

export const stockPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('stock', createStockService({ repository: createStockRepository(app.database.db) }));
  },
  { name: 'stock', dependencies: ['database'] },
);
