import { TZDate } from '@date-fns/tz';
import {
  cartMessages,
  centsToDollars,
  countryName,
  discountAppliedMessage,
  discountMessages,
  MAX_ORDER_TOTAL_CENTS,
  type PurchaseOptions,
  purchaseMessages,
  type Quote,
  quoteMessages,
  regionFor,
  unitPriceCents,
} from '@shop/shared';
import { format } from 'date-fns';
import { AppError, invalidField } from '../../lib/errors.js';
import { deliveryPrice, type Pricing, priceOf, toMilliPercent } from '../../lib/pricing.js';
import type { AppliedDiscount, DiscountsService } from '../discounts/discounts.plugin.js';
import type { Pricer } from '../orders/orders.plugin.js';
import type { CatalogueService } from '../products/products.plugin.js';
import type { SettingsService } from '../settings/settings.plugin.js';
import type { ShippingOption, ShippingService } from '../shipping/shipping.plugin.js';
import type { AppliedTaxRate, TaxesService } from '../taxes/taxes.plugin.js';

/** What is priced: the lines, and where and how they go. */
export interface QuoteInput extends PurchaseOptions {
  lines: Array<{ productId: string; quantity: number }>;
  /** The signed-in customer (a once-per-customer code is checked for them); null for a visitor. */
  userId: string | null;
  /** The buyer's trade discount in hundredths of a percent (`CurrentUser.tradeDiscount`): 0 for a visitor and any customer who is not a workshop. */
  tradeDiscount: number;
  /** A line whose part left the shop: refused (the quote), or left out for the placement's own refusal to name. */
  partsGone?: 'refuse' | 'skip';
}

/** A purchase priced: the answer the customer sees, and what the placement records beside it. */
export interface PricedPurchase {
  quote: Quote;
  pricing: Pricing;
  country: string;
  region: string | null;
  postcode: string | null;
  method: ShippingOption;
  tax: AppliedTaxRate | null;
  discount: AppliedDiscount | null;
  pricesIncludeTax: boolean;
  /** Each line's unit price in cents, as priced (decision 044): what the placement charges. */
  unitPriceCents: number[];
  /**
   * What each line's price was computed from, as read: the part's list price and its
   * `quantity_prices` column text; with `tradeDiscount`, the placement refuses if any moved since.
   */
  priceInputs: Array<{ listPriceCents: number; quantityPricesColumn: string }>;
  /** The buyer's trade discount the lines were priced with (hundredths of a percent). */
  tradeDiscount: number;
}

/**
 * The one way every screen and every placement gets a purchase's totals (SPEC-3 section 1): the
 * shop's prices, its delivery methods for the country, the tax rate of the address and the
 * discount code, priced by `priceOf` (decision 033).
 */
