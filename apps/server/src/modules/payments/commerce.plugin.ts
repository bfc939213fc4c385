import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scaledLimit } from '../../plugins/security.js';
import { createOrderMailDispatcher, type OrderMailDispatcher } from '../orders/order-mail-outbox.js';
import { createOrdersService, type OrdersService } from '../orders/orders.service.js';
import type { PaymentProvider } from './providers/payment-provider.js';
import { createStripeProvider } from './providers/stripe-provider.js';
import { createTestModeProvider, type TestModeProvider } from './providers/test-provider.js';
import { createPaymentsService, type PaymentsService } from './payments.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    commerce: {
      orders: OrdersService;
      payments: PaymentsService;
      provider: PaymentProvider;
      /** Sends the queued order emails; runs in the background once the app is ready. */
      orderMail: OrderMailDispatcher;
      /** Set when no Stripe keys are configured. */
      testMode: TestModeProvider | null;
    };
  }
}

const ORDERS_PER_MINUTE = 20;

/** Orders and payments, with the provider config picks: Stripe, or test mode. */
export const commercePlugin = fp(
  async (app: FastifyInstance) => {
    // Orders a minute per account, counted in the order's own statement (no write of its own).
    const orders = createOrdersService(app.database, { ...app.config.unpaidLimits, perMinute: scaledLimit(app.config, ORDERS_PER_MINUTE) });
    let testMode: TestModeProvider | null = null;
    let provider: PaymentProvider;
    if (app.config.stripe) {
      provider = createStripeProvider(app.config.stripe);
    } else {
      testMode = createTestModeProvider({
        db: app.database.db,
        authSecret: app.config.authSecret,
        // Like Stripe, test mode tells the shop about a payment even when the customer closed the tab.
        onEvent: (payload, signature) => {
          setImmediate(() => {
            app
              .inject({
                method: 'POST',
                url: '/api/payments/webhook',
                headers: { 'content-type': 'application/json', 'stripe-signature': signature },
                payload,
              })
              .then((response) => {
                if (response.statusCode !== 200) app.log.error({ status: response.statusCode, body: response.body }, 'test-mode event not accepted');
              })
              .catch((error: unknown) => app.log.error({ err: error }, 'test-mode event delivery failed'));
          });
        },
      });
      provider = testMode;
    }
    const payments = createPaymentsService({ db: app.database.db, provider, orders, log: app.log });
    const orderMail = createOrderMailDispatcher({
      db: app.database.db,
      mailer: app.mailer,
      log: app.log,
      myOrdersUrl: `${app.config.publicUrl}/dashbord/myorders`,
    });
    app.addHook('onReady', async () => orderMail.start());
    app.addHook('onClose', async () => orderMail.stop());
    app.decorate('commerce', { orders, payments, provider, testMode, orderMail });
  },
  { name: 'commerce', dependencies: ['database'] },
);
