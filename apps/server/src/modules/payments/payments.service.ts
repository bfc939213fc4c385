import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, OrderRow } from '../../db/schema.js';
import { AppError, conflict } from '../../lib/errors.js';
import type { OrdersService } from '../orders/orders.service.js';
import { PAYMENT_CURRENCY, type PaymentProvider, type WebhookEvent } from './providers/payment-provider.js';

const paymentRefused = (message: string) => new AppError(409, 'PAYMENT_NOT_VERIFIED', message);

/**
 * Money rules: the amount is always the order's own total; an order becomes paid only when the
 * provider confirms a succeeded payment of exactly that amount, made for this order, not used before.
 */
export function createPaymentsService({
  db,
  provider,
  orders,
  log,
}: {
  db: Kysely<Database>;
  provider: PaymentProvider;
  orders: OrdersService;
  log: FastifyBaseLogger;
}) {
  const paymentOf = (orderId: string) => db.selectFrom('payments').selectAll().where('order_id', '=', orderId).executeTakeFirst();

  const service = {
    /** One intent per order, created once (with an idempotency key) and reused on every retry. */
    async clientSecretFor(order: OrderRow): Promise<string> {
      if (order.status !== 'waiting') throw conflict(order.status === 'cancelled' ? 'This order was cancelled' : 'This order is already paid');
      const existing = await paymentOf(order.id);
      if (existing) return existing.client_secret;
      const intent = await provider.createIntent({
        orderId: order.id,
        amountCents: order.total_cents,
        currency: PAYMENT_CURRENCY,
        idempotencyKey: `order-${order.id}`,
      });
      await db
        .insertInto('payments')
        .values({
          order_id: order.id,
          provider: provider.mode,
          intent_id: intent.id,
          client_secret: intent.clientSecret,
          amount_cents: intent.amountCents,
          currency: intent.currency,
          created_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.column('order_id').doNothing())
        .execute();
      const payment = (await paymentOf(order.id))!;
      // A cancel may have run while the intent was being made: whichever side writes second
      // sees the other's write, so an intent for a cancelled order is always cancelled too.
      const current = await orders.findById(order.id);
      if (current?.status !== 'waiting') {
        await provider.cancelIntent(payment.intent_id);
        throw conflict('This order was cancelled');
      }
      return payment.client_secret;
    },

    /** Asks the provider, checks every fact, then marks the order paid (a repeat is a no-op). */
    async confirm(order: OrderRow, intentId: string): Promise<OrderRow> {
      if ((order.status === 'paid' || order.status === 'shipped') && order.transaction_id === intentId) return order;
      const payment = await paymentOf(order.id);
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
      const seen = await db.selectFrom('webhook_events').select('id').where('id', '=', event.id).executeTakeFirst();
      if (seen) return 'duplicate';
      let outcome: 'processed' | 'ignored' = 'ignored';
      if (event.type === 'payment_intent.succeeded' && event.intent) {
        const payment = await db.selectFrom('payments').selectAll().where('intent_id', '=', event.intent.id).executeTakeFirst();
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
      await db
        .insertInto('webhook_events')
        .values({ id: event.id, type: event.type, received_at: new Date().toISOString() })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      return outcome;
    },

    /**
     * Cancels an unpaid order. The provider's intent is cancelled first: if the customer paid a
     * moment ago the order is marked paid instead, so a paid order is never cancelled.
     */
    async cancel(order: OrderRow, reason: 'customer' | 'unpaid-timeout' | 'account-removed'): Promise<void> {
      if (order.status !== 'waiting') throw conflict(order.status === 'cancelled' ? 'This order was already cancelled' : 'A paid order cannot be cancelled');
      const payment = await paymentOf(order.id);
      if (payment) {
        const status = await provider.cancelIntent(payment.intent_id);
        if (status === 'succeeded') {
          await service.confirm(order, payment.intent_id);
          throw conflict('This order has just been paid, so it cannot be cancelled');
        }
        if (status === 'processing') throw conflict('A payment for this order is being processed. Please try again shortly.');
      }
      const outcome = await orders.cancel(order.id, { mailCustomer: reason === 'unpaid-timeout' });
      if (outcome === 'not-waiting') throw conflict('This order can no longer be cancelled');
      const late = await paymentOf(order.id);
      if (late && late.intent_id !== payment?.intent_id) {
        const status = await provider.cancelIntent(late.intent_id);
        if (status === 'succeeded') log.error({ orderId: order.id, intentId: late.intent_id }, 'payment succeeded for a cancelled order: refund it');
      }
    },

    /** Cancels orders left unpaid past the timeout; each one asks the provider first. */
    async sweepUnpaid(olderThanMs: number, now = Date.now()): Promise<number> {
      const cutoff = new Date(now - olderThanMs).toISOString();
      const stale = await db.selectFrom('orders').selectAll().where('status', '=', 'waiting').where('created_at', '<', cutoff).limit(200).execute();
      let cancelled = 0;
      for (const order of stale) {
        try {
          await service.cancel(order, 'unpaid-timeout');
          cancelled++;
        } catch (error) {
          if (!(error instanceof AppError)) log.error({ err: error, orderId: order.id }, 'could not cancel an unpaid order');
        }
      }
      if (cancelled > 0) log.info({ cancelled }, 'unpaid orders cancelled');
      return cancelled;
    },
  };
  return service;
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
