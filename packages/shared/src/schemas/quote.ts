import { z } from 'zod';
import { CART_LINES_MAX, cartMessages } from '../cart.js';
import { cartLineInputSchema } from './cart.js';
import { idSchema } from './common.js';
import { purchaseOptionFields, quoteMessages } from './purchase-options.js';
import { countryCodeSchema } from './settings.js';

/**
 * POST /quote: the lines (none, with a bearer: the server cart) and where they go. Lenient where
 * the purchase is strict: a quote is asked while the form is being filled, so a missing region or
 * postcode prices without them.
 */
export const quoteRequestSchema = z.object({
  ...purchaseOptionFields,
  country: countryCodeSchema,
  lines: z.array(cartLineInputSchema, { error: quoteMessages.linesRequired }).min(1, quoteMessages.linesRequired).max(CART_LINES_MAX, cartMessages.tooManyLines).optional(),
});
export type QuoteRequest = z.input<typeof quoteRequestSchema>;

const money = z.number();
/** The answer of POST /quote: every amount the customer pays, computed by the shop (dollars; dates YYYY-MM-DD). */
export const quoteSchema = z.object({
  lines: z.array(z.object({ productId: idSchema, name: z.string(), quantity: z.number().int(), unitPrice: money, lineTotal: money })),
  subtotal: money,
  discount: money,
  shipping: money,
  tax: money,
  total: money,
  taxLines: z.array(z.object({ name: z.string(), rate: z.number(), amount: money })),
  /** The methods serving the country, each at its price for this subtotal (0 when free), cheapest first. */
  methods: z.array(
    z.object({
      _id: idSchema,
      name: z.string(),
      price: money,
      arrivesFrom: z.string(),
      arrivesTo: z.string(),
      /** Its longest delivery in working days: 0 is collected from the shop ('Ready to collect'). */
      daysMax: z.number().int(),
    }),
  ),
  shippingMethodId: idSchema,
  /** 'Code … applied', or why the code takes nothing off. */
  discountMessage: z.string().optional(),
  /** The code that applies, as the shop writes it; null when none does. */
  discountCode: z.string().nullable(),
  /** Whether the prices include the tax (then `tax` is the part of `total` it makes up). */
  pricesIncludeTax: z.boolean(),
  /** While an order placed now still leaves today: until when (ISO time); otherwise null. */
  dispatchBy: z.string().nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;
