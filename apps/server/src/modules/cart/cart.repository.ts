import { sql } from 'kysely';
import { takeAccountTurnWith } from '../../db/account-turn.js';
import type { ShopDatabase } from '../../db/database.js';
import type { CheckoutSource } from '../orders/orders.plugin.js';

/** A stored cart line: the part, how many, and its name and price in cents as last seen. */
export interface StoredCartLine {
  product_id: string;
  quantity: number;
  name: string;
  price_cents: number;
}

/** The new lines as rows (`$2`, JSON), kept ones updated in place and the others removed: a cart's whole replacement. */
const NEXT_LINES = {
  postgres: `select * from jsonb_to_recordset(cast($2 as jsonb)) as line(product_id text, quantity integer, name text, price_cents integer, position integer)`,
  sqlite: `select value ->> 'product_id' as product_id, value ->> 'quantity' as quantity, value ->> 'name' as name,
      value ->> 'price_cents' as price_cents, value ->> 'position' as position from json_each($2)`,
};
const removeOthers = (dialect: ShopDatabase['dialect']) =>
  `delete from cart_lines where user_id = $1 and product_id not in (select product_id from (${NEXT_LINES[dialect]}) as next)`;
const upsertNext = (dialect: ShopDatabase['dialect']) => `
  insert into cart_lines (user_id, product_id, quantity, name, price_cents, position)
  select $1, product_id, quantity, name, price_cents, position from (${NEXT_LINES[dialect]}) as next where true
  on conflict (user_id, product_id) do update
    set quantity = excluded.quantity, name = excluded.name, price_cents = excluded.price_cents, position = excluded.position`;

/** Database access of signed-in customers' carts. */
export function createCartRepository(database: ShopDatabase) {
  const { db, dialect } = database;
  // PostgreSQL: one statement; SQLite: the same two steps (each binds the user id, then the lines,
  // once: as SQLite's anonymous parameters).
  const replacement =
    dialect === 'postgres'
      ? [`with removed as (${removeOthers(dialect)}) ${upsertNext(dialect)}`]
      : [removeOthers(dialect), upsertNext(dialect)].map((text) => text.replace(/\$\d/g, '?'));

  return {
    /** The account's cart lines, first added first. */
    lines(userId: string): Promise<StoredCartLine[]> {
      return db.selectFrom('cart_lines').select(['product_id', 'quantity', 'name', 'price_cents']).where('user_id', '=', userId).orderBy('position').execute();
    },
    /**
     * Replaces the account's cart with these lines, in this order, at once. The account's writes
     * of its cart and its checkouts take turns: two replacements at once would lock the same
     * lines in different orders (a deadlock), and a checkout would order half of each cart.
     */
    async replace(userId: string, lines: StoredCartLine[]): Promise<void> {
      const values = [userId, JSON.stringify(lines.map((line, position) => ({ ...line, position })))];
      await database.preparedTransaction(async (run) => {
        await takeAccountTurnWith(run, dialect, userId);
        for (const [step, text] of replacement.entries()) await run(`cart-replace-${step}`, text, values);
      });
    },
    /** The cart's side of a checkout, which the orders' placement runs inside its own statements. */
    checkout: {
      lines: (userId) => sql`select product_id, quantity, name, position from cart_lines where user_id = ${userId}`,
      clear: (userId, when) => sql`delete from cart_lines where user_id = ${userId} and ${when}`,
    } satisfies CheckoutSource,
  };
}
export type CartRepository = ReturnType<typeof createCartRepository>;
