import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createCartRepository } from './cart.repository.js';
import { type CartService, createCartService } from './cart.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signed-in customers' carts, and their checkout. */
    cart: CartService;
  }
}

export const cartPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('cart', createCartService({ repository: createCartRepository(app.database), catalogue: app.catalogue, orders: app.orders }));
  },
  { name: 'cart', dependencies: ['database', 'catalogue', 'orders'] },
);
