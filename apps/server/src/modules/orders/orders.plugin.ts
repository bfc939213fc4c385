import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scaledLimit } from '../../plugins/security.js';
import { createOrderMailDispatcher } from './order-mail-outbox.js';
import { createOrdersRepository } from './orders.repository.js';
import { createOrdersService, type OrdersService } from './orders.service.js';

export type { CheckoutSource, OrdersService, PaymentGate, Purchase } from './orders.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every order state change: place, cancel, mark paid, ship, and the unpaid sweep. */
    orders: OrdersService;
  }
}

const ORDERS_PER_MINUTE = 20;
/** How often queued order emails are sent: an order's email leaves within about this time. */
const MAIL_ROUND_MS = 500;

/** The orders module: its service, and the background sender of the order emails. */
export const ordersPlugin = fp(
  async (app: FastifyInstance) => {
    const mail = createOrderMailDispatcher({
      db: app.database.db,
      mailer: app.mailer,
      log: app.log,
      myOrdersUrl: `${app.config.publicUrl}/dashbord/myorders`,
    });
    const orders = createOrdersService({
      repository: createOrdersRepository(app.database),
      // Orders a minute per account, counted in the order's own statement (no write of its own).
      limits: { ...app.config.unpaidLimits, perMinute: scaledLimit(app.config, ORDERS_PER_MINUTE) },
      mail,
      log: app.log,
    });
    app.background.every('order emails', MAIL_ROUND_MS, () => mail.deliverDue());
    app.decorate('orders', orders);
  },
  { name: 'orders', dependencies: ['database', 'background-jobs'] },
);
