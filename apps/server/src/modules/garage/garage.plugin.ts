import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createGarageRepository } from './garage.repository.js';
import { createGarageService, type GarageService } from './garage.service.js';

export type { GarageService } from './garage.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each account's bikes and their odometers. */
    garage: GarageService;
  }
}

export const garagePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('garage', createGarageService({ repository: createGarageRepository(app.database), vehicles: app.vehicles, settings: app.settings }));
  },
  { name: 'garage', dependencies: ['database', 'vehicles', 'settings'] },
);
