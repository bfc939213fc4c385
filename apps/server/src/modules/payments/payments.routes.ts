import {
  clientSecretAnswerSchema,
  createPaymentIntentSchema,
  idSchema,
  markPaidSchema,
  modifiedAnswerSchema,
  partialRefundSchema,
  paymentConfigSchema,
  paymentIntentAnswerSchema,
  refundAnswerSchema,
  testCardConfirmSchema,
} from '@shop/shared';
import { bearerAuth as bearer, errorResponses as errors } from '../../lib/route-schemas.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OrderRow } from '../../db/schema.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import { scaledLimit } from '../../plugins/security.js';
import { toPaymentConfig, toPaymentIntentAnswer } from './payments.mapper.js';
import { WebhookSignatureError } from './providers/payment-provider.js';

/** The payment page asks once per purchase (and again on a failed try); each ask may reach the provider. */
const INTENTS_PER_MINUTE = 30;

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orders, payments } = app;
  const { provider, testMode } = payments;

  app.get(
    '/payments/config',
    { config: { access: 'public' }, schema: { tags: ['payments'], summary: 'Which card payment provider the payment page talks to', response: { 200: paymentConfigSchema } } },
    async () => toPaymentConfig(provider),
  );

  app.post(
    '/create-payment-intent',
    {
      config: { access: 'user', rateLimit: { max: scaledLimit(app.config, INTENTS_PER_MINUTE), timeWindow: 60_000 } },
      schema: {
        tags: ['payments'],
        ...bearer,
        summary: "The payment intent of an order ({ orderId }) or of a checkout's orders together ({ checkoutId }), created once and reused on retry; the amount is their own total",
        body: createPaymentIntentSchema,
        response: { 200: clientSecretAnswerSchema, ...errors(400, 401, 403, 404, 409, 422, 429) },
      },
    },
    async (request) => {
      const { orderId, checkoutId, price } = request.body;
      const purchase = checkoutId ? await orders.findOwnedCheckout(request.user, checkoutId) : await orders.purchaseOf(await orders.findOwned(request.user, orderId!));
      if (price !== undefined && Math.round(price * 100) !== purchase.totalCents) {
        request.log.warn({ purchaseId: purchase.id, clientPrice: price }, 'client price ignored: the total is charged');
      }
      return { clientSecret: await payments.clientSecretFor(purchase) };
    },
  );

  // An order's own path, served here because it starts with the provider's word on the payment.
  app.patch(
    '/orders/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        ...bearer,
        summary: 'Marks an order paid, with every other line of its checkout, once the payment provider confirms the payment',
        params: z.object({ id: idSchema }),
        body: markPaidSchema,
        response: { 200: modifiedAnswerSchema, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const order = await orders.findOwned(request.user, request.params.id);
      const wasPaid = order.status !== 'waiting';
      await payments.confirm(await orders.purchaseOf(order), request.body.transactionID);
      return { acknowledged: true, matchedCount: 1, modifiedCount: wasPaid ? 0 : 1 };
    },
  );

  const refundAnswer = (refunded: OrderRow[]) => ({ orders: refunded.map((order) => ({ _id: order.id, number: order.number, status: order.status })) });

  app.post(
    '/orders/:id/refund',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        ...bearer,
        summary:
          "Refunds a paid order not yet shipped (a checkout's line: what is left of its amount) to the card that paid it, and puts its stock back; with { amount, restock? }, part of a paid or shipped order's amount, at most what is left of the payment, its status unchanged (admin)",
        params: z.object({ id: idSchema }),
        body: partialRefundSchema,
        response: { 200: refundAnswerSchema, ...errors(400, 401, 403, 404, 409, 422, 503) },
      },
    },
    async (request) => {
      const { amount, restock } = request.body;
      if (amount === undefined) return refundAnswer([await payments.refund(request.params.id, request.user?.email)]);
      await payments.refundPart({ orderId: request.params.id, amountCents: Math.round(amount * 100), restockQuantity: restock ?? 0, by: request.user?.email });
      return refundAnswer([(await orders.findById(request.params.id))!]);
    },
  );

  app.post(
    '/checkouts/:id/refund',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        ...bearer,
        summary: 'Refunds every paid line of a checkout not yet shipped, line by line (admin)',
        params: z.object({ id: idSchema }),
        response: { 200: refundAnswerSchema, ...errors(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => refundAnswer(await payments.refundCheckout(request.params.id, request.user?.email)),
  );

  // The webhook's signature covers the exact bytes, so this route reads the raw body.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
    raw.post(
      '/payments/webhook',
      {
        // Authenticated by the provider's signature over the raw body.
        config: { access: 'public' },
        schema: {
          tags: ['payments'],
          summary: 'Card provider events, signature-verified; payment_intent.succeeded marks the order paid',
          response: { 200: z.object({ received: z.literal(true), outcome: z.string() }), ...errors(400, 409) },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw badRequest('Expected the raw event body');
        let event;
        try {
          event = provider.verifyWebhook(request.body, request.headers['stripe-signature'] as string | undefined);
        } catch (error) {
          if (error instanceof WebhookSignatureError) {
            request.log.warn({ reason: error.message }, 'webhook refused');
            throw new AppError(400, 'BAD_SIGNATURE', 'The event signature does not verify');
          }
          throw error;
        }
        const outcome = await payments.handleEvent(event);
        request.log.info({ eventId: event.id, type: event.type, outcome }, 'payment event');
        return { received: true as const, outcome };
      },
    );
  });

  if (testMode) {
    app.post(
      '/payments/test/confirm',
      {
        config: { access: 'user', rateLimit: { max: scaledLimit(app.config, 20), timeWindow: 60_000 } },
        schema: {
          tags: ['payments'],
          ...bearer,
          summary: "Test mode only: confirms a payment with one of Stripe's test cards",
          body: testCardConfirmSchema,
          response: { 200: paymentIntentAnswerSchema, ...errors(400, 401, 402, 403, 404, 409, 422, 429) },
        },
      },
      async (request) => {
        const intentId = request.body.clientSecret.split('_secret_')[0] ?? '';
        const intent = await testMode.retrieveIntent(intentId);
        const purchase = intent?.paysFor ? await orders.findPurchase(intent.paysFor) : undefined;
        if (!intent || !purchase || intent.clientSecret !== request.body.clientSecret) throw notFound('Payment');
        if (request.user!.role !== 'admin' && purchase.userId !== request.user!.id) throw forbidden('This is not your order');
        return toPaymentIntentAnswer(await testMode.confirmCard(request.body.clientSecret, request.body.card));
      },
    );
  }
};
