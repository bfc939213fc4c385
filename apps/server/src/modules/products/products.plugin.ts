import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createProductPhotosRepository } from './product-photos.repository.js';
import { createProductsRepository } from './products.repository.js';
import { createCatalogueService, type CatalogueService } from './products.service.js';

export type { CatalogueService, PartPrice } from './products.service.js';
/** The one writer and reader of `products.quantity_prices`, for the modules that write parts too (catalogue files). */
export { quantityPricesColumn, quantityPricesOf } from './products.mapper.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The products the shop sells. */
    catalogue: CatalogueService;
  }
}

export const cataloguePlugin = fp(
  async (app: FastifyInstance) => {
    const { db } = app.database;
    app.decorate(
      'catalogue',
      createCatalogueService({ repository: createProductsRepository(app.database), photos: createProductPhotosRepository(db), images: app.images, categories: app.categories }),
    );
  },
  { name: 'catalogue', dependencies: ['database', 'images', 'categories'] },
);
