import type { FastifyBaseLogger } from 'fastify';
import type { OrderRow } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { lineChargedCents } from '../../lib/pricing.js';
import type { OrdersService, PaymentGate, Purchase } from '../orders/orders.plugin.js';
import type { PaymentsRepository } from './payments.repository.js';
import { PAYMENT_CURRENCY, type PaymentProvider, type ProviderRefund, type WebhookEvent } from './providers/payment-provider.js';
import type { TestModeProvider } from './providers/test-provider.js';

const paymentRefused = (message: string) => new AppError(409, 'PAYMENT_NOT_VERIFIED', message);

/** What the customer calls the purchase in a message: an order, or a checkout of several. */
const named = (purchase: Purchase) => (purchase.checkout ? 'checkout' : 'order');

/**
 * Money rules: the amount is always the purchase's own total (one order's, or every order of a
 * checkout together); a purchase becomes paid only when the provider confirms a succeeded
 * payment of exactly that amount, made for it, not used before. Order state changes are the
 * orders module's: this one verifies, then asks it.
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
  /**
   * What a line's refund gives back (decision 033): what was paid for the line, its share of the
   * discount off and its tax on; and when it is the last line of its purchase to go back and none
   * was shipped, the delivery too, so refunding every line returns the whole payment.
   */
  async function refundableCents(order: OrderRow): Promise<number> {
    const own = lineChargedCents(order, order.prices_include_tax);
    const purchase = await orders.findPurchase(order.purchase_id);
    const others = purchase?.orders.filter((line) => line.id !== order.id) ?? [];
    if (!purchase || !others.every((line) => line.status === 'refunded')) return own;
    return purchase.totalCents - others.reduce((sum, line) => sum + lineChargedCents(line, line.prices_include_tax), 0);
  }

  const service = {
    provider,
    testMode,

    /** One intent per purchase, created once (with an idempotency key) and reused on every retry. */
    async clientSecretFor(purchase: Purchase): Promise<string> {
      if (purchase.status !== 'waiting') throw conflict(purchase.status === 'cancelled' ? `This ${named(purchase)} was cancelled` : `This ${named(purchase)} is already paid`);
      const existing = await repository.paymentOf(purchase.id);
      if (existing) return existing.client_secret;
      const intent = await provider.createIntent({
        paysFor: { id: purchase.id, checkout: purchase.checkout },
        amountCents: purchase.totalCents,
        currency: PAYMENT_CURRENCY,
        idempotencyKey: `${named(purchase)}-${purchase.id}`,
      });
      await repository.recordFirst({
        purchase_id: purchase.id,
        provider: provider.mode,
        intent_id: intent.id,
        client_secret: intent.clientSecret,
        amount_cents: intent.amountCents,
        currency: intent.currency,
        created_at: new Date().toISOString(),
      });
      const payment = (await repository.paymentOf(purchase.id))!;
      // A cancel may have run while the intent was being made: whichever side writes second
      // sees the other's write, so an intent for a cancelled purchase is always cancelled too.
      const current = await orders.findPurchase(purchase.id);
      if (current?.status !== 'waiting') {
        await provider.cancelIntent(payment.intent_id);
        throw conflict(`This ${named(purchase)} was cancelled`);
      }
      return payment.client_secret;
    },

    /** Asks the provider, checks every fact, then has every order of the purchase marked paid (a repeat is a no-op). */
    async confirm(purchase: Purchase, intentId: string): Promise<OrderRow[]> {
      if (purchase.status === 'paid' && purchase.transactionId === intentId) return purchase.orders;
      const notOurs = () => paymentRefused(`This payment does not belong to this ${named(purchase)}`);
      const payment = await repository.paymentOf(purchase.id);
      if (!payment || payment.intent_id !== intentId) throw notOurs();
      const intent = await provider.retrieveIntent(intentId);
      if (!intent) throw paymentRefused('The payment provider does not know this payment');
      if (intent.paysFor !== purchase.id) throw notOurs();
      if (intent.status !== 'succeeded') throw paymentRefused('The payment has not been completed');
      if (intent.amountCents !== purchase.totalCents || intent.currency !== PAYMENT_CURRENCY) {
        log.error({ purchaseId: purchase.id, intentId, amount: intent.amountCents, currency: intent.currency }, 'payment amount differs from the total');
        throw paymentRefused(`The amount paid does not match the ${named(purchase)} total`);
      }
      const { orders: paid, changed } = await orders.markPaid(purchase.id, intentId);
      if (changed) log.info({ purchaseId: purchase.id, orders: paid.length, intentId }, 'paid');
      return paid;
    },

    /**
     * Gives back one paid, unshipped order's amount to the card that paid it (a checkout's line
     * alone: its own amount), then records it: refunded, its stock back, the customer emailed.
     * The order is held for its refund first, so two admins asking at once make one refund at
     * the provider; the provider's idempotency key makes a retry after a lost answer the same
     * refund. A refund the provider declines leaves the order paid, and says why.
     */
    async refund(orderId: string, by: string | undefined): Promise<OrderRow> {
      const order = await orders.claimRefund(orderId);
      let refund: ProviderRefund;
      let amountCents: number;
      try {
        const payment = order.transaction_id ? await repository.paymentByIntent(order.transaction_id) : undefined;
        if (!payment || payment.purchase_id !== order.purchase_id) throw conflict('This order has no card payment to refund');
        // After a refund the bank sent back, the next one is a new refund at the provider.
        const idempotencyKey = order.refund_failure && order.refund_id ? `refund-order-${order.id}-after-${order.refund_id}` : `refund-order-${order.id}`;
        amountCents = await refundableCents(order);
        refund = await provider.refund({ intentId: payment.intent_id, amountCents, idempotencyKey, orderId: order.id });
      } catch (error) {
        await orders.releaseRefund(order.id);
        if (error instanceof AppError) throw error;
        log.error({ err: error, orderId: order.id }, 'refund: the payment provider could not be reached');
        throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The payment provider could not be reached, so nothing was refunded. Please try again.');
      }
      if (refund.status === 'failed') {
        await orders.releaseRefund(order.id);
        log.warn({ orderId: order.id, reason: refund.failureReason, by }, 'refund declined by the payment provider');
        throw new AppError(409, 'REFUND_DECLINED', `The payment provider declined the refund: ${refund.failureReason ?? 'no reason given'}. The order stays paid.`);
      }
      const { order: refunded, changed } = await orders.completeRefund(order.id, refund.id, amountCents);
      if (changed) log.info({ orderId: order.id, refundId: refund.id, amountCents, by }, 'refunded');
      return refunded;
    },

    /** Refunds every paid, unshipped line of a checkout, line by line; a line refused stops the rest, and says why. */
    async refundCheckout(checkoutId: string, by: string | undefined): Promise<OrderRow[]> {
      const purchase = await orders.findPurchase(checkoutId);
      if (!purchase?.checkout) throw notFound('Checkout');
      const refundable = purchase.orders.filter((line) => line.status === 'paid');
      if (refundable.length === 0) throw conflict('No line of this checkout can be refunded: only paid lines not yet shipped can');
      const refunded: OrderRow[] = [];
      for (const line of refundable) refunded.push(await service.refund(line.id, by));
      return refunded;
    },

    /** Provider events, each processed once; processing is idempotent, so a crash in between only repeats harmless work. */
    async handleEvent(event: WebhookEvent): Promise<'processed' | 'duplicate' | 'ignored'> {
      if (await repository.eventSeen(event.id)) return 'duplicate';
      let outcome: 'processed' | 'ignored' = 'ignored';
      if (event.type === 'charge.refunded' && event.refunds) {
        outcome = (await service.recordRefunds(event.refunds)) > 0 ? 'processed' : 'ignored';
      } else if (event.type === 'refund.failed' && event.failedRefund) {
        const { id, orderId, reason } = event.failedRefund;
        if (orderId && (await orders.reverseRefund(orderId, id, reason))) {
          log.error({ eventId: event.id, orderId, refundId: id, reason }, 'a refund failed after it was made: the order is paid again');
          outcome = 'processed';
        } else {
          log.warn({ eventId: event.id, refundId: id, reason }, 'a failed refund names no refunded order of the shop');
        }
      } else if (event.type === 'payment_intent.succeeded' && event.intent) {
        const payment = await repository.paymentByIntent(event.intent.id);
        const purchase = payment ? await orders.findPurchase(payment.purchase_id) : undefined;
        if (purchase?.status === 'cancelled') {
          log.error({ eventId: event.id, purchaseId: purchase.id, intentId: event.intent.id }, 'payment succeeded for a cancelled purchase: refund it');
        } else if (purchase) {
          await service.confirm(purchase, event.intent.id);
          outcome = 'processed';
        } else {
          log.warn({ eventId: event.id, intentId: event.intent.id }, 'payment event for no known order');
        }
      }
      await repository.recordEvent(event, new Date().toISOString());
      return outcome;
    },

    /**
     * A charge's refunds as the provider reports them: each of ours names its order; a whole
     * refund made in the provider's dashboard refunds every paid line of the purchase. Orders
     * refunded already stay as they are. Answers how many orders it refunded now.
     */
    async recordRefunds(refunds: NonNullable<WebhookEvent['refunds']>): Promise<number> {
      const payment = await repository.paymentByIntent(refunds.intentId);
      const purchase = payment ? await orders.findPurchase(payment.purchase_id) : undefined;
      if (!purchase) {
        log.warn({ intentId: refunds.intentId }, 'refund event for no known payment');
        return 0;
      }
      const lines = new Set(purchase.orders.map((order) => order.id));
      const made = refunds.lines.filter((line) => line.orderId !== null && lines.has(line.orderId) && line.status !== 'failed' && line.status !== 'canceled');
      const targets = made.length > 0 || !refunds.whole
        ? made.map((line) => ({ orderId: line.orderId!, refundId: line.id }))
        : purchase.orders.filter((order) => order.status === 'paid').map((order) => ({ orderId: order.id, refundId: refunds.lines[0]?.id ?? refunds.intentId }));
      if (targets.length === 0) log.warn({ intentId: refunds.intentId }, 'a partial refund made outside the shop names no order: record it by hand');
      let changed = 0;
      for (const { orderId, refundId } of targets) if ((await orders.completeRefund(orderId, refundId)).changed) changed++;
      return changed;
    },

    /**
     * The orders module's gate for cancelling: the provider's intent is cancelled first, and if
     * the customer paid a moment ago the purchase is marked paid instead.
     */
    paymentGate: {
      async releaseBeforeCancel(purchase) {
        const payment = await repository.paymentOf(purchase.id);
        if (payment) {
          const status = await provider.cancelIntent(payment.intent_id);
          if (status === 'succeeded') {
            await service.confirm(purchase, payment.intent_id);
            return { outcome: 'paid' };
          }
          if (status === 'processing') return { outcome: 'processing' };
        }
        return {
          outcome: 'released',
          // An intent made while the purchase was being cancelled is cancelled too.
          async afterCancel() {
            const late = await repository.paymentOf(purchase.id);
            if (late && late.intent_id !== payment?.intent_id) {
              const status = await provider.cancelIntent(late.intent_id);
              if (status === 'succeeded') log.error({ purchaseId: purchase.id, intentId: late.intent_id }, 'payment succeeded for a cancelled purchase: refund it');
            }
          },
        };
      },
    } satisfies PaymentGate,
  };
  return service;
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
