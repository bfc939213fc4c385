import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAccountRepository } from './account.repository.js';
import { createAccountService, type AccountService } from './account.service.js';

export type { AccountService } from './account.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** An account its owner controls: password, email, data download, deletion (and an admin's removal). */
    account: AccountService;
  }
}

export const accountPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'account',
      createAccountService({
        repository: createAccountRepository(app.database),
        auth: app.auth,
        orders: app.orders,
        garage: app.garage,
        mailer: app.mailer,
        log: app.log,
        publicUrl: app.config.publicUrl,
      }),
    );
  },
  { name: 'account', dependencies: ['database', 'identity', 'orders', 'garage'] },
);
