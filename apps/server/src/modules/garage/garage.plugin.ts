import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createGarageRepository } from './garage.repository.js';
import { createGarageService, type GarageService } from './garage.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each account's bikes. */
    garage: GarageService;
  }
}

export const garagePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('garage', createGarageService({ repository: createGarageRepository(app.database), vehicles: app.vehicles }));
  },
  { name: 'garage', dependencies: ['database', 'vehicles'] },
);
