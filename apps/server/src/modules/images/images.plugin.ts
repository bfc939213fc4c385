import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDiskImageStorage, type ImageStorage } from '../../lib/image-storage.js';
import { checkBucket, createS3Client, createS3ImageStorage } from '../../lib/s3-image-storage.js';
import { createImagesRepository } from './images.repository.js';
import { createImagesService, type ImagesService } from './images.service.js';

export type { ImagesService } from './images.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded and seeded images are kept: the disk under DATA_DIR/images, or the S3 bucket. */
    imageStorage: ImageStorage;
    /** Uploads, their budgets and sweep, and the check that a record points at a stored image. */
    images: ImagesService;
  }
}

async function openImageStorage(app: FastifyInstance): Promise<ImageStorage> {
  const store = app.config.images;
  if (store.kind === 'disk') return createDiskImageStorage(store.directory);
  const client = createS3Client(store);
  app.addHook('onClose', async () => client.destroy());
  await checkBucket(client, store, (message) => app.log.warn(message));
  return createS3ImageStorage(client, store);
}

export const imagesPlugin = fp(
  async (app: FastifyInstance) => {
    const storage = await openImageStorage(app);
    app.decorate<ImageStorage>('imageStorage', storage);
    app.decorate('images', createImagesService({ repository: createImagesRepository(app.database), storage, config: app.config, log: app.log }));
  },
  { name: 'images', dependencies: ['database'] },
);
