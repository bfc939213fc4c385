import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createCategoriesRepository } from './categories.repository.js';
import { createCategoriesService, type CategoriesService } from './categories.service.js';

export type { CategoriesService } from './categories.service.js';
export { unknownCategory } from './categories.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue's categories. */
    categories: CategoriesService;
  }
}

export const categoriesPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('categories', createCategoriesService({ repository: createCategoriesRepository(app.database) }));
  },
  { name: 'categories', dependencies: ['database'] },
);
