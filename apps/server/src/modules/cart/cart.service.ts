import { type Cart, type CartLine, cartMessages, centsToDollars, lineProblem, unitPriceCents } from '@shop/shared';
import { invalidField } from '../../lib/errors.js';
import type { OrdersService, Pricer } from '../orders/orders.plugin.js';
import type { CatalogueService, PartPrice } from '../products/products.plugin.js';
import type { CartRepository, StoredCartLine } from './cart.repository.js';

/** Whose cart: the account, and its trade discount (hundredths of a percent, 0 unless a workshop) that prices it. */
export interface CartBuyer {
  id: string;
  tradeDiscount: number;
}

/**
 * Signed-in customers' carts (SPEC-2 section 5), the same on every device: each line checked
 * against the catalogue whenever it is read, so a part deleted, repriced or running low since
 * it was put in the cart says so before checkout. The shop's own prices make every total: the
 * buyer's price for each line's quantity (decision 044), as the quote charges it.
 */
export function createCartService({
  repository,
  catalogue,
  orders,
}: {
  repository: CartRepository;
  catalogue: Pick<CatalogueService, 'findMany' | 'pricesOf'>;
  orders: Pick<OrdersService, 'placeCheckout'>;
}) {
  type Product = Awaited<ReturnType<CatalogueService['findMany']>>[number];
  /** The parts of these ids (those still in the shop), each with what its price is computed from. */
  interface Products {
    parts: Map<string, Product>;
    prices: Map<string, PartPrice>;
  }
  const productsOf = async (ids: string[]): Promise<Products> => {
    const [found, prices] = await Promise.all([catalogue.findMany(ids), catalogue.pricesOf(ids)]);
    return { parts: new Map(found.map((product) => [product._id, product])), prices };
  };
  /** One piece's price for the buyer at this quantity: the one price rule, as the quote applies it. */
  const unitCentsOf = (price: PartPrice, quantity: number, buyer: CartBuyer) =>
    unitPriceCents({ listPriceCents: price.priceCents, quantityPrices: price.quantityPrices }, quantity, buyer.tradeDiscount);

  /** The lines checked against the catalogue and priced for the buyer; `products` when the caller has just looked them up. */
  async function answer(buyer: CartBuyer, lines: StoredCartLine[], known?: Products): Promise<Cart> {
    const { parts, prices } = known ?? (await productsOf(lines.map((line) => line.product_id)));
    let total = 0;
    const answered = lines.map((line): CartLine => {
      const product = parts.get(line.product_id);
      const price = prices.get(line.product_id);
      const seenPrice = centsToDollars(line.price_cents);
      if (!product || !price) {
        return { productId: line.product_id, name: line.name, img: null, price: seenPrice, seenPrice, quantity: line.quantity, minimum: 1, available: 0, lineTotal: 0, problem: 'gone' };
      }
      const unitCents = unitCentsOf(price, line.quantity, buyer);
      const lineCents = unitCents * line.quantity;
      total += lineCents;
      return {
        productId: product._id,
        name: product.name,
        img: product.img,
        price: centsToDollars(unitCents),
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
    /** The account's cart, each line checked against the catalogue now and priced for the buyer. */
    async get(buyer: CartBuyer): Promise<Cart> {
      return answer(buyer, await repository.lines(buyer.id));
    },

    /**
     * Replaces the account's cart. A part not in the shop is refused unless its line is in the
     * cart already (it left the shop since, and the cart keeps saying so until it is removed).
     * A new line is seen at the buyer's price for its pieces; a line keeps the price it was seen
     * at, so a repricing (or a workshop's trade discount taken away) stays visible, and when only
     * its pieces change while its price was not moved since, it is seen at its price for the new
     * pieces (a quantity price reached is no repricing).
     */
    async replace(buyer: CartBuyer, lines: Array<{ productId: string; quantity: number }>): Promise<Cart> {
      const [before, products] = await Promise.all([repository.lines(buyer.id), productsOf(lines.map((line) => line.productId))]);
      const stored = new Map(before.map((line) => [line.product_id, line]));
      const next = lines.map(({ productId, quantity }, index): StoredCartLine => {
        const product = products.parts.get(productId);
        const price = products.prices.get(productId);
        const before = stored.get(productId);
        if ((!product || !price) && !before) throw invalidField(`lines.${index}.productId`, cartMessages.unknownPart);
        const seen = (): number => {
          if (!price) return before!.price_cents;
          const now = unitCentsOf(price, quantity, buyer);
          if (!before) return now;
          const unmoved = before.quantity !== quantity && before.price_cents === unitCentsOf(price, before.quantity, buyer);
          return unmoved ? now : before.price_cents;
        };
        return { product_id: productId, quantity, name: product?.name ?? before!.name, price_cents: seen() };
      });
      await repository.replace(buyer.id, next);
      return answer(buyer, next, products);
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
