import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/** A record may only point at an image the shop really holds, never at a missing file. */
export async function assertStoredImage(app: FastifyInstance, publicPath: string, field = 'img'): Promise<void> {
  if (!(await app.images.exists(publicPath))) {
    const message = 'Please upload the image again';
    throw new AppError(422, 'VALIDATION_FAILED', message, { [field]: [message] });
  }
}
