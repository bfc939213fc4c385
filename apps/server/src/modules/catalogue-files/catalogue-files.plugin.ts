import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createCatalogueFilesRepository } from './catalogue-files.repository.js';
import { createCatalogueFilesService, type CatalogueFilesService } from './catalogue-files.service.js';
import { createPlaceholderImages } from './placeholder-image.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Catalogue import and export as CSV files. */
    catalogueFiles: CatalogueFilesService;
  }
}

export const catalogueFilesPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'catalogueFiles',
      createCatalogueFilesService({
        repository: createCatalogueFilesRepository(app.database.db),
        vehicles: app.vehicles,
        images: app.images,
        imageExists: (path) => app.imageStorage.exists(path),
        placeholder: createPlaceholderImages(app.imageStorage),
      }),
    );
  },
  { name: 'catalogue-files', dependencies: ['database', 'images', 'vehicles'] },
);
