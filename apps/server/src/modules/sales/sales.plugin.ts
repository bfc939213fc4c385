import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSalesRepository } from './sales.repository.js';
import { createSalesService, type SalesService } from './sales.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sales page's figures. */
    sales: SalesService;
  }
}

export const salesPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('sales', createSalesService({ repository: createSalesRepository(app.database) }));
  },
  { name: 'sales', dependencies: ['database'] },
);
