import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createVehiclesRepository } from './vehicles.repository.js';
import { createVehiclesService, type VehiclesService } from './vehicles.service.js';

export type { VehiclesService } from './vehicles.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The vehicles the shop knows, and which parts fit them. */
    vehicles: VehiclesService;
  }
}

export const vehiclesPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('vehicles', createVehiclesService({ repository: createVehiclesRepository(app.database.db) }));
  },
  { name: 'vehicles', dependencies: ['database'] },
);
