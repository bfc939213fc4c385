import type { CartLine, Product } from '@shop/shared';
import { useQueries } from '@tanstack/react-query';
import { getProductQueryOptions } from '@/api/products/get-product';
import { isApiError } from '@/lib/api-client';

const cents = (dollars: number) => Math.round(dollars * 100);

/** A visitor's line as the part is now: its price, minimum and stock, or gone. */
function freshLine(line: CartLine, product: Product | undefined, missing: boolean): CartLine {
  if (missing) return { ...line, img: null, available: 0, lineTotal: 0, problem: 'gone' };
  if (!product) return line;
  return {
    ...line,
    name: product.name,
    img: product.img,
    price: product.price,
    minimum: product.minimum,
    available: product.quantity,
    lineTotal: (cents(product.price) * line.quantity) / 100,
    problem: line.quantity < product.minimum ? 'below-minimum' : line.quantity > product.quantity ? 'not-available' : null,
  };
}

/**
 * A visitor's cart keeps each part as it was when added; the cart page asks the shop for each
 * part now, so a part deleted, repriced or running low says so before sign-in and checkout. A
 * signed-in customer's lines come checked from the shop already.
 */
export function useFreshLines(lines: CartLine[], visitor: boolean): CartLine[] {
  const products = useQueries({
    queries: lines.map((line) => ({ ...getProductQueryOptions(line.productId), enabled: visitor, retry: false })),
  });
  if (!visitor) return lines;
  return lines.map((line, index) => {
    const query = products[index];
    return freshLine(line, query?.data, isApiError(query?.error) && query.error.status === 404);
  });
}

/** The lines' total at the prices shown, of the parts still in the shop. */
export const cartTotal = (lines: CartLine[]): number => lines.reduce((sum, line) => sum + cents(line.lineTotal), 0) / 100;
