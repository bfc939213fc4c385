import { type CartLine, lineProblem, lineTotal, type Product } from '@shop/shared';
import { useQueries } from '@tanstack/react-query';
import { getProductQueryOptions } from '@/api/products/get-product';
import { isApiError } from '@/lib/api-client';

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
    lineTotal: lineTotal(product.price, line.quantity),
    problem: lineProblem(line.quantity, { minimum: product.minimum, available: product.quantity }),
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
