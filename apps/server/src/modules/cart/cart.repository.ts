import type { Kysely } from 'kysely';
import type { StatementRunner } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/** A stored cart line: the part, how many, and its name and price in cents as last seen. */
export interface StoredCartLine {
  product_id: string;
  quantity: number;
  name: string;
  price_cents: number;
}

/** Database access of signed-in customers' carts. */
export function createCartRepository(db: Kysely<Database>) {
  return {
    /** The account's cart lines, first added first. */
    lines(userId: string): Promise<StoredCartLine[]> {
      return db.selectFrom('cart_lines').select(['product_id', 'quantity', 'name', 'price_cents']).where('user_id', '=', userId).orderBy('position').execute();
    },
    /** Empties the account's cart with the statements of the caller's transaction and answers its lines, first added first. */
    async takeAll(run: StatementRunner, userId: string): Promise<Array<{ productId: string; quantity: number; name: string }>> {
      const { sql, parameters } = db.deleteFrom('cart_lines').where('user_id', '=', userId).returning(['product_id', 'quantity', 'name', 'position']).compile();
      const taken = await run<{ product_id: string; quantity: number; name: string; position: number }>('take-cart', sql, [...parameters]);
      return taken.sort((a, b) => a.position - b.position).map((line) => ({ productId: line.product_id, quantity: line.quantity, name: line.name }));
    },
    /** Replaces the account's cart with these lines, in this order, in one transaction. */
    async replace(userId: string, lines: StoredCartLine[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('cart_lines').where('user_id', '=', userId).execute();
        if (lines.length > 0) await trx.insertInto('cart_lines').values(lines.map((line, position) => ({ ...line, user_id: userId, position }))).execute();
      });
    },
  };
}
export type CartRepository = ReturnType<typeof createCartRepository>;
