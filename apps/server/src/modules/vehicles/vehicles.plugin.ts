import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createServiceKitRepository } from './service-kit.repository.js';
import { createServiceKitService, type ServiceKitService } from './service-kit.service.js';
import { createVehiclesRepository } from './vehicles.repository.js';
import { createVehiclesService, type VehiclesService } from './vehicles.service.js';

export type { VehiclesService } from './vehicles.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The vehicles the shop knows, and which parts fit them. */
    vehicles: VehiclesService;
    /** The vehicles' service kits (SPEC-3 section 5). */
    serviceKits: ServiceKitService;
  }
}

export const vehiclesPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('vehicles', createVehiclesService({ repository: createVehiclesRepository(app.database) }));
    app.decorate('serviceKits', createServiceKitService({ repository: createServiceKitRepository(app.database) }));
  },
  { name: 'vehicles', dependencies: ['database'] },
);
