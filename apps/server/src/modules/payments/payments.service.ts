import type { FastifyBaseLogger } from 'fastify';
import type { OrderRow } from '../../db/schema.js';
import { AppError, conflict } from '../../lib/errors.js';
import type { OrdersService, PaymentGate } from '../orders/orders.plugin.js';
import type { PaymentsRepository } from './payments.repository.js';
import { PAYMENT_CURRENCY, type PaymentProvider, type WebhookEvent } from './providers/payment-provider.js';
import type { TestModeProvider } from './providers/test-provider.js';

const paymentRefused = (message: string) => new AppError(409, 'PAYMENT_NOT_VERIFIED', message);

/**
 * Money rules: the amount is always the order's own total; an order becomes paid only when the
 * provider confirms a succeeded payment of exactly that amount, made for this order, not used
 * before. Order state changes are the orders module's: this one verifies, then asks it.
 */
export function createPaymentsService({
  repository,
  provider,
  testMode,
  orders,
  log,
}: {
  repository: PaymentsRepository;
  provider: PaymentProvider;
  /** Set when no Stripe keys are configured. */
  testMode: TestModeProvider | null;
  orders: OrdersService;
  log: FastifyBaseLogger;
}) {
  const service = {
    provider,
    testMode,

    /** One intent per order, created once (with an idempotency key) and reused on every retry. */
    async clientSecretFor(order: OrderRow): Promise<string> {
      if (order.status !== 'waiting') throw conflict(order.status === 'cancelled' ? 'This order was cancelled' : 'This order is already paid');
      const existing = await repository.paymentOf(order.id);
      if (existing) return existing.client_secret;
      const intent = await provider.createIntent({
        orderId: order.id,
        amountCents: order.total_cents,
        currency: PAYMENT_CURRENCY,
        idempotencyKey: `order-${order.id}`,
      });
      await repository.recordFirst({
        order_id: order.id,
        provider: provider.mode,
        intent_id: intent.id,
        client_secret: intent.clientSecret,
        amount_cents: intent.amountCents,
        currency: intent.currency,
        created_at: new Date().toISOString(),
      });
      const payment = (await repository.paymentOf(order.id))!;
      // A cancel may have run while the intent was being made: whichever side writes second
      // sees the other's write, so an intent for a cancelled order is always cancelled too.
      const current = await orders.findById(order.id);
      if (current?.status !== 'waiting') {
        await provider.cancelIntent(payment.intent_id);
        throw conflict('This order was cancelled');
      }
      return payment.client_secret;
    },

    /** Asks the provider, checks every fact, then has the order marked paid (a repeat is a no-op). */
    async confirm(order: OrderRow, intentId: string): Promise<OrderRow> {
      if ((order.status === 'paid' || order.status === 'shipped') && order.transaction_id === intentId) return order;
      const payment = await repository.paymentOf(order.id);
      if (!payment || payment.intent_id !== intentId) throw paymentRefused('This payment does not belong to this order');
      const intent = await provider.retrieveIntent(intentId);
      if (!intent) throw paymentRefused('The payment provider does not know this payment');
      if (intent.orderId !== order.id) throw paymentRefused('This payment does not belong to this order');
      if (intent.status !== 'succeeded') throw paymentRefused('The payment has not been completed');
      if (intent.amountCents !== order.total_cents || intent.currency !== PAYMENT_CURRENCY) {
        log.error({ orderId: order.id, intentId, amount: intent.amountCents, currency: intent.currency }, 'payment amount differs from the order total');
        throw paymentRefused('The amount paid does not match the order total');
      }
      const { order: paid, changed } = await orders.markPaid(order.id, intentId);
      if (changed) {
        log.info({ orderId: order.id, intentId }, 'order paid');
      }
      return paid;
    },

    /** Provider events, each processed once; processing is idempotent, so a crash in between only repeats harmless work. */
    async handleEvent(event: WebhookEvent): Promise<'processed' | 'duplicate' | 'ignored'> {
      if (await repository.eventSeen(event.id)) return 'duplicate';
      let outcome: 'processed' | 'ignored' = 'ignored';
      if (event.type === 'payment_intent.succeeded' && event.intent) {
        const payment = await repository.paymentByIntent(event.intent.id);
        const order = payment ? await orders.findById(payment.order_id) : undefined;
        if (order?.status === 'cancelled') {
          log.error({ eventId: event.id, orderId: order.id, intentId: event.intent.id }, 'payment succeeded for a cancelled order: refund it');
        } else if (order) {
          await service.confirm(order, event.intent.id);
          outcome = 'processed';
        } else {
          log.warn({ eventId: event.id, intentId: event.intent.id }, 'payment event for no known order');
        }
      }
      await repository.recordEvent(event, new Date().toISOString());
      return outcome;
    },

    /**
     * The orders module's gate for cancelling: the provider's intent is cancelled first, and if
     * the customer paid a moment ago the order is marked paid instead.
     */
    paymentGate: {
      async releaseBeforeCancel(order) {
        const payment = await repository.paymentOf(order.id);
        if (payment) {
          const status = await provider.cancelIntent(payment.intent_id);
          if (status === 'succeeded') {
            await service.confirm(order, payment.intent_id);
            return { outcome: 'paid' };
          }
          if (status === 'processing') return { outcome: 'processing' };
        }
        return {
          outcome: 'released',
          // An intent made while the order was being cancelled is cancelled too.
          async afterCancel() {
            const late = await repository.paymentOf(order.id);
            if (late && late.intent_id !== payment?.intent_id) {
              const status = await provider.cancelIntent(late.intent_id);
              if (status === 'succeeded') log.error({ orderId: order.id, intentId: late.intent_id }, 'payment succeeded for a cancelled order: refund it');
            }
          },
        };
      },
    } satisfies PaymentGate,
  };
  return service;
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
