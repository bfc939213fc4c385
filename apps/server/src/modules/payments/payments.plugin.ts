import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPaymentsRepository } from './payments.repository.js';
import { createPaymentsService, type PaymentsService } from './payments.service.js';
import type { PaymentProvider } from './providers/payment-provider.js';
import { createStripeProvider } from './providers/stripe-provider.js';
import { createTestModeProvider, type TestModeProvider } from './providers/test-provider.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The card provider config picks (Stripe, or test mode), payment intents and provider events. */
    payments: PaymentsService;
  }
}

/** Payments, with the provider config picks; it tells the orders module how to release a payment before a cancel. */
export const paymentsPlugin = fp(
  async (app: FastifyInstance) => {
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
    const payments = createPaymentsService({
      repository: createPaymentsRepository(app.database.db),
      provider,
      testMode,
      orders: app.orders,
      log: app.log,
    });
    app.orders.usePaymentGate(payments.paymentGate);
    app.decorate('payments', payments);
  },
  { name: 'payments', dependencies: ['database', 'orders'] },
);
