import type { CART_PROBLEMS } from './cart.js';

/**
 * The rules of one purchase line (an order, a cart line), written once for the shop and the
 * page: how many pieces a line may take, what it costs, and what stands between it and its
 * order. Apart from the schemas, so the cart and 'Add to Cart' load without zod.
 */

/** SPEC section 5 purchase messages. */
export const purchaseMessages = {
  belowMinimum: (minimum: number) => `Please Order More Then ${minimum} Peace`,
  notAvailable: (quantity: number) => `${quantity} Peace is Not Available`,
  quantityRequired: 'Quantity is Required',
  quantityWhole: 'Please enter a whole number of pieces',
  locationRequired: 'Location is Required',
  phoneRequired: 'Phone is Required',
  totalTooLarge: 'One order can be at most $999,999.99. Please order fewer pieces.',
  tooManyUnpaid: (orders: number) =>
    `You have ${orders} orders waiting for payment. Please pay for or cancel one in My Orders before ordering more.`,
  tooManyUnitsHeld: (units: number) =>
    `Orders waiting for payment can hold at most ${units} pieces per customer. Please pay for or cancel one in My Orders first.`,
  partHeldFromAddress: (units: number) =>
    `Orders waiting for payment from one internet address can hold at most ${units} pieces of this part. Please pay for or cancel yours in My Orders, or try again once the others are paid or cancelled.`,
  /** Until when a purchase waiting for payment keeps its parts, the time as `formatHoldTime` writes it. */
  holdUntil: (time: string) => `We hold these parts until ${time}`,
} as const;

/** The most pieces one line takes. */
export const MAX_LINE_QUANTITY = 1_000_000;

/**
 * A quantity as sent or typed: SPEC sends it "as typed text", a cart as a number. Taken when it
 * is a whole number of pieces from 1 to MAX_LINE_QUANTITY (digits only, when typed); otherwise
 * SPEC's message for it.
 */
export function readQuantity(value: unknown): { quantity: number } | { error: string } {
  const typed = typeof value === 'string' ? value.trim() : value;
  if (typed === '' || (typeof typed !== 'string' && typeof typed !== 'number')) return { error: purchaseMessages.quantityRequired };
  const quantity = typeof typed === 'number' ? typed : /^\d+$/.test(typed) ? Number(typed) : Number.NaN;
  return Number.isSafeInteger(quantity) && quantity >= 1 && quantity <= MAX_LINE_QUANTITY ? { quantity } : { error: purchaseMessages.quantityWhole };
}

/** A price in dollars (as the API carries it) in integer cents: the one rounding of money. */
export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);

/** A line's total in cents: the unit price in whole cents times the pieces. */
export const lineTotalCents = (unitPrice: number, quantity: number): number => dollarsToCents(unitPrice) * quantity;

/** A line's total in dollars, as the API answers it. */
export const lineTotal = (unitPrice: number, quantity: number): number => lineTotalCents(unitPrice, quantity) / 100;

/** Lines' totals added up in cents, so a sum of dollars never drifts by a fraction of a cent. */
export const sumOfLines = (lines: Array<{ lineTotal: number }>): number => lines.reduce((sum, line) => sum + dollarsToCents(line.lineTotal), 0) / 100;

export type LineProblem = (typeof CART_PROBLEMS)[number];

/** What a line's part allows now: its minimum order and the pieces in stock. */
export interface PartLimits {
  minimum: number;
  available: number;
}

/**
 * What stands between `quantity` pieces of a part and their order: the part left the shop
 * (`part` undefined), the quantity is below its minimum, or more than its stock; null when
 * nothing does.
 */
export function lineProblem(quantity: number, part: PartLimits | undefined): LineProblem | null {
  if (!part) return 'gone';
  if (quantity < part.minimum) return 'below-minimum';
  if (quantity > part.available) return 'not-available';
  return null;
}

/**
 * The quantity that lets a line be ordered: its part's stock when it asks for more, its minimum
 * when for fewer; null when nothing needs to change, or when no quantity would do (the part is
 * gone, or has fewer pieces than its minimum).
 */
export function orderableQuantity(quantity: number, part: PartLimits | undefined): number | null {
  const problem = lineProblem(quantity, part);
  if (!part || problem === null || part.available < part.minimum) return null;
  return problem === 'below-minimum' ? part.minimum : part.available;
}

/**
 * What the lines come to, or null while one of them cannot be ordered as it stands: a total is
 * never built from an impossible quantity (nor from a part the shop no longer has).
 */
export const orderableTotal = (lines: Array<{ lineTotal: number; problem: LineProblem | null }>): number | null =>
  lines.some((line) => line.problem !== null) ? null : sumOfLines(lines);

/**
 * The moment a hold ends, as the shop writes it: the time of day ('17:24'), after the day when
 * that is not the day of `now` ('28 Nov, 17:24'), in `timeZone` (by default the reader's own).
 * `withZone` names the zone ('17:24 UTC') for a reader whose zone is not known, as an email's.
 */
export function formatHoldTime(iso: string, { now = new Date(), timeZone, withZone = false }: { now?: Date; timeZone?: string; withZone?: boolean } = {}): string {
  const at = new Date(iso);
  const zone = timeZone ? { timeZone } : {};
  const dayOf = (date: Date) => new Intl.DateTimeFormat('en-GB', { ...zone, year: 'numeric', month: 'numeric', day: 'numeric' }).format(date);
  const time = new Intl.DateTimeFormat('en-GB', { ...zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...(withZone ? { timeZoneName: 'short' as const } : {}) }).format(at);
  if (dayOf(at) === dayOf(now)) return time;
  return `${new Intl.DateTimeFormat('en-GB', { ...zone, day: 'numeric', month: 'short' }).format(at)}, ${time}`;
}

/** A line's problem in SPEC's purchase words; `gone` is the page's own text for a part the shop no longer has. */
export function lineProblemMessage(problem: LineProblem, line: { quantity: number; minimum: number }, gone: string): string {
  switch (problem) {
    case 'gone':
      return gone;
    case 'below-minimum':
      return purchaseMessages.belowMinimum(line.minimum);
    case 'not-available':
      return purchaseMessages.notAvailable(line.quantity);
  }
}
