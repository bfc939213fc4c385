import { type Cart, type CartLine, cartMessages, centsToDollars, dollarsToCents, lineProblem, lineTotalCents } from '@shop/shared';
import { invalidField } from '../../lib/errors.js';
import type { OrdersService, Pricer } from '../orders/orders.plugin.js';
import type { CatalogueService } from '../products/products.plugin.js';
import type { CartRepository, StoredCartLine } from './cart.repository.js';

/**
 * Signed-in customers' carts (SPEC-2 section 5), the same on every device: each line checked
 * against the catalogue whenever it is read, so a part deleted, repriced or running low since
 * it was put in the cart says so before checkout. The shop's own prices make every total.
 */
export function createCartService({
  repository,
  catalogue,
  orders,
}: {
  repository: CartRepository;
  catalogue: Pick<CatalogueService, 'findMany'>;
  orders: Pick<OrdersService, 'placeCheckout'>;
}) {
  type Products = Map<string, Awaited<ReturnType<CatalogueService['findMany']>>[number]>;
  const productsOf = async (ids: string[]): Promise<Products> => new Map((await catalogue.findMany(ids)).map((product) => [product._id, product]));

  /** The lines checked against the catalogue; `products` when the caller has just looked them up. */
  async function answer(lines: StoredCartLine[], known?: Products): Promise<Cart> {
    const products = known ?? (await productsOf(lines.map((line) => line.product_id)));
    let total = 0;
    const answered = lines.map((line): CartLine => {
      const product = products.get(line.product_id);
      const seenPrice = centsToDollars(line.price_cents);
      if (!product) {
        return { productId: line.product_id, name: line.name, img: null, price: seenPrice, seenPrice, quantity: line.quantity, minimum: 1, available: 0, lineTotal: 0, problem: 'gone' };
      }
      const lineCents = lineTotalCents(product.price, line.quantity);
      total += lineCents;
      return {
        productId: product._id,
        name: product.name,
        img: product.img,
        price: product.price,
        seenPrice,
        quantity: line.quantity,
        minimum: product.minimum,
        available: product.quantity,
        lineTotal: centsToDollars(lineCents),
        problem: lineProblem(line.quantity, { minimum: product.minimum, available: product.quantity }),
      };
    });
    return { lines: answered, total: centsToDollars(total) };
  }

  return {
    /** The account's cart, each line checked against the catalogue now. */
    async get(userId: string): Promise<Cart> {
      return answer(await repository.lines(userId));
    },

    /**
     * Replaces the account's cart. A part not in the shop is refused unless its line is in the
     * cart already (it left the shop since, and the cart keeps saying so until it is removed);
     * a line keeps the price it was put in the cart at, so a repricing stays visible.
     */
    async replace(userId: string, lines: Array<{ productId: string; quantity: number }>): Promise<Cart> {
      const [before, products] = await Promise.all([repository.lines(userId), productsOf(lines.map((line) => line.productId))]);
      const stored = new Map(before.map((line) => [line.product_id, line]));
      const next = lines.map(({ productId, quantity }, index): StoredCartLine => {
        const product = products.get(productId);
        const before = stored.get(productId);
        if (!product && !before) throw invalidField(`lines.${index}.productId`, cartMessages.unknownPart);
        return {
          product_id: productId,
          quantity,
          name: product?.name ?? before!.name,
          price_cents: before?.price_cents ?? dollarsToCents(product!.price),
        };
      });
      await repository.replace(userId, next);
      return answer(next, products);
    },

    /**
     * Orders the account's cart, every line or none, as one checkout; the cart is read and emptied
     * by the checkout's own statement, so two tabs checking out the same cart place it once.
     */
    checkout(customer: { id: string; name: string; email: string }, delivery: { location: string; phone: string }, clientAddress: string, price: Pricer) {
      return orders.placeCheckout({ userId: customer.id, customerName: customer.name, email: customer.email, ...delivery, clientAddress }, repository.checkout, price);
    },

    /** The cart's lines as a purchase prices them: the parts still in the shop, with their pieces. */
    async pricedLines(userId: string): Promise<Array<{ productId: string; quantity: number }>> {
      return (await repository.lines(userId)).map((line) => ({ productId: line.product_id, quantity: line.quantity }));
    },
  };
}
export type CartService = ReturnType<typeof createCartService>;
