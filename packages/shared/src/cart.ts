/**
 * The cart's limits and words (SPEC-2 section 5). Here, apart from the cart's schemas, so the
 * navbar's cart count and 'Add to Cart' load without zod.
 */
/** The most lines one cart holds. */
export const CART_LINES_MAX = 50;

export const cartMessages = {
  tooManyLines: `A cart holds at most ${CART_LINES_MAX} different parts. Please check out these first, then start another cart for the rest.`,
  sameTwice: 'This part is already in the cart: change the quantity of its line instead',
  unknownPart: 'This part is not in the shop',
  linesRequired: 'Send the cart as { lines: [{ productId, quantity }] }',
} as const;

/**
 * What stands between a line and its order: the part left the shop, the quantity is below its
 * minimum, or more than its stock. SPEC's purchase messages say the last two.
 */
export const CART_PROBLEMS = ['gone', 'below-minimum', 'not-available'] as const;

