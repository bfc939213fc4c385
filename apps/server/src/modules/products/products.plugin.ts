import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createProductsRepository } from './products.repository.js';
import { createCatalogueService, type CatalogueService } from './products.service.js';

export type { CatalogueService } from './products.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The products the shop sells. */
    catalogue: CatalogueService;
  }
}

export const cataloguePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('catalogue', createCatalogueService({ repository: createProductsRepository(app.database.db), images: app.images, categories: app.categories }));
  },
  { name: 'catalogue', dependencies: ['database', 'images', 'categories'] },
);
