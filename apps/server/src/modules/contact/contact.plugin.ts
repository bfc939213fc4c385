import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createContactRepository } from './contact.repository.js';
import { createContactService, type ContactService } from './contact.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The contact form's messages: the shop's inbox. */
    contact: ContactService;
  }
}

export const contactPlugin = fp(
  async (app: FastifyInstance) => {
    const { shopEmail, publicUrl } = app.config;
    app.decorate(
      'contact',
      createContactService({
        repository: createContactRepository(app.database.db),
        mailer: app.mailer,
        shopAddress: async () => shopEmail ?? (await app.users.firstAdminEmail()),
        messagesUrl: `${publicUrl}/dashbord/messages`,
        log: app.log,
      }),
    );
  },
  { name: 'contact', dependencies: ['database', 'users'] },
);
