import { z } from 'zod';
import { idSchema } from './common.js';
import { CART_LINES_MAX, CART_PROBLEMS, cartMessages } from '../cart.js';
import { deliverySchema, expectedTotalSchema, MAX_ORDER_TOTAL_CENTS, orderQuantitySchema, placedPurchaseFields } from './order.js';
import { checkPurchaseAddress, purchaseOptionFields } from './purchase-options.js';

/** One line as the customer sends it: the part and how many, a whole number of pieces. */
export const cartLineInputSchema = z.object({ productId: idSchema, quantity: orderQuantitySchema });

/** PUT /cart: the whole cart, each part once, at most CART_LINES_MAX lines. */
export const cartInputSchema = z
  .object({ lines: z.array(cartLineInputSchema, { error: cartMessages.linesRequired }).max(CART_LINES_MAX, cartMessages.tooManyLines) })
  .superRefine((cart, context) => {
    const seen = new Set<string>();
    cart.lines.forEach((line, index) => {
      if (seen.has(line.productId)) context.addIssue({ code: 'custom', path: ['lines', index, 'productId'], message: cartMessages.sameTwice });
      seen.add(line.productId);
    });
  });

/** A line of the cart as the shop answers it, checked against the catalogue now. */
export const cartLineSchema = z.object({
  productId: idSchema,
  name: z.string(),
  /** The part's picture; null when it left the shop. */
  img: z.string().nullable(),
  /** Its price now, in dollars (as last seen when it left the shop). */
  price: z.number(),
  /** Its price when it was put in the cart: a different `price` means it was repriced since. */
  seenPrice: z.number(),
  quantity: z.number().int(),
  minimum: z.number().int(),
  /** Its stock now (0 when it left the shop). */
  available: z.number().int(),
  lineTotal: z.number(),
  problem: z.enum(CART_PROBLEMS).nullable(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** GET and PUT /cart: the lines in the order they were added, and the total of those still in the shop. */
export const cartSchema = z.object({ lines: z.array(cartLineSchema), total: z.number() });
export type Cart = z.infer<typeof cartSchema>;

export const checkoutMessages = {
  empty: 'Your cart is empty',
  partGone: (name: string) => `${name} is no longer sold. Please remove it from your cart.`,
  totalTooLarge: `One payment can be at most $${(MAX_ORDER_TOTAL_CENTS / 100).toLocaleString('en-US')}. Please check out fewer parts at a time.`,
} as const;

/** POST /checkout: where the cart's orders go and whom to call; the lines are the server's cart. */
export const checkoutInputSchema = deliverySchema.extend({ ...purchaseOptionFields, expectedTotal: expectedTotalSchema }).superRefine(checkPurchaseAddress);

/** A placed checkout: its id (what one payment pays, the purchase's) and its orders, in the order of the cart's lines. */
export const checkoutAnswerSchema = z.object({ checkoutId: idSchema, orderIds: z.array(idSchema), ...placedPurchaseFields });
export type CheckoutAnswer = z.infer<typeof checkoutAnswerSchema>;

/** SPEC-3 section 6: the most lines one quick order takes, and the most characters of its text. */
export const QUICK_ORDER_LINES_MAX = 100;
export const QUICK_ORDER_TEXT_MAX = 20_000;

export const quickOrderMessages = {
  textRequired: 'Paste one part per line: part number and quantity',
  tooManyLines: `A quick order takes at most ${QUICK_ORDER_LINES_MAX} lines: add the rest in another one`,
  tooLong: `A quick order takes at most ${QUICK_ORDER_TEXT_MAX.toLocaleString('en-US')} characters: add the rest in another one`,
  noPart: (line: number, partNumber: string) => `Line ${line}: no part numbered ${partNumber}`,
  belowMinimum: (line: number, minimum: number) => `Line ${line}: Please Order More Then ${minimum} Peace`,
  notAvailable: (line: number, quantity: number) => `Line ${line}: ${quantity} Peace is Not Available`,
  unreadable: (line: number) => `Line ${line}: write a part number and a quantity, such as HF204 x10`,
  quantityInvalid: (line: number) => `Line ${line}: the quantity must be a whole number from 1`,
  severalParts: (line: number, partNumber: string, parts: string[]) => `Line ${line}: ${partNumber} names several parts (${parts.join('; ')}): write the part number of the one you mean`,
  cartFull: (line: number) => `Line ${line}: the cart holds at most ${CART_LINES_MAX} different parts`,
} as const;

/** POST /cart/quick: the pasted text or the CSV file's text (partNumber, quantity). */
export const quickOrderInputSchema = z.object({
  text: z
    .string({ error: quickOrderMessages.textRequired })
    .max(QUICK_ORDER_TEXT_MAX, quickOrderMessages.tooLong)
    .refine((text) => text.replace(/^\uFEFF/, '').trim() !== '', quickOrderMessages.textRequired),
});

/** What went into the cart (each part once, the pieces added by this order) and each line that did not, by its line number. */
export const quickOrderAnswerSchema = z.object({
  added: z.array(z.object({ productId: idSchema, quantity: z.number().int() })),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type QuickOrderAnswer = z.infer<typeof quickOrderAnswerSchema>;
