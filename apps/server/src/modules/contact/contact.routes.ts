import {
  contactCreatedSchema,
  contactInboxPageSchema,
  contactInboxQuerySchema,
  contactMessageSchema,
  contactReadSchema,
  contactUnreadSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  modifiedAnswerSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth as bearer, errorResponses as errors } from '../../lib/route-schemas.js';
import { scaledLimit } from '../../plugins/security.js';

const INBOX_PAGE_SIZE = 20;

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      config: { access: 'public', rateLimit: { max: scaledLimit(app.config, 5), timeWindow: 60_000 } },
      bodyLimit: 32 * 1024,
      schema: {
        tags: ['contact'],
        summary: 'Keeps a message from the home page contact form and emails it to the shop',
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

  app.get(
    '/contact-messages',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['contact'],
        ...bearer,
        summary: 'A page of contact messages, newest first, with the total and unread counts (admin)',
        querystring: contactInboxQuerySchema,
        response: { 200: contactInboxPageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => app.contact.inbox({ page: request.query.page ?? 0, size: request.query.size ?? INBOX_PAGE_SIZE }),
  );

  app.get(
    '/contact-messages/unread',
    {
      config: { access: 'staff' },
      schema: { tags: ['contact'], ...bearer, summary: 'How many contact messages are unread (admin)', response: { 200: contactUnreadSchema, ...errors(401, 403) } },
    },
    async () => ({ unread: await app.contact.unreadCount() }),
  );

  app.patch(
    '/contact-messages/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['contact'],
        ...bearer,
        summary: 'Marks a contact message read or unread (admin)',
        params: idParamsSchema,
        body: contactReadSchema,
        response: { 200: modifiedAnswerSchema, ...errors(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      await app.contact.markRead(request.params.id, request.body.read, request.user!);
      return { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
    },
  );
};
