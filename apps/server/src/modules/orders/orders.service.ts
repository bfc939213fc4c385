import { type AllOrdersQuery, checkoutMessages, discountMessages, MAX_ORDER_TOTAL_CENTS, type orderQuantitySchema, purchaseMessages, purchaseShippingMessages } from '@shop/shared';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Transaction } from 'kysely';
import type { Database, OrderRow, RefundRow } from '../../db/schema.js';
import { AppError, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import type { InvoicesService } from '../invoices/invoices.plugin.js';
import type { OrderMailDispatcher } from './order-mail-outbox.js';
import { ordersCsv } from './orders.export.js';
import { refusalOf } from './lifecycle.js';
import type { OrdersFilter } from './orders.queries.js';
import type { AfterMove, OrdersRepository, PurchaseWithLines } from './orders.repository.js';
import type { CheckoutSource, NewCheckout, Placement, PlacementLimits, Pricer, PurchasePricing } from './placement.js';
import type { FoundRefund, RefundAsk } from './refund-ledger.js';
import { isStaffOrAdmin } from '../../plugins/auth.js';
import { type Actor, recordActivity } from '../activity/activity.plugin.js';

/** What the admin may say of a shipment: each optional. */
export interface Shipment {
  carrier?: string | undefined;
  trackingNumber?: string | undefined;
}

/**
 * What one account may hold in orders waiting for payment, and how many orders it may place a
 * minute; and what the orders from one client address may hold of one part, whichever accounts
 * placed them (decision 020).
 */
export interface UnpaidLimits {
  orders: number;
  units: number;
  perMinute: number;
  partUnitsPerAddress: number;
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
  /** The client address the order comes from, as `clientAddressOf` gives it. */
  clientAddress: string;
}

/** A checkout to place: who and where to; its lines are the cart's (see `CheckoutSource`). */
export type PlaceCheckoutInput = Omit<NewCheckout, 'stamp'>;
export type { CheckoutSource };

/**
 * What one card payment pays and what is cancelled together: a one-part order, or every order
 * of a checkout, with its lines in the order they were placed.
 */
export interface Purchase {
  id: string;
  /** A cart's checkout (its id is none of its lines'), rather than a one-part order. */
  checkout: boolean;
  userId: string;
  orders: OrderRow[];
  totalCents: number;
  status: 'waiting' | 'paid' | 'cancelled';
  transactionId: string | null;
}

const toPurchase = ({ purchase, lines }: PurchaseWithLines): Purchase => ({
  id: purchase.id,
  checkout: lines.length !== 1 || lines[0]!.id !== purchase.id,
  userId: purchase.user_id,
  orders: lines,
  totalCents: Number(purchase.total_cents),
  status: purchase.status,
  transactionId: purchase.transaction_id,
});

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
  releaseBeforeCancel(purchase: Purchase): Promise<{ outcome: 'paid' | 'processing' } | { outcome: 'released'; afterCancel(): Promise<void> }>;
}

/** What runs in the transaction that records a refund, after its effects and credit note (a return marked refunded with it). */
export type RefundCompletion = (trx: Transaction<Database>, refund: RefundRow) => Promise<unknown>;

export type CancelReason = 'customer' | 'unpaid-timeout' | 'account-removed';

/** What the activity log calls a line, as the admin's pages number it. */
const orderLabel = (order: Pick<OrderRow, 'number'>) => `Order #${order.number}`;

/** A shipment's carrier and tracking number as the activity log keeps them: those given. */
const shipmentChanges = ({ carrier, trackingNumber }: { carrier: string | null; trackingNumber: string | null }) => [
  ...(carrier ? [{ field: 'carrier', before: null, after: carrier }] : []),
  ...(trackingNumber ? [{ field: 'trackingNumber', before: null, after: trackingNumber }] : []),
];

/** Whoever asks for an order: its owner, or an admin. */
interface Caller {
  id: string;
  role: string;
}

