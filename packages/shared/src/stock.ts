/**
 * SPEC's rule for a product card: out of stock while the stock is below the minimum order.
 * Kept apart from the product schemas, so the catalogue's first page loads it without zod.
 */
export const isOutOfStock = (product: { quantity: number; minimum: number }): boolean => product.quantity < product.minimum;
