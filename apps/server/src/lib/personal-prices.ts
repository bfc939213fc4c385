import { centsToDollars, dollarsToCents, type Product, type SearchAnswer, type ServiceKit, tradePriceCents } from '@shop/shared';

/**
 * A workshop's own catalogue answers (SPEC-3 section 6): the public answer with each part's one
 * piece at the list price less the trade discount (hundredths of a percent), the one price rule's
 * `tradePriceCents`. Made per request from the public answer, which is never changed.
 */
const tradePrice = (listPrice: number, discount: number): number => centsToDollars(tradePriceCents(dollarsToCents(listPrice), discount));

/** A product answer at a workshop's prices: `price` its trade price, `listPrice` the list price it is taken from. */
export const personalProduct = (product: Product, discount: number): Product => ({ ...product, price: tradePrice(product.price, discount), listPrice: product.price });

export const personalProducts = (products: Product[], discount: number): Product[] => products.map((product) => personalProduct(product, discount));

export const personalSearchAnswer = (answer: SearchAnswer, discount: number): SearchAnswer => ({ ...answer, products: personalProducts(answer.products, discount) });

/** A service kit at a workshop's prices: each line's and stand-in's price, and the total of the lines whose part exists. */
export function personalServiceKit(kit: ServiceKit, discount: number): ServiceKit {
  let totalCents = 0;
  const lines = kit.lines.map((line) => {
    const alternative = line.alternative && { ...line.alternative, price: tradePrice(line.alternative.price, discount) };
    if (line.price === null) return { ...line, ...(alternative ? { alternative } : {}) };
    const price = tradePrice(line.price, discount);
    totalCents += dollarsToCents(price) * line.quantity;
    return { ...line, price, ...(alternative ? { alternative } : {}) };
  });
  return { ...kit, lines, total: centsToDollars(totalCents) };
}
