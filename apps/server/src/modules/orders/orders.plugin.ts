import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { scaledLimit } from '../../plugins/security.js';
import { createOrderMailDispatcher } from './order-mail-outbox.js';
import { createOrdersRepository } from './orders.repository.js';
import { createOrdersService, type OrdersService } from './orders.service.js';

/** More pieces than any stock holds (10,000,000): a cap at this is no cap. */
const UNPAID_PART_UNITS_CEILING = 10_000_000;

export type { CheckoutSource, OrdersService, PaymentGate, Purchase } from './orders.service.js';
export type { Pricer } from './placement.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every order state change: place, cancel, mark paid, ship, and the unpaid sweep. */
    orders: OrdersService;
  }
}

/**
 * The client address whose unpaid pieces of a part a purchase counts against: as the trusted
 * proxy hops report it, IPv6 by its /64, as the rate limits count an address.
 */
export const clientAddressOf = (request: FastifyRequest): string => normalizeIP(request.ip);

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
      documents: app.invoices,
      myOrdersUrl: `${app.config.publicUrl}/dashbord/myorders`,
      paymentTimeoutMs: app.config.orderPaymentTimeoutMs,
      timeZone: app.config.shopTimeZone,
    });
    const orders = createOrdersService({
      repository: createOrdersRepository(app.database, { giveBackDiscount: app.discounts.giveBack }),
      invoices: app.invoices,
      // Orders a minute per account, counted in the order's own statement (no write of its own);
      // an address's pieces of a part scale like the limits on an address (many customers behind one).
      limits: {
        ...app.config.unpaidLimits,
        perMinute: scaledLimit(app.config, ORDERS_PER_MINUTE),
        // Kept within an integer column's range (PostgreSQL refuses a larger parameter): no stock is larger.
        partUnitsPerAddress: Math.min(scaledLimit(app.config, app.config.unpaidLimits.partUnitsPerAddress), UNPAID_PART_UNITS_CEILING),
      },
      mail,
      log: app.log,
    });
    app.background.every('order emails', MAIL_ROUND_MS, () => mail.deliverDue());
    // Order emails of an account wait for its address to be confirmed; then they go.
    app.whenAddressConfirmed((userId) => mail.releaseHeld(userId));
    app.decorate('orders', orders);
  },
  { name: 'orders', dependencies: ['database', 'background-jobs', 'identity', 'discounts', 'invoices'] },
);
