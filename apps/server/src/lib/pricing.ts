/**
 * What a purchase costs (SPEC-3 sections 1 and 2), in integer cents, written once for the quote,
 * the placement and the refunds (decision 033). Every rounding is of one line (or of delivery,
 * which is priced as one more line), half-up, so each line's discount and tax are stored with it
 * and a line's refund is its own amounts, never a share recomputed later.
 */

/** A rate as the arithmetic takes it: thousandths of a percent (7.25 % is 7250), so 3 decimals are exact. */
const PERCENT = 100_000;

/** A percentage (at most three decimals) in thousandths of a percent. */
export const toMilliPercent = (percent: number): number => Math.round(percent * 1000);

/** `numerator / denominator` rounded half-up, for non-negative integers. */
function divideHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** `cents × rate` rounded half-up, the rate in thousandths of a percent. */
export const percentOf = (cents: number, milliPercent: number): number => divideHalfUp(cents * milliPercent, PERCENT);

/**
 * The tax in an amount at a rate: added on top, or the part of a price that already holds it
 * (the price less the price without tax, itself rounded half-up).
 */
export function taxOf(cents: number, milliPercent: number, included: boolean): number {
  if (!included) return percentOf(cents, milliPercent);
  return cents - divideHalfUp(cents * PERCENT, PERCENT + milliPercent);
}

/**
 * An amount split over weights in proportion, in whole cents that add up to it exactly: each
 * share rounded down, the cents left over given to the largest remainders (the earliest first
 * on a tie).
 */
export function shareOut(amount: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((sum, weight) => sum + weight, 0);
  if (whole === 0 || amount === 0) return weights.map(() => 0);
  const shares = weights.map((weight) => Math.floor((amount * weight) / whole));
  const left = amount - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = weights
    .map((weight, index) => ({ index, remainder: (amount * weight) % whole }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder.slice(0, left)) shares[index] = (shares[index] ?? 0) + 1;
  return shares;
}

export interface PricedLineInput {
  unitPriceCents: number;
  quantity: number;
  /** Whether the discount reaches this line (a discount of one category reaches only its lines). */
  discountable: boolean;
}

export interface PricingInput {
  lines: readonly PricedLineInput[];
  /** The delivery method's price and the subtotal from which it is free (none: never free). */
  delivery: { priceCents: number; freeFromCents: number | null };
  discount: { kind: 'percent'; milliPercent: number; appliesToDelivery: boolean } | { kind: 'amount'; cents: number; appliesToDelivery: boolean } | null;
  tax: { milliPercent: number; appliesToDelivery: boolean } | null;
  pricesIncludeTax: boolean;
}

export interface PricedLine {
  lineTotalCents: number;
  discountCents: number;
  taxCents: number;
}

export interface Pricing {
  lines: PricedLine[];
  subtotalCents: number;
  /** Delivery's price before any discount: 0 when the subtotal reaches the method's free-from. */
  deliveryCents: number;
  /** Every discount: the lines' and delivery's. */
  discountCents: number;
  deliveryDiscountCents: number;
  /** Every tax: the lines' and delivery's; contained in the prices when they include tax. */
  taxCents: number;
  deliveryTaxCents: number;
  totalCents: number;
}

/** A delivery method's price for a subtotal: nothing from its free-from amount on (exactly at it included). */
export const deliveryPrice = ({ priceCents, freeFromCents }: { priceCents: number; freeFromCents: number | null }, subtotalCents: number): number =>
  freeFromCents !== null && subtotalCents >= freeFromCents ? 0 : priceCents;

/** Each line's and delivery's discount: per line half-up for a percentage, an amount shared out by value. */
function discountsOf(input: PricingInput, lineTotals: number[], deliveryCents: number): { lines: number[]; delivery: number } {
  const { discount } = input;
  if (!discount) return { lines: lineTotals.map(() => 0), delivery: 0 };
  const reach = lineTotals.map((total, index) => (input.lines[index]?.discountable ? total : 0));
  const deliveryReach = discount.appliesToDelivery ? deliveryCents : 0;
  if (discount.kind === 'percent') {
    return { lines: reach.map((cents) => percentOf(cents, discount.milliPercent)), delivery: percentOf(deliveryReach, discount.milliPercent) };
  }
  // An amount never takes more than what it reaches: a total never goes below nothing.
  const amount = Math.min(discount.cents, reach.reduce((sum, cents) => sum + cents, 0) + deliveryReach);
  const shares = shareOut(amount, [...reach, deliveryReach]);
  return { lines: shares.slice(0, -1), delivery: shares.at(-1) ?? 0 };
}

/** The purchase's amounts from its lines, delivery method, discount and tax rate. */
export function priceOf(input: PricingInput): Pricing {
  const lineTotals = input.lines.map((line) => line.unitPriceCents * line.quantity);
  const subtotalCents = lineTotals.reduce((sum, cents) => sum + cents, 0);
  const deliveryCents = deliveryPrice(input.delivery, subtotalCents);
  const discounts = discountsOf(input, lineTotals, deliveryCents);
  const { tax } = input;
  const taxed = (cents: number, applies: boolean) => (tax && applies ? taxOf(cents, tax.milliPercent, input.pricesIncludeTax) : 0);

  const lines = lineTotals.map((lineTotalCents, index) => {
    const discountCents = discounts.lines[index] ?? 0;
    return { lineTotalCents, discountCents, taxCents: taxed(lineTotalCents - discountCents, true) };
  });
  const deliveryTaxCents = taxed(deliveryCents - discounts.delivery, tax?.appliesToDelivery ?? false);
  const discountCents = lines.reduce((sum, line) => sum + line.discountCents, 0) + discounts.delivery;
  const taxCents = lines.reduce((sum, line) => sum + line.taxCents, 0) + deliveryTaxCents;
  return {
    lines,
    subtotalCents,
    deliveryCents,
    discountCents,
    deliveryDiscountCents: discounts.delivery,
    taxCents,
    deliveryTaxCents,
    totalCents: subtotalCents + deliveryCents - discountCents + (input.pricesIncludeTax ? 0 : taxCents),
  };
}

/**
 * What a customer paid for one line of a purchase: its total less its share of the discount, with
 * its tax when tax was added to the prices (decision 033). What a refund of that line gives back.
 */
export const lineChargedCents = (line: { total_cents: number; discount_cents: number | string; tax_cents: number | string }, pricesIncludeTax: boolean | number): number =>
  line.total_cents - Number(line.discount_cents) + (pricesIncludeTax ? 0 : Number(line.tax_cents));

/** What a line sold for: what was paid for it without its tax (the shop's revenue; the tax is collected apart). */
export const lineNetCents = (line: { total_cents: number; discount_cents: number | string; tax_cents: number | string }, pricesIncludeTax: boolean | number): number =>
  lineChargedCents(line, pricesIncludeTax) - Number(line.tax_cents);

/**
 * The tax in part of what was paid for a line: the line's tax in proportion, rounded half-up
 * (decision 033's rule), never more than the line's tax. What a partial refund gives back of it.
 */
export function refundTaxShare(amountCents: number, chargedCents: number, taxCents: number): number {
  if (chargedCents <= 0 || taxCents <= 0 || amountCents <= 0) return 0;
  return Math.min(taxCents, divideHalfUp(amountCents * taxCents, chargedCents));
}
