import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAddressesRepository } from './addresses.repository.js';
import { createAddressesService, type AddressesService } from './addresses.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each customer's saved delivery addresses (Fastify's own `addresses()` names the server's sockets). */
    addressBook: AddressesService;
  }
}

export const addressesPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('addressBook', createAddressesService({ repository: createAddressesRepository(app.database) }));
  },
  { name: 'addresses', dependencies: ['database'] },
);
