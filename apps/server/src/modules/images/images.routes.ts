import multipart from '@fastify/multipart';
import { errorEnvelopeSchema, IMAGE_MAX_BYTES, imageMessages, imageUploadAnswerSchema } from '@shop/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest } from '../../lib/errors.js';
import { scaledLimit } from '../../plugins/security.js';
import { toImageUploadAnswer } from './images.mapper.js';

/** The one file of the multipart field `image`; anything else in the form is refused. */
async function readImagePart(request: FastifyRequest): Promise<Buffer> {
  let upload: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'image' || upload) {
        part.file.resume();
        throw badRequest('Send one image in the field "image"');
      }
      upload = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', imageMessages.tooLarge);
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw badRequest('Send one image in the field "image"');
    }
    throw error;
  }
  if (!upload) throw badRequest('Send one image in the field "image"');
  return upload;
}

export const imagesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 },
    throwFileSizeLimit: true,
  });

  app.post(
    '/images',
    {
      config: {
        access: 'user',
        // Counted per account once the token is proven: a caller without one writes no counter.
        rateLimit: { max: scaledLimit(app.config, 30), timeWindow: 60_000 },
      },
      schema: {
        tags: ['images'],
        security: [{ bearer: [] }],
        summary:
          'Uploads an image (multipart field "image"): JPEG, PNG, WebP, GIF or AVIF up to 5 MB, stored as WebP. Each account has a daily budget of bytes and uploads, and of images no record uses yet (429 with Retry-After)',
        consumes: ['multipart/form-data'],
        response: {
          201: imageUploadAnswerSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          413: errorEnvelopeSchema,
          415: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data in the field "image"');
      }
      const user = request.user!;
      const stored = await app.images.upload(user, () => readImagePart(request));
      request.log.info({ url: stored.url, bytes: stored.image.bytes.length, by: user.email }, 'image stored');
      return reply.code(201).send(toImageUploadAnswer(stored));
    },
  );
};
