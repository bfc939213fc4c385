import type { OrderMailKind, OrderStatus, OrderTable } from '../../db/schema.js';

/** Every change of a purchase's or an order's status. */
export type LifecycleEvent = 'place' | 'cancel' | 'sweep' | 'pay' | 'ship' | 'refund' | 'refund-failed';

/** What one event does, in the order the repository writes it (decision 021). */
export interface EventRow {
  /** The purchase with all its lines (paid and cancelled as a whole), or one line (shipped and refunded line by line). */
  target: 'purchase' | 'line';
  /** The statuses its rows move from (none: it creates them), and to. */
  from: readonly OrderStatus[];
  to: OrderStatus;
  /** The time it writes on the rows it moves. */
  stamps: keyof Pick<OrderTable, 'created_at' | 'paid_at' | 'cancelled_at' | 'shipped_at' | 'refunded_at'> | null;
  /** The parts' stock: taken, given back, or taken again as far as the shelf still has it. */
  stock: 'take' | 'give-back' | 'take-again' | null;
  /** The account's and its client address's hold of unpaid pieces: grown, or released. */
  hold: 'grow' | 'release' | null;
  /** The email it queues: one for the purchase, or one for the line. */
  mail: OrderMailKind;
  /** What it counts in the day's sales (decision 017). */
  sales: 'paid' | 'refunded' | 'refund-failed' | null;
  /** Moved in the orders by status of their day (decision 019); 'waiting' is not kept there. */
  counted: boolean;
  /** Why it cannot happen to an order in each status it does not move from (and, for a status it does, why it did not). */
  refusals: Partial<Record<OrderStatus, string>>;
}

const CANCEL_REFUSALS = {
  waiting: 'This order can no longer be cancelled',
  paid: 'A paid order cannot be cancelled',
  shipped: 'A paid order cannot be cancelled',
  refunded: 'A paid order cannot be cancelled',
  cancelled: 'This order was already cancelled',
} satisfies EventRow['refusals'];

/**
 * The life of a purchase and its lines: place -> waiting; waiting -> cancelled (by the customer,
 * or swept for want of payment); waiting -> paid; paid -> shipped; paid -> refunded, and back to
 * paid when the bank sends the refund back. Anything else is refused with the row's text (409).
 *
 * Refunds go through the ledger (refund-ledger.ts), which writes 'refund' and 'refund-failed' as
 * these rows say but with each refund's own amounts: the stock it puts back, the sales of its
 * amount and tax share, its email. Part of a paid or shipped line's amount can be refunded too,
 * its status unchanged; 'refund''s refusals say why a line cannot have either.
 */
export const LIFECYCLE = {
  place: { target: 'purchase', from: [], to: 'waiting', stamps: 'created_at', stock: 'take', hold: 'grow', mail: 'placed', sales: null, counted: false, refusals: {} },
  cancel: { target: 'purchase', from: ['waiting'], to: 'cancelled', stamps: 'cancelled_at', stock: 'give-back', hold: 'release', mail: 'cancelled', sales: null, counted: true, refusals: CANCEL_REFUSALS },
  sweep: { target: 'purchase', from: ['waiting'], to: 'cancelled', stamps: 'cancelled_at', stock: 'give-back', hold: 'release', mail: 'cancelled-unpaid', sales: null, counted: true, refusals: CANCEL_REFUSALS },
  pay: {
    target: 'purchase',
    from: ['waiting'],
    to: 'paid',
    stamps: 'paid_at',
    stock: null,
    hold: 'release',
    mail: 'paid',
    sales: 'paid',
    counted: true,
    refusals: { cancelled: 'This order was cancelled', paid: 'This order is already paid', shipped: 'This order is already paid', refunded: 'This order is already paid' },
  },
  ship: {
    target: 'line',
    from: ['paid'],
    to: 'shipped',
    stamps: 'shipped_at',
    stock: null,
    hold: null,
    mail: 'shipped',
    sales: null,
    counted: true,
    refusals: {
      paid: 'A refund of this order is under way, so it cannot be shipped',
      waiting: 'Only paid orders can be shipped',
      shipped: 'This order is already shipping',
      cancelled: 'A cancelled order cannot be shipped',
      refunded: 'A refunded order cannot be shipped',
    },
  },
  refund: {
    target: 'line',
    from: ['paid'],
    to: 'refunded',
    stamps: 'refunded_at',
    stock: 'give-back',
    hold: null,
    mail: 'refunded',
    sales: 'refunded',
    counted: true,
    refusals: {
      paid: 'A refund of this order is already under way',
      waiting: 'Only a paid order can be refunded',
      shipped: 'A shipped order cannot be refunded',
      cancelled: 'A cancelled order cannot be refunded',
      refunded: 'This order was already refunded',
    },
  },
  'refund-failed': { target: 'line', from: ['refunded'], to: 'paid', stamps: null, stock: 'take-again', hold: null, mail: 'refund-failed', sales: 'refund-failed', counted: true, refusals: {} },
} as const satisfies Record<LifecycleEvent, EventRow>;

export type PurchaseEvent = { [Event in LifecycleEvent]: (typeof LIFECYCLE)[Event]['target'] extends 'purchase' ? Event : never }[Exclude<LifecycleEvent, 'place'>];
export type LineEvent = { [Event in LifecycleEvent]: (typeof LIFECYCLE)[Event]['target'] extends 'line' ? Event : never }[LifecycleEvent];

/** Why `event` cannot happen to an order in `status`. */
export function refusalOf(event: LifecycleEvent, status: OrderStatus): string {
  return (LIFECYCLE[event].refusals as EventRow['refusals'])[status] ?? `This order cannot move from ${status}`;
}

/**
 * When a purchase waiting for payment stops holding its parts: placed plus the payment timeout.
 * The unpaid sweep ('sweep') cancels it once this has passed, in its next round.
 */
export const holdEndsAt = (placedAt: string, paymentTimeoutMs: number): string => new Date(Date.parse(placedAt) + paymentTimeoutMs).toISOString();
