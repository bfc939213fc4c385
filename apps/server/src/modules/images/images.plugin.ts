import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDiskImageStorage, type ImageStorage } from '../../lib/image-storage.js';
import { createImagesRepository } from './images.repository.js';
import { createImagesService, type ImagesService } from './images.service.js';

export type { ImagesService } from './images.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded and seeded images are kept (the disk under DATA_DIR/images). */
    imageStorage: ImageStorage;
    /** Uploads, their budgets and sweep, and the check that a record points at a stored image. */
    images: ImagesService;
  }
}

export const imagesPlugin = fp(
  async (app: FastifyInstance) => {
    const storage = createDiskImageStorage(path.join(app.config.dataDir, 'images'));
    app.decorate('imageStorage', storage);
    app.decorate('images', createImagesService({ repository: createImagesRepository(app.database), storage, config: app.config, log: app.log }));
  },
  { name: 'images', dependencies: ['database'] },
);
