import { z } from 'zod';
import { idSchema } from './common.js';
import { orderQuantitySchema } from './order.js';

/** SPEC-2 section 5: the most lines one cart holds. */
export const CART_LINES_MAX = 50;

export const cartMessages = {
  tooManyLines: `A cart holds at most ${CART_LINES_MAX} different parts. Please check out these first, then start another cart for the rest.`,
  sameTwice: 'This part is already in the cart: change the quantity of its line instead',
  unknownPart: 'This part is not in the shop',
  linesRequired: 'Send the cart as { lines: [{ productId, quantity }] }',
} as const;

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

/**
 * What stands between a line and its order: the part left the shop, the quantity is below its
 * minimum, or more than its stock. SPEC's purchase messages say the last two.
 */
export const CART_PROBLEMS = ['gone', 'below-minimum', 'not-available'] as const;

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
