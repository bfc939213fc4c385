import { isOutOfStock } from '@shop/shared';

/**
 * Why a part cannot be ordered now, in a rider's words, or null when it can: the shelf is empty,
 * or it holds fewer pieces than the part's minimum order.
 */
export function whyNotOrderable(product: { quantity: number; minimum: number }): string | null {
  if (!isOutOfStock(product)) return null;
  if (product.quantity <= 0) return 'None left for now.';
  return `Only ${product.quantity} left; minimum order ${product.minimum}.`;
}
