import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createUsersRepository } from './users.repository.js';
import { createUsersService, type UsersService } from './users.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts: profiles and roles. */
    users: UsersService;
  }
}

export const usersPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('users', createUsersService({ repository: createUsersRepository(app.database.db, app.database.dialect), images: app.images, account: app.account }));
  },
  { name: 'users', dependencies: ['database', 'images', 'account'] },
);
