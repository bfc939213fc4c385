import { describe, expect, it } from 'vitest';
import { type PricingInput, percentOf, priceOf, refundTaxShare, shareOut, taxOf, toMilliPercent } from './pricing.js';

const STANDARD = { priceCents: 490, freeFromCents: 7500 };
const EXPRESS = { priceCents: 1290, freeFromCents: null };
const line = (unitPriceCents: number, quantity = 1, discountable = true) => ({ unitPriceCents, quantity, discountable });
const input = (overrides: Partial<PricingInput>): PricingInput => ({
  lines: [line(4999), line(1250, 2)],
  delivery: STANDARD,
  discount: null,
  tax: null,
  pricesIncludeTax: false,
  ...overrides,
});
const CALIFORNIA = { milliPercent: toMilliPercent(7.25), appliesToDelivery: false };
const NEW_YORK = { milliPercent: toMilliPercent(4), appliesToDelivery: true };

describe('pricing', () => {
  it('rounds each amount half-up, to the cent', () => {
    expect(percentOf(50, toMilliPercent(1))).toBe(1);
    expect(percentOf(49, toMilliPercent(1))).toBe(0);
    expect(percentOf(4999, toMilliPercent(7.25))).toBe(362);
    expect(percentOf(2500, toMilliPercent(7.25))).toBe(181);
    expect(toMilliPercent(6.125)).toBe(6125);
    // Tax in a price: 100.00 at 20 % holds 16.67 (83.33 without it).
    expect(taxOf(10000, toMilliPercent(20), true)).toBe(1667);
    expect(taxOf(10000, toMilliPercent(20), false)).toBe(2000);
  });

  it('shares an amount out in whole cents that add up to it', () => {
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(500, [1000, 3000])).toEqual([125, 375]);
    expect(shareOut(7, [0, 5, 0])).toEqual([0, 7, 0]);
    expect(shareOut(0, [1, 2])).toEqual([0, 0]);
    expect(shareOut(5, [0, 0])).toEqual([0, 0]);
  });

  it('charges delivery below its free-from and none from exactly it', () => {
    expect(priceOf(input({})).deliveryCents).toBe(490);
    expect(priceOf(input({ lines: [line(7500)] })).deliveryCents).toBe(0);
    expect(priceOf(input({ lines: [line(7499)] })).deliveryCents).toBe(490);
    expect(priceOf(input({ lines: [line(100_000)], delivery: EXPRESS })).deliveryCents).toBe(1290);
  });

  it('adds California tax per line, delivery untaxed', () => {
    const priced = priceOf(input({ tax: CALIFORNIA }));
    expect(priced.lines).toEqual([
      { lineTotalCents: 4999, discountCents: 0, taxCents: 362 },
      { lineTotalCents: 2500, discountCents: 0, taxCents: 181 },
    ]);
    expect(priced).toMatchObject({ subtotalCents: 7499, deliveryCents: 490, discountCents: 0, taxCents: 543, deliveryTaxCents: 0, totalCents: 8532 });
  });

  it('taxes delivery where the rate says so', () => {
    const priced = priceOf(input({ lines: [line(1000)], tax: NEW_YORK }));
    expect(priced).toMatchObject({ deliveryTaxCents: 20, taxCents: 40 + 20, totalCents: 1000 + 490 + 60 });
  });

  it('takes the tax out of prices that include it, the total unchanged', () => {
    const priced = priceOf(input({ lines: [line(10000)], tax: { milliPercent: toMilliPercent(20), appliesToDelivery: true }, pricesIncludeTax: true, delivery: EXPRESS }));
    expect(priced).toMatchObject({ taxCents: 1667 + 215, deliveryTaxCents: 215, totalCents: 10000 + 1290 });
  });

  it('takes a percentage off each line before its tax, never off delivery unless it says so', () => {
    const priced = priceOf(input({ delivery: EXPRESS, discount: { kind: 'percent', milliPercent: toMilliPercent(10), appliesToDelivery: false }, tax: CALIFORNIA }));
    expect(priced.lines.map((l) => l.discountCents)).toEqual([500, 250]);
    // Taxed after the discount: 44.99 × 7.25 % = 3.26, 22.50 × 7.25 % = 1.63.
    expect(priced.lines.map((l) => l.taxCents)).toEqual([326, 163]);
    expect(priced).toMatchObject({ discountCents: 750, deliveryDiscountCents: 0, deliveryCents: 1290, totalCents: 7499 - 750 + 1290 + 489 });

    const withDelivery = priceOf(input({ delivery: EXPRESS, discount: { kind: 'percent', milliPercent: toMilliPercent(10), appliesToDelivery: true } }));
    expect(withDelivery).toMatchObject({ deliveryDiscountCents: 129, discountCents: 750 + 129 });
  });

  it('shares an amount off by value over the lines it reaches, and never below nothing', () => {
    const oneCategory = input({ lines: [line(1000), line(3000), line(5000, 1, false)], discount: { kind: 'amount', cents: 500, appliesToDelivery: false } });
    expect(priceOf(oneCategory).lines.map((l) => l.discountCents)).toEqual([125, 375, 0]);

    const more = priceOf(input({ lines: [line(1000)], discount: { kind: 'amount', cents: 5000, appliesToDelivery: false } }));
    expect(more).toMatchObject({ discountCents: 1000, totalCents: 490 });
    const withDelivery = priceOf(input({ lines: [line(1000)], discount: { kind: 'amount', cents: 5000, appliesToDelivery: true } }));
    expect(withDelivery).toMatchObject({ discountCents: 1490, deliveryDiscountCents: 490, totalCents: 0 });
  });
});

describe('the tax share of a partial refund', () => {
  it("is the line's tax in proportion, half-up, never more than the line's tax and nothing of nothing", () => {
    // 50.00 of a line that charged 214.50 holding 14.50 of tax: 3.37995 rounds to 3.38.
    expect(refundTaxShare(5000, 21_450, 1450)).toBe(338);
    expect(refundTaxShare(21_450, 21_450, 1450)).toBe(1450);
    expect(refundTaxShare(30_000, 21_450, 1450)).toBe(1450);
    expect(refundTaxShare(5000, 21_450, 0)).toBe(0);
    expect(refundTaxShare(5000, 0, 1450)).toBe(0);
  });
});
