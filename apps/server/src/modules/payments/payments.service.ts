import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database, OrderRow, RefundRow } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import type { OrdersService, PaymentGate, Purchase } from '../orders/orders.plugin.js';
import type { PaymentsRepository } from './payments.repository.js';
import { PAYMENT_CURRENCY, type PaymentProvider, type ProviderRefund, type WebhookEvent } from './providers/payment-provider.js';
import type { TestModeProvider } from './providers/test-provider.js';

/** What runs in the transaction that records a refund, after its effects (a return marked refunded with it). */
export type RefundCompletion = (trx: Transaction<Database>, refund: RefundRow) => Promise<unknown>;

/** A refund to make: of a line, an amount in cents or the rest of the line ('rest'), and pieces back in stock. */
interface RefundAsk {
  orderId: string;
  amount: number | 'rest';
  restock: number | 'rest';
  returnId: string | null;
  by: string | null;
}

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
   * Every refund, whole line or part of one, in three steps (orders' refund-ledger.ts): the
   * amount is reserved against what is left of the payment, under the purchase's lock, so
   * concurrent admins never give back more than was paid; the provider is asked with a stable
   * idempotency key (a retry after a lost answer is the same refund, one after a decline a new
   * one); the answer is recorded with all its effects in one transaction. Unreachable provider:
   * the reservation goes (503). Declined: kept as failed (409).
   */
  async function refundThroughLedger(ask: RefundAsk, complete?: RefundCompletion): Promise<{ refund: RefundRow; order: OrderRow }> {
    const order = await orders.findById(ask.orderId);
    if (!order) throw notFound('Order');
    orders.checkRefundable(order, ask.amount === 'rest');
    const payment = order.transaction_id ? await repository.paymentByIntent(order.transaction_id) : undefined;
    if (!payment || payment.purchase_id !== order.purchase_id) throw conflict('This order has no card payment to refund');
    const reserved = await orders.reserveRefund(ask);
    const amountCents = Number(reserved.amount_cents);
    let answer: ProviderRefund;
    try {
      answer = await provider.refund({ intentId: payment.intent_id, amountCents, idempotencyKey: reserved.idempotency_key!, orderId: order.id, refundId: reserved.id });
    } catch (error) {
      await orders.dropRefund(reserved.id);
      log.error({ err: error, orderId: order.id, refundId: reserved.id }, 'refund: the payment provider could not be reached');
      throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The payment provider could not be reached, so nothing was refunded. Please try again.');
    }
    if (answer.status === 'failed') {
      const reason = answer.failureReason ?? 'no reason given';
      await orders.declineRefund(reserved.id, answer.id || null, reason);
      log.warn({ orderId: order.id, refundId: reserved.id, reason, by: ask.by }, 'refund declined by the payment provider');
      throw new AppError(409, 'REFUND_DECLINED', `The payment provider declined the refund: ${reason}. ${order.status === 'shipped' ? 'Nothing was refunded.' : 'The order stays paid.'}`);
    }
    // The provider's event may have recorded it first: the returns module's hook did the return's step then.
    const { refund, changed } = await orders.completeRefund(reserved.id, answer.id, complete);
    if (changed) log.info({ orderId: order.id, refundId: refund.id, providerRefundId: answer.id, amountCents, by: ask.by }, 'refunded');
    return { refund, order: (await orders.findById(order.id))! };
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
     * Gives back one paid, unshipped line to the card that paid it: what is left of its amount
     * (with the delivery when it is the purchase's last line), every piece back in stock, the
     * line refunded, the customer emailed. Two admins at once make one refund; a refund the
     * provider declines leaves the line paid, and says why.
     */
    async refund(orderId: string, by: string | undefined): Promise<OrderRow> {
      return (await refundThroughLedger({ orderId, amount: 'rest', restock: 'rest', returnId: null, by: by ?? null })).order;
    },

    /**
     * Gives back part of a paid or shipped line (`amountCents`, at most what is left of the
     * purchase's payment), with `restockQuantity` of its pieces back in stock (at most those not
     * put back before); the line keeps its status. `complete` runs in the transaction that records
     * the refund (a return marked refunded with it). Answers the succeeded row.
     */
    async refundPart({
      orderId,
      amountCents,
      restockQuantity,
      returnId,
      by,
      complete,
    }: {
      orderId: string;
      amountCents: number;
      restockQuantity: number;
      returnId?: string | undefined;
      by?: string | undefined;
      complete?: RefundCompletion | undefined;
    }): Promise<RefundRow> {
      return (await refundThroughLedger({ orderId, amount: amountCents, restock: restockQuantity, returnId: returnId ?? null, by: by ?? null }, complete)).refund;
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

    /**
     * Settles refunds left pending by an instance that stopped while asking the provider: the
     * provider is asked again with the same idempotency key and amount, so it answers the refund
     * it made then (or makes the one the admin asked for), which is recorded or declined as usual;
     * a provider still unreachable leaves them for the next round. Answers how many were settled.
     */
    async settleStaleRefunds(olderThanMs: number, at = Date.now()): Promise<number> {
      let settled = 0;
      for (const pending of await orders.pendingRefundsBefore(new Date(at - olderThanMs).toISOString(), 50)) {
        const payment = await repository.paymentOf(pending.purchase_id);
        if (!payment || !pending.idempotency_key) continue;
        let answer: ProviderRefund;
        try {
          answer = await provider.refund({ intentId: payment.intent_id, amountCents: Number(pending.amount_cents), idempotencyKey: pending.idempotency_key, orderId: pending.order_id, refundId: pending.id });
        } catch (error) {
          log.warn({ err: error, refundId: pending.id }, 'a pending refund could not be settled: the payment provider could not be reached');
          continue;
        }
        if (answer.status === 'failed') await orders.declineRefund(pending.id, answer.id || null, answer.failureReason ?? 'no reason given');
        else await orders.completeRefund(pending.id, answer.id);
        log.info({ refundId: pending.id, orderId: pending.order_id, outcome: answer.status }, 'a pending refund settled');
        settled++;
      }
      return settled;
    },

    /** Provider events, each processed once; processing is idempotent, so a crash in between only repeats harmless work. */
    async handleEvent(event: WebhookEvent): Promise<'processed' | 'duplicate' | 'ignored'> {
      if (await repository.eventSeen(event.id)) return 'duplicate';
      let outcome: 'processed' | 'ignored' = 'ignored';
      if (event.type === 'charge.refunded' && event.refunds) {
        outcome = (await service.recordRefunds(event.refunds)) > 0 ? 'processed' : 'ignored';
      } else if (event.type === 'refund.failed' && event.failedRefund) {
        const { id, orderId, reason } = event.failedRefund;
        if ((await orders.reverseRefund(id, reason)).length > 0) {
          log.error({ eventId: event.id, orderId, refundId: id, reason }, 'a refund failed after it was made: its amount is owed again');
          outcome = 'processed';
        } else {
          log.warn({ eventId: event.id, refundId: id, reason }, 'a failed refund names no refund of the shop');
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
     * A charge's refunds as the provider reports them, matched against the ledger by the
     * provider's refund id: those it holds are recorded already (no double count); one the shop
     * asked for whose answer was late or lost is recorded on its line; one made in the provider's
     * dashboard becomes ledger rows (see `recordFoundRefund`). Answers how many it recorded now.
     */
    async recordRefunds(refunds: NonNullable<WebhookEvent['refunds']>): Promise<number> {
      const payment = await repository.paymentByIntent(refunds.intentId);
      const purchase = payment ? await orders.findPurchase(payment.purchase_id) : undefined;
      if (!purchase) {
        log.warn({ intentId: refunds.intentId }, 'refund event for no known payment');
        return 0;
      }
      const lines = new Set(purchase.orders.map((order) => order.id));
      let recorded = 0;
      for (const line of refunds.lines) {
        if (line.status === 'failed' || line.status === 'canceled' || line.amountCents <= 0) continue;
        const written = await orders.recordFoundRefund({
          purchaseId: purchase.id,
          providerRefundId: line.id,
          amountCents: line.amountCents,
          orderId: line.orderId !== null && lines.has(line.orderId) ? line.orderId : null,
          ledgerId: line.refundId,
          wholePayment: refunds.whole,
        });
        if (written.length > 0) {
          recorded++;
          log.info({ intentId: refunds.intentId, providerRefundId: line.id, rows: written.length }, 'a refund reported by the provider recorded');
        }
      }
      return recorded;
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