export function createQuoteService(deps: {
  settings: Pick<SettingsService, 'current'>;
  taxes: Pick<TaxesService, 'rateFor'>;
  shipping: Pick<ShippingService, 'methodsFor' | 'find' | 'dispatchBy'>;
  discounts: Pick<DiscountsService, 'evaluate'>;
  catalogue: Pick<CatalogueService, 'pricesOf'>;
}) {
  /** The method the customer chose, or the cheapest for this subtotal; a field error when it cannot be used. */
  async function chooseMethod(methods: ShippingOption[], subtotalCents: number, country: string, chosenId: string | undefined): Promise<ShippingOption> {
    if (chosenId !== undefined) {
      const chosen = methods.find((method) => method.id === chosenId);
      if (chosen) return chosen;
      const known = await deps.shipping.find(chosenId);
      throw invalidField('shippingMethodId', known?.active ? quoteMessages.methodNotServing(countryName(country)) : quoteMessages.methodUnavailable);
    }
    const cheapest = [...methods].sort((a, b) => deliveryPrice(a, subtotalCents) - deliveryPrice(b, subtotalCents))[0];
    if (!cheapest) throw invalidField('country', quoteMessages.noMethod(countryName(country)));
    return cheapest;
  }

  const service = {
    async price(input: QuoteInput, now = new Date()): Promise<PricedPurchase> {
      const settings = await deps.settings.current();
      const country = input.country ?? settings.country;
      const region = regionFor(country, input.region);
      const products = await deps.catalogue.pricesOf(input.lines.map((line) => line.productId));
      const lines = input.lines.flatMap((line, index) => {
        const product = products.get(line.productId);
        if (!product && input.partsGone !== 'skip') throw invalidField(`lines.${index}.productId`, cartMessages.unknownPart);
        // The one price rule (decision 044): the lowest of the trade price and the quantity price.
        return product ? [{ ...line, ...product, unitCents: unitPriceCents({ listPriceCents: product.priceCents, quantityPrices: product.quantityPrices }, line.quantity, input.tradeDiscount) }] : [];
      });
      const subtotalCents = lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);

      const [methods, tax, dispatchBy] = await Promise.all([deps.shipping.methodsFor(country, now), deps.taxes.rateFor(country, region), deps.shipping.dispatchBy(now)]);
      const method = await chooseMethod(methods, subtotalCents, country, input.shippingMethodId);

      let discount: AppliedDiscount | null = null;
      let discountMessage: string | undefined;
      const code = input.discountCode?.trim();
      if (code) {
        const evaluation = await deps.discounts.evaluate({
          code,
          userId: input.userId,
          today: format(new TZDate(now.getTime(), settings.timeZone), 'yyyy-MM-dd'),
          lines: lines.map((line) => ({ productId: line.productId, categoryId: line.categoryId, lineTotalCents: line.unitCents * line.quantity })),
          subtotalCents,
        });
        if (evaluation.ok) discount = evaluation.discount;
        discountMessage = evaluation.ok ? discountAppliedMessage(evaluation.discount.code) : evaluation.message;
      }

      const pricing = priceOf({
        lines: lines.map((line) => ({
          unitPriceCents: line.unitCents,
          quantity: line.quantity,
          discountable: discount !== null && (discount.categoryId === null || discount.categoryId === line.categoryId),
        })),
        delivery: method,
        discount: discount && {
          ...(discount.kind === 'percent' ? { kind: 'percent', milliPercent: discount.value * 10 } : { kind: 'amount', cents: discount.value }),
          appliesToDelivery: discount.appliesToDelivery,
        },
        tax: tax && { milliPercent: toMilliPercent(tax.ratePercent), appliesToDelivery: tax.appliesToDelivery },
        pricesIncludeTax: settings.pricesIncludeTax,
      });

      const quote: Quote = {
        lines: lines.map((line, index) => ({
          productId: line.productId,
          name: line.name,
          quantity: line.quantity,
          unitPrice: centsToDollars(line.unitCents),
          lineTotal: centsToDollars(pricing.lines[index]!.lineTotalCents),
        })),
        subtotal: centsToDollars(pricing.subtotalCents),
        discount: centsToDollars(pricing.discountCents),
        shipping: centsToDollars(pricing.deliveryCents),
        tax: centsToDollars(pricing.taxCents),
        total: centsToDollars(pricing.totalCents),
        taxLines: tax && pricing.taxCents > 0 ? [{ name: tax.name, rate: tax.ratePercent, amount: centsToDollars(pricing.taxCents) }] : [],
        methods: methods.map((option) => ({
          _id: option.id,
          name: option.name,
          price: centsToDollars(deliveryPrice(option, subtotalCents)),
          arrivesFrom: option.arrivesFrom,
          arrivesTo: option.arrivesTo,
          daysMax: option.daysMax,
        })),
        shippingMethodId: method.id,
        ...(discountMessage === undefined ? {} : { discountMessage }),
        discountCode: discount?.code ?? null,
        pricesIncludeTax: settings.pricesIncludeTax,
        dispatchBy: dispatchBy?.toISOString() ?? null,
      };
      return {
        quote,
        pricing,
        country,
        region,
        postcode: input.postcode ?? null,
        method,
        tax,
        discount,
        pricesIncludeTax: settings.pricesIncludeTax,
        unitPriceCents: lines.map((line) => line.unitCents),
        priceInputs: lines.map((line) => ({ listPriceCents: line.priceCents, quantityPricesColumn: line.quantityPricesColumn })),
        tradeDiscount: input.tradeDiscount,
      };
    },

    /**
     * What a placement charges, priced when it runs (again if a price moves under it, with the
     * buyer's trade discount as the placement found it): the quote's amounts as the purchase
     * records them. A code that takes nothing off is refused under its field rather than placed
     * without it; a total a card cannot carry, refused.
     */
    pricerFor(input: Omit<QuoteInput, 'partsGone'>): Pricer {
      return async (buyer) => {
        const priced = await service.price({ ...input, tradeDiscount: buyer?.tradeDiscount ?? input.tradeDiscount, partsGone: 'skip' });
        const { pricing, method, discount, tax } = priced;
        if (input.discountCode?.trim() && !discount) throw invalidField('discountCode', priced.quote.discountMessage ?? discountMessages.notValid);
        // Beyond the parts' own limit (which the placement checks and names) only with delivery and tax.
        if (pricing.totalCents > MAX_ORDER_TOTAL_CENTS && pricing.subtotalCents <= MAX_ORDER_TOTAL_CENTS) throw new AppError(422, 'VALIDATION_FAILED', purchaseMessages.totalTooLarge);
        return {
          lines: priced.quote.lines.map((line, index) => ({
            productId: line.productId,
            quantity: line.quantity,
            priceCents: priced.unitPriceCents[index]!,
            listPriceCents: priced.priceInputs[index]!.listPriceCents,
            quantityPricesColumn: priced.priceInputs[index]!.quantityPricesColumn,
            discountCents: pricing.lines[index]!.discountCents,
            taxCents: pricing.lines[index]!.taxCents,
          })),
          subtotalCents: pricing.subtotalCents,
          discountCents: pricing.discountCents,
          shippingCents: pricing.deliveryCents,
          taxCents: pricing.taxCents,
          totalCents: pricing.totalCents,
          country: priced.country,
          region: priced.region,
          postcode: priced.postcode,
          shippingMethodId: method.id,
          shippingMethodName: method.name,
          shippingDaysMax: method.daysMax,
          arrivesFrom: method.arrivesFrom,
          arrivesTo: method.arrivesTo,
          discount: discount && { id: discount.id, code: discount.code, oncePerCustomer: discount.oncePerCustomer },
          tax: tax && { name: tax.name, milliPercent: toMilliPercent(tax.ratePercent) },
          pricesIncludeTax: priced.pricesIncludeTax,
          tradeDiscount: priced.tradeDiscount,
        };
      };
    },
  };
  return service;
}
export type QuoteService = ReturnType<typeof createQuoteService>;

