/**
 * Workshop prices (SPEC-3 section 6): what one piece of a part costs a buyer at a quantity. The
 * one rule every price the shop shows or charges follows (decision 044): the catalogue's answers
 * for a workshop, the cart, the quote, the placement and so the invoice. Plain functions in
 * integer cents, apart from the schemas, so the web app's bundles load them without zod.
 */

/** The highest trade discount an admin can give a workshop, in percent. */
export const TRADE_DISCOUNT_MAX = 50;
/** The most quantity prices one part has. */
export const QUANTITY_PRICES_MAX = 10;
/** The smallest quantity a quantity price can start from: one piece is the list price. */
export const QUANTITY_PRICE_FROM_MIN = 2;

/** A price for every piece once a line holds `from` pieces or more. */
export interface QuantityPriceCents {
  from: number;
  priceCents: number;
}

/** What a part's price depends on: its list price and its quantity prices (ascending `from`). */
export interface PriceRule {
  listPriceCents: number;
  quantityPrices: readonly QuantityPriceCents[];
}

/**
 * A trade discount as the arithmetic takes it: hundredths of a percent (12.5 % is 1250), so the
 * two decimals an admin may type are exact. 0 for anyone who is not a workshop.
 */
export const toDiscountHundredths = (percent: number): number => Math.round(percent * 100);

/** The list price less a trade discount (hundredths of a percent), the discount rounded half-up to the cent. */
export function tradePriceCents(listPriceCents: number, discountHundredths: number): number {
  if (discountHundredths <= 0) return listPriceCents;
  const discount = Math.floor((2 * listPriceCents * discountHundredths + 10_000) / 20_000);
  return listPriceCents - discount;
}

/** The quantity price for `quantity` pieces: that of the largest `from` reached, or none. */
export function quantityPriceCents(quantityPrices: readonly QuantityPriceCents[], quantity: number): number | null {
  let found: number | null = null;
  for (const tier of quantityPrices) if (quantity >= tier.from && (found === null || tier.priceCents < found)) found = tier.priceCents;
  return found;
}

/**
 * One piece's price for a line of `quantity` pieces: the lowest of the list price less the
 * buyer's trade discount (hundredths of a percent; 0 for a visitor or a customer who is not a
 * workshop) and the quantity price for that quantity.
 */
export function unitPriceCents(rule: PriceRule, quantity: number, discountHundredths: number): number {
  const trade = tradePriceCents(rule.listPriceCents, discountHundredths);
  const tier = quantityPriceCents(rule.quantityPrices, quantity);
  return tier === null ? trade : Math.min(trade, tier);
}

/** Quantity prices as the catalogue CSV writes them: `10:7.50;50:6.90` (empty when none). */
export const quantityPricesText = (quantityPrices: readonly QuantityPriceCents[]): string =>
  quantityPrices.map((tier) => `${tier.from}:${(tier.priceCents / 100).toFixed(2)}`).join(';');
