import { contactCreatedSchema, contactMessageSchema, errorEnvelopeSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scaledLimit } from '../../plugins/security.js';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      config: { access: 'public', rateLimit: { max: scaledLimit(app.config, 5), timeWindow: 60_000 } },
      bodyLimit: 32 * 1024,
      schema: {
        tags: ['contact'],
        summary: 'Keeps a message from the home page contact form',
        body: contactMessageSchema,
        response: { 201: contactCreatedSchema, 422: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const id = await app.contact.receive(request.body);
      request.log.info({ contactMessageId: id }, 'contact message received');
      return reply.code(201).send({ insertedId: id });
    },
  );
};
