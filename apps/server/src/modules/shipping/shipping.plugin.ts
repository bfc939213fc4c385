import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createShippingRepository } from './shipping.repository.js';
import { createShippingService, type ShippingService } from './shipping.service.js';

export type { ShippingOption, ShippingService } from './shipping.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The delivery methods, and when a parcel sent with one arrives. */
    shipping: ShippingService;
  }
}

export const shippingPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('shipping', createShippingService({ repository: createShippingRepository(app.database), settings: app.settings }));
  },
  { name: 'shipping', dependencies: ['database', 'settings'] },
);
