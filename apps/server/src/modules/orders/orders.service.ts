import { MAX_ORDER_TOTAL_CENTS, type orderQuantitySchema, purchaseMessages } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { OrderRow } from '../../db/schema.js';
import { AppError, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import type { OrderMailDispatcher } from './order-mail-outbox.js';
import type { OrdersRepository, Placement, PlacementLimits } from './orders.repository.js';

/** What one account may hold in orders waiting for payment, and how many orders it may place a minute. */
export interface UnpaidLimits {
  orders: number;
  units: number;
  perMinute: number;
}

/** A quantity the shared order rule accepted: a whole number of pieces. */
export type OrderQuantity = z.output<typeof orderQuantitySchema>;

export interface PlaceOrderInput {
  userId: string;
  customerName: string;
  email: string;
  productId: string;
  quantity: OrderQuantity;
  location: string;
  phone: string;
}

/**
 * What cancelling needs from the payments module, which hands its implementation over when it
 * registers: the orders module never imports payments.
 */
export interface PaymentGate {
  /**
   * Makes the order's payment impossible before the order is cancelled (its intent is cancelled
   * with the provider). 'paid' when the customer paid first, and the order has been marked paid;
   * 'processing' while the provider is still deciding; otherwise 'released', with what to do once
   * the order is cancelled, so that a cancelled order keeps no live payment.
   */
  releaseBeforeCancel(order: OrderRow): Promise<{ outcome: 'paid' | 'processing' } | { outcome: 'released'; afterCancel(): Promise<void> }>;
}

export type CancelReason = 'customer' | 'unpaid-timeout' | 'account-removed';

/** Whoever asks for an order: its owner, or an admin. */
interface Caller {
  id: string;
  role: string;
}

const PLACEMENT_WINDOW_MS = 60_000;
/** Stale unpaid orders cancelled per sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

const quantityError = (status: number, code: string, message: string) => new AppError(status, code, message, { quantity: [message] });

/**
 * Every change of an order's state: placing (the server decides price, total and stock),
 * cancelling (by the customer, for want of payment, or with the account), paying and shipping.
 * Each change is one transaction, or one statement, together with the email it sends.
 */
export function createOrdersService({
  repository,
  limits,
  mail,
  log,
}: {
  repository: OrdersRepository;
  limits: UnpaidLimits;
  /** Sends the queued order emails; runs in the background once the app is ready. */
  mail: OrderMailDispatcher;
  log: FastifyBaseLogger;
}) {
  let paymentGate: PaymentGate | undefined;
  const now = () => new Date().toISOString();

  function placementLimits(stamp: string): PlacementLimits {
    return {
      maxTotalCents: MAX_ORDER_TOTAL_CENTS,
      unpaidOrders: limits.orders,
      unpaidUnits: limits.units,
      placementsPerWindow: limits.perMinute,
      windowOpenAfter: new Date(Date.parse(stamp) - PLACEMENT_WINDOW_MS).toISOString(),
    };
  }

  function refusalError({ reason, minimum, unpaidOrders }: Extract<Placement, { refusal: unknown }>['refusal'], quantity: number): AppError {
    switch (reason) {
      case 'unknown-product':
        return notFound('Product');
      case 'below-minimum':
        return quantityError(422, 'VALIDATION_FAILED', purchaseMessages.belowMinimum(minimum!));
      case 'total-too-large':
        return quantityError(422, 'VALIDATION_FAILED', purchaseMessages.totalTooLarge);
      case 'unknown-account':
        return new AppError(401, 'UNAUTHORIZED', 'Your account no longer exists');
      case 'unpaid-orders':
        return quantityError(409, 'TOO_MANY_UNPAID_ORDERS', purchaseMessages.tooManyUnpaid(unpaidOrders));
      case 'unpaid-units':
        return quantityError(409, 'TOO_MANY_UNPAID_ORDERS', purchaseMessages.tooManyUnitsHeld(limits.units));
      case 'pace':
        return new AppError(429, 'TOO_MANY_REQUESTS', 'You have placed many orders this minute. Please try again in a minute.');
      case 'out-of-stock':
        return quantityError(409, 'OUT_OF_STOCK', purchaseMessages.notAvailable(quantity));
    }
  }

  const service = {
    mail,

    /** The payments module's side of cancelling; set once, when payments registers. */
    usePaymentGate(gate: PaymentGate): void {
      if (paymentGate) throw new Error('a payment gate is already in use');
      paymentGate = gate;
    },

    /**
     * Takes the stock only when the product, the quantity and the account's unpaid orders allow
     * it, so two customers can never buy the same last unit; records the order at the
     * catalogue's price and queues its email. A refusal says which rule held.
     */
    async place(input: PlaceOrderInput): Promise<OrderRow> {
      const stamp = now();
      const placed = await repository.place({ ...input, stamp }, placementLimits(stamp));
      if ('refusal' in placed) throw refusalError(placed.refusal, input.quantity);
      return placed.order;
    },

    findById(id: string): Promise<OrderRow | undefined> {
      return repository.findById(id);
    },

    /** The order, if the caller owns it or is an admin; 404 for an unknown id, 403 for someone else's. */
    async findOwned(caller: Caller | null | undefined, id: string): Promise<OrderRow> {
      if (!caller) throw unauthorized();
      const order = await repository.findById(id);
      if (!order) throw notFound('Order');
      if (caller.role !== 'admin' && order.user_id !== caller.id) throw forbidden('This is not your order');
      return order;
    },

    /** An account's orders, newest first, cancelled ones left out. */
    listForAccount(userId: string): Promise<Array<OrderRow & { reviewed: unknown }>> {
      return repository.listForAccount(userId);
    },

    /** The ids of an account's paid (or shipped) orders of a part, oldest first: the orders it may review the part from. */
    paidOrderIds(userId: string, productId: string): Promise<string[]> {
      return repository.paidOrderIds(userId, productId);
    },

    listAll(q?: string): Promise<OrderRow[]> {
      return repository.listAll(q);
    },

    /**
     * Cancels an unpaid order and gives its stock back, exactly once. The payment is released
     * first: if the customer paid a moment ago the order ends paid instead, so a paid order is
     * never cancelled.
     */
    async cancel(order: OrderRow, reason: CancelReason): Promise<void> {
      if (order.status !== 'waiting') throw conflict(order.status === 'cancelled' ? 'This order was already cancelled' : 'A paid order cannot be cancelled');
      if (!paymentGate) throw new Error('orders cannot be cancelled before the payments module has registered its gate');
      const release = await paymentGate.releaseBeforeCancel(order);
      if (release.outcome !== 'released') {
        throw conflict(
          release.outcome === 'paid'
            ? 'This order has just been paid, so it cannot be cancelled'
            : 'A payment for this order is being processed. Please try again shortly.',
        );
      }
      // The customer hears of every cancellation but that of a removed account, which is not written to again.
      const mail = reason === 'customer' ? 'cancelled' : reason === 'unpaid-timeout' ? 'cancelled-unpaid' : null;
      const outcome = await repository.cancel(order.id, { stamp: now(), mail });
      if (outcome === 'not-waiting') throw conflict('This order can no longer be cancelled');
      await release.afterCancel();
    },

    /** A removed account can place nothing more: the stock its unpaid orders hold goes back to the shelf, each order once. */
    async cancelUnpaidOfAccount(userId: string): Promise<void> {
      for (const order of await repository.listWaitingForAccount(userId)) {
        await service.cancel(order, 'account-removed').catch((error: unknown) => {
          if (!(error instanceof AppError)) throw error;
        });
      }
    },

    /** Cancels orders left unpaid past the timeout; each one asks the provider first. */
    async sweepUnpaid(olderThanMs: number, at = Date.now()): Promise<number> {
      const stale = await repository.listWaitingPlacedBefore(new Date(at - olderThanMs).toISOString(), SWEEP_BATCH);
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

    /**
     * Waiting -> paid with the provider's transaction id, once the payments module has verified
     * the payment. Repeating it with the same id is a no-op; a different id on a paid order, or
     * any move from another state, is refused.
     */
    async markPaid(id: string, transactionId: string): Promise<{ order: OrderRow; changed: boolean }> {
      const paid = await repository.markPaid(id, transactionId, now());
      if (paid) return { order: paid, changed: true };
      const order = await repository.findById(id);
      if (!order) throw notFound('Order');
      if ((order.status === 'paid' || order.status === 'shipped') && order.transaction_id === transactionId) {
        return { order, changed: false };
      }
      if (order.status === 'cancelled') throw conflict('This order was cancelled');
      throw conflict('This order is already paid');
    },

    /** Paid -> shipping; anything else is a conflict. */
    async ship(id: string): Promise<OrderRow> {
      const shipped = await repository.ship(id, now());
      if (shipped) return shipped;
      const order = await repository.findById(id);
      if (!order) throw notFound('Order');
      if (order.status === 'shipped') throw conflict('This order is already shipping');
      throw conflict(order.status === 'waiting' ? 'Only paid orders can be shipped' : 'A cancelled order cannot be shipped');
    },
  };
  return service;
}
export type OrdersService = ReturnType<typeof createOrdersService>;
