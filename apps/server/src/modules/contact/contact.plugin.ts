import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createContactRepository } from './contact.repository.js';
import { createContactService, type ContactService } from './contact.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The contact form's messages. */
    contact: ContactService;
  }
}

export const contactPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('contact', createContactService({ repository: createContactRepository(app.database.db) }));
  },
  { name: 'contact', dependencies: ['database'] },
);