const PLACEMENT_WINDOW_MS = 60_000;

/** Stale unpaid orders cancelled per sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

const fieldError = (status: number, code: string, field: string, message: string) => new AppError(status, code, message, { [field]: [message] });

/**
 * Every change of an order's state: placing (the server decides price, total and stock),
 * cancelling (by the customer, for want of payment, or with the account), paying and shipping.
 * Each change is one transaction, or one statement, together with the email it sends.
 */
export function createOrdersService({
  repository,
  invoices,
  limits,
  mail,
  log,
}: {
  repository: OrdersRepository;
  /** Issues the invoice of a purchase paid and the credit note of a refund, in their transactions. */
  invoices: Pick<InvoicesService, 'context' | 'issueInvoice' | 'issueCreditNote'>;
  limits: UnpaidLimits;
  /** Sends the queued order emails; runs in the background once the app is ready. */
  mail: OrderMailDispatcher;
  log: FastifyBaseLogger;
}) {
  let paymentGate: PaymentGate | undefined;
  let returnRefunded: RefundCompletion | undefined;
  const now = () => new Date().toISOString();

  function placementLimits(stamp: string): PlacementLimits {
    return {
      maxTotalCents: MAX_ORDER_TOTAL_CENTS,
      unpaidOrders: limits.orders,
      unpaidUnits: limits.units,
      placementsPerWindow: limits.perMinute,
      windowOpenAfter: new Date(Date.parse(stamp) - PLACEMENT_WINDOW_MS).toISOString(),
      partUnitsPerAddress: limits.partUnitsPerAddress,
    };
  }

  /**
   * The error of a refused order; for a checkout's line, under that line's field and naming its
   * part, so the customer knows which one to change.
   */
  function refusalError({ reason, minimum, unpaidOrders }: Extract<Placement, { refusal: unknown }>['refusal'], quantity: number, line?: { index: number; name: string }): AppError {
    const field = line ? `lines.${line.index}.quantity` : 'quantity';
    const named = (message: string) => (line ? `${line.name}: ${message}` : message);
    switch (reason) {
      case 'cart-empty':
        return new AppError(409, 'CART_EMPTY', checkoutMessages.empty);
      case 'unknown-product':
        return line ? fieldError(409, 'PART_GONE', `lines.${line.index}.productId`, checkoutMessages.partGone(line.name)) : notFound('Product');
      case 'below-minimum':
        return fieldError(422, 'VALIDATION_FAILED', field, named(purchaseMessages.belowMinimum(minimum!)));
      case 'total-too-large':
        return fieldError(422, 'VALIDATION_FAILED', field, named(purchaseMessages.totalTooLarge));
      case 'checkout-too-large':
        return new AppError(422, 'VALIDATION_FAILED', checkoutMessages.totalTooLarge);
      case 'unknown-account':
        return new AppError(401, 'UNAUTHORIZED', 'Your account no longer exists');
      case 'unpaid-orders':
        return fieldError(409, 'TOO_MANY_UNPAID_ORDERS', 'quantity', purchaseMessages.tooManyUnpaid(unpaidOrders));
      case 'unpaid-units':
        return fieldError(409, 'TOO_MANY_UNPAID_ORDERS', 'quantity', purchaseMessages.tooManyUnitsHeld(limits.units));
      case 'pace':
        return new AppError(429, 'TOO_MANY_REQUESTS', 'You have placed many orders this minute. Please try again in a minute.');
      case 'address-units':
        return fieldError(409, 'TOO_MANY_UNPAID_ORDERS', field, named(purchaseMessages.partHeldFromAddress(limits.partUnitsPerAddress)));
      case 'out-of-stock':
        return fieldError(409, 'OUT_OF_STOCK', field, named(purchaseMessages.notAvailable(quantity)));
      case 'discount-invalid':
        return fieldError(409, 'DISCOUNT_REFUSED', 'discountCode', discountMessages.notValid);
      case 'discount-used-up':
        return fieldError(409, 'DISCOUNT_REFUSED', 'discountCode', discountMessages.usedUp);
      case 'discount-used':
        return fieldError(409, 'DISCOUNT_REFUSED', 'discountCode', discountMessages.alreadyUsed);
    }
  }

  /**
   * Cancels an unpaid purchase, every line of it, and gives their stock back, exactly once. The
   * payment is released first: if the customer paid a moment ago the purchase ends paid instead,
   * so a paid order is never cancelled. An admin's cancellation of `order` is in the activity
   * log, written with it.
   */
  async function cancelPurchase(purchase: Purchase, reason: CancelReason, by?: { actor: Actor | null | undefined; order: OrderRow }): Promise<void> {
    if (purchase.status !== 'waiting') throw conflict(refusalOf('cancel', purchase.status));
    if (!paymentGate) throw new Error('orders cannot be cancelled before the payments module has registered its gate');
    const release = await paymentGate.releaseBeforeCancel(purchase);
    if (release.outcome !== 'released') {
      throw conflict(
        release.outcome === 'paid'
          ? 'This order has just been paid, so it cannot be cancelled'
          : 'A payment for this order is being processed. Please try again shortly.',
      );
    }
    // The customer hears of every cancellation but that of a removed account, which is not written to again.
    const after: AfterMove | undefined = by
      ? (trx, moved) =>
          recordActivity(trx, by.actor, {
            action: 'order.cancelled',
            record: { type: 'order', id: by.order.id, label: orderLabel(by.order) },
            changes: [{ field: 'status', before: 'waiting', after: 'cancelled' }],
            ...(moved.length > 1 ? { summary: `${moved.length} lines cancelled` } : {}),
          })
      : undefined;
    const outcome = await repository.cancel(purchase.id, reason === 'unpaid-timeout' ? 'sweep' : 'cancel', { stamp: now(), mail: reason !== 'account-removed', after });
    if (outcome === 'not-waiting') throw conflict(refusalOf('cancel', 'waiting'));
    await release.afterCancel();
  }

  async function cancelById(id: string, reason: CancelReason): Promise<void> {
    const purchase = await service.findPurchase(id);
    if (purchase) await cancelPurchase(purchase, reason);
  }

  const service = {
    mail,

    /**
     * What the returns module does, in the transaction that records a return's refund, when the
     * refund is recorded without a `complete` of its own (found in the provider's events, or
     * settled after an instance stopped); set once, when it registers.
     */
    useReturnRefunded(hook: RefundCompletion): void {
      if (returnRefunded) throw new Error('a return refund hook is already in use');
      returnRefunded = hook;
    },

    /** The payments module's side of cancelling; set once, when payments registers. */
    usePaymentGate(gate: PaymentGate): void {
      if (paymentGate) throw new Error('a payment gate is already in use');
      paymentGate = gate;
    },

    /**
     * Takes the stock only when the product, the quantity and the account's unpaid orders allow
     * it, so two customers can never buy the same last unit; records the order at the buyer's
     * price as the quote computed it and queues its email. A refusal says which rule held.
     */
    async place(input: PlaceOrderInput, price: Pricer): Promise<{ order: OrderRow; pricing: PurchasePricing }> {
      const stamp = now();
      const placed = await repository.place({ ...input, stamp }, placementLimits(stamp), price);
      if ('refusal' in placed) throw refusalError(placed.refusal, input.quantity);
      return { order: placed.order, pricing: placed.pricing! };
    },

    /**
     * Orders every line of the cart with the rules of a single order, all or none, as one
     * checkout that one payment pays; the cart is emptied in the same transaction. A refusal
     * names the line's part and sits under its field.
     */
    async placeCheckout(input: PlaceCheckoutInput, cart: CheckoutSource, price: Pricer): Promise<{ checkoutId: string; orders: OrderRow[]; pricing: PurchasePricing }> {
      const stamp = now();
      const placed = await repository.placeCheckout({ ...input, stamp }, placementLimits(stamp), cart, price);
      if (!('refusal' in placed)) return { checkoutId: placed.checkoutId, orders: placed.orders, pricing: placed.pricing! };
      const { line, position } = placed.refusal;
      throw refusalError(placed.refusal, line?.quantity ?? 0, line && position !== null ? { index: position, name: line.name ?? '' } : undefined);
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

    /** What one payment pays for this order: the order, or its whole checkout. */
    async purchaseOf(order: OrderRow): Promise<Purchase> {
      const purchase = await service.findPurchase(order.purchase_id);
      if (!purchase) throw notFound('Order');
      return purchase;
    },

    /** A purchase by its id: a checkout's, or a one-part order's. */
    async findPurchase(id: string): Promise<Purchase | undefined> {
      const found = await repository.findPurchase(id);
      return found && toPurchase(found);
    },

    /**
     * A purchase with its lines, if the caller placed it or is staff or an admin; anyone else is answered
     * as for an unknown id (404), so a purchase's existence is told to nobody else.
     */
    async findOwnedPurchase(caller: Caller | null | undefined, id: string): Promise<PurchaseWithLines> {
      if (!caller) throw unauthorized();
      const found = await repository.findPurchase(id);
      if (!found || (!isStaffOrAdmin(caller.role) && found.purchase.user_id !== caller.id)) throw notFound('Order');
      return found;
    },

    /** A checkout, if the caller placed it or is an admin; 404 for an unknown id, 403 for someone else's. */
    async findOwnedCheckout(caller: Caller | null | undefined, checkoutId: string): Promise<Purchase> {
      if (!caller) throw unauthorized();
      const purchase = await service.findPurchase(checkoutId);
      if (!purchase?.checkout) throw notFound('Checkout');
      if (caller.role !== 'admin' && purchase.userId !== caller.id) throw forbidden('This is not your checkout');
      return purchase;
    },

    /** An account's orders, newest first, cancelled ones left out. */
    listForAccount(userId: string): Promise<Array<OrderRow & { reviewed: unknown }>> {
      return repository.listForAccount(userId);
    },

    /** The ids of an account's paid (or shipped) orders of a part, oldest first: the orders it may review the part from. */
    paidOrderIds(userId: string, productId: string): Promise<string[]> {
      return repository.paidOrderIds(userId, productId);
    },

    listAll(query?: AllOrdersQuery): Promise<OrderRow[]> {
      return repository.listAll(query);
    },

    countAll(filter: OrdersFilter): Promise<number> {
      return repository.countAll(filter);
    },

    /** The orders the admin's list finds, as a CSV file for accounting, streamed; its dates on the clock of `timeZone`. */
    exportCsv(filter: OrdersFilter, timeZone: string): Readable {
      return ordersCsv(repository.batches(filter), timeZone);
    },

    /**
     * Cancels an unpaid order, with every other line of its checkout, and gives their stock back,
     * exactly once. The payment is released first: if the customer paid a moment ago the orders
     * end paid instead, so a paid order is never cancelled. `actor`: who asked (an admin's
     * cancellation is in the activity log; a customer's own is not).
     */
    async cancel(order: OrderRow, reason: CancelReason, actor?: Actor | null): Promise<void> {
      if (order.status !== 'waiting') throw conflict(refusalOf('cancel', order.status));
      await cancelPurchase(await service.purchaseOf(order), reason, { actor, order });
    },

    /**
     * A removed account can place nothing more: the stock its unpaid orders hold goes back to the
     * shelf, each purchase once; the emails held for its unconfirmed address are dropped.
     */
    async cancelUnpaidOfAccount(userId: string): Promise<void> {
      for (const id of await repository.waitingPurchasesOfAccount(userId)) {
        await cancelById(id, 'account-removed').catch((error: unknown) => {
          if (!(error instanceof AppError)) throw error;
        });
      }
      // Due now, they are dropped by the next round, which finds no account.
      await mail.releaseHeld(userId);
    },

    /** Cancels purchases left unpaid past the timeout (a checkout as one); each one asks the provider first. */
    async sweepUnpaid(olderThanMs: number, at = Date.now()): Promise<number> {
      const stale = await repository.waitingPurchasesPlacedBefore(new Date(at - olderThanMs).toISOString(), SWEEP_BATCH);
      let cancelled = 0;
      for (const id of stale) {
        try {
          await cancelById(id, 'unpaid-timeout');
          cancelled++;
        } catch (error) {
          if (!(error instanceof AppError)) log.error({ err: error, purchaseId: id }, 'could not cancel an unpaid order');
        }
      }
      if (cancelled > 0) log.info({ cancelled }, 'unpaid orders cancelled');
      return cancelled;
    },

    /**
     * Waiting -> paid for every order of the purchase with the provider's transaction id, once the
     * payments module has verified the payment. Repeating it with the same id is a no-op; a
     * different id on a paid purchase, or any move from another state, is refused.
     */
    async markPaid(purchaseId: string, transactionId: string): Promise<{ orders: OrderRow[]; changed: boolean }> {
      const stamp = now();
      const context = await invoices.context();
      // The invoice is issued with the payment, in its transaction: a purchase paid twice (the webhook and the confirmation racing) moves, and is invoiced, once.
      const paid = await repository.markPaid(purchaseId, transactionId, stamp, (trx) => invoices.issueInvoice(trx, purchaseId, stamp, context));
      if (paid.length > 0) return { orders: paid, changed: true };
      const purchase = await service.findPurchase(purchaseId);
      if (!purchase) throw notFound('Order');
      if (purchase.status === 'paid' && purchase.transactionId === transactionId) return { orders: purchase.orders, changed: false };
      throw conflict(refusalOf('pay', purchase.status));
    },

    /** Paid -> shipping, with the carrier and tracking number when given, and its activity entry; anything else is a conflict. */
    async ship(id: string, shipment: Shipment = {}, actor?: Actor | null): Promise<OrderRow> {
      const given = { carrier: shipment.carrier || null, trackingNumber: shipment.trackingNumber || null };
      const shipped = await repository.ship(id, given, now(), (trx, [line]) =>
        recordActivity(trx, actor, {
          action: 'order.shipped',
          record: { type: 'order', id: line!.id, label: orderLabel(line!) },
          changes: [{ field: 'status', before: 'paid', after: 'shipped' }, ...shipmentChanges(given)],
        }),
      );
      if (shipped) return shipped;
      const order = await repository.findById(id);
      if (!order) throw notFound('Order');
      throw conflict(refusalOf('ship', order.status));
    },

    /**
     * Ships the purchase as one parcel: every paid line not yet shipped, refunded or being
     * refunded, with one carrier and tracking number and one email; lines already gone or
     * refunded stay as they are, and one activity entry says which went. Nothing left to ship, or
     * a purchase not paid, is a conflict.
     */
    async shipPurchase(id: string, shipment: Shipment = {}, actor?: Actor | null): Promise<OrderRow[]> {
      const given = { carrier: shipment.carrier || null, trackingNumber: shipment.trackingNumber || null };
      const shipped = await repository.shipPurchase(id, given, now(), (trx, lines) =>
        recordActivity(trx, actor, {
          action: 'purchase.shipped',
          record: { type: 'purchase', id, label: `Order #${lines[0]!.purchase_number}` },
          changes: shipmentChanges(given),
          summary: `${lines.length} ${lines.length === 1 ? 'line' : 'lines'} shipped: ${lines.map((line) => `#${line.number}`).join(', ')}`,
        }),
      );
      if (shipped.length > 0) return shipped;
      const purchase = await service.findPurchase(id);
      if (!purchase) throw notFound('Order');
      if (purchase.status !== 'paid') throw conflict(refusalOf('ship', purchase.status));
      // A paid line that did not move is being refunded.
      if (purchase.orders.some((order) => order.status === 'paid')) throw conflict(refusalOf('ship', 'paid'));
      throw conflict(purchaseShippingMessages.nothingToShip);
    },

    /**
     * Refuses (409, the lifecycle's reason) a refund of a line that cannot have one: a whole
     * line's refund needs a paid line not yet shipped; part of its amount, a paid or shipped line.
     */
    checkRefundable(order: Pick<OrderRow, 'status'>, wholeLine: boolean): void {
      const allowed = wholeLine ? order.status === 'paid' : order.status === 'paid' || order.status === 'shipped';
      if (!allowed) throw conflict(refusalOf('refund', order.status));
    },

    /** The refund's pending row, once the line and the amount are checked against what is left of the payment (see refund-ledger.ts). */
    reserveRefund(ask: RefundAsk): Promise<RefundRow> {
      return repository.refunds.reserve(ask, now());
    },

    /** The provider was not reached: nothing was refunded. */
    dropRefund(refundId: string): Promise<void> {
      return repository.refunds.drop(refundId);
    },

    /** The provider declined the refund: its row is kept as failed, with the reason. */
    declineRefund(refundId: string, providerRefundId: string | null, reason: string): Promise<void> {
      return repository.refunds.decline(refundId, providerRefundId, reason, now());
    },

    /**
     * The provider made the refund: recorded once, with its effects, its credit note (of this
     * amount, naming the line) and `complete` (a return's step) in one transaction.
     */
    async completeRefund(refundId: string, providerRefundId: string, complete?: RefundCompletion): Promise<{ refund: RefundRow; changed: boolean }> {
      const stamp = now();
      const context = await invoices.context();
      return repository.refunds.complete(refundId, providerRefundId, stamp, async (trx, refund, line) => {
        await invoices.issueCreditNote(trx, { refundId: providerRefundId, purchaseId: refund.purchase_id, orderNumbers: [line.number], amountCents: Number(refund.amount_cents) }, stamp, context);
        const then = complete ?? (refund.return_id ? returnRefunded : undefined);
        if (then) await then(trx, refund);
      });
    },

    /** A refund the provider reports and the ledger does not hold (see `RefundLedger.recordFound`), with one credit note for it. Answers the rows written. */
    async recordFoundRefund(found: FoundRefund): Promise<RefundRow[]> {
      const stamp = now();
      const context = await invoices.context();
      return repository.refunds.recordFound(found, stamp, async (trx, refunds, lines) => {
        await invoices.issueCreditNote(
          trx,
          { refundId: found.providerRefundId, purchaseId: found.purchaseId, orderNumbers: lines.map((line) => line.number), amountCents: refunds.reduce((sum, refund) => sum + Number(refund.amount_cents), 0) },
          stamp,
          context,
        );
        // A return's refund whose answer reached the shop only through the provider's event.
        for (const refund of refunds) if (refund.return_id && returnRefunded) await returnRefunded(trx, refund);
      });
    },

    /**
     * The provider could not make a refund it had made (the card closed since): each line it
     * gave back is given its amount back, a refunded line paid again, the customer emailed, once.
     * Answers the rows reversed; none when the ledger holds no such refund as made.
     */
    reverseRefund(providerRefundId: string, reason: string): Promise<RefundRow[]> {
      return repository.refunds.reverse(providerRefundId, reason, now());
    },

    /** Refunds left pending since before `cutoff`, `limit` at most. */
    pendingRefundsBefore(cutoff: string, limit: number): Promise<RefundRow[]> {
      return repository.refunds.pendingBefore(cutoff, limit);
    },

    /** A line's refunds, oldest first. */
    refundsOf(orderId: string): Promise<RefundRow[]> {
      return repository.refunds.ofLine(orderId);
    },
  };
  return service;
}
export type OrdersService = ReturnType<typeof createOrdersService>;
