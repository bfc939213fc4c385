import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** An alert due now: its customer and the part back in stock. */
export interface DueAlert {
  user_id: string;
  product_id: string;
  email: string;
  customer_name: string;
  part_name: string;
}

/** Database access of the back-in-stock alerts. */
export function createStockAlertsRepository(db: Kysely<Database>) {
  return {
    async isSubscribed(userId: string, productId: string): Promise<boolean> {
      return (await db.selectFrom('stock_alerts').select('product_id').where('user_id', '=', userId).where('product_id', '=', productId).executeTakeFirst()) !== undefined;
    },

    /** One alert per customer and part, however often asked. */
    async subscribe(userId: string, productId: string, stamp: string): Promise<void> {
      await db
        .insertInto('stock_alerts')
        .values({ user_id: userId, product_id: productId, created_at: stamp, claimed_until: null })
        .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
        .execute();
    },

    async withdraw(userId: string, productId: string): Promise<void> {
      await db.deleteFrom('stock_alerts').where('user_id', '=', userId).where('product_id', '=', productId).execute();
    },

    /** How many customers wait for each part that has any. */
    counts(): Promise<Array<{ product_id: string; waiting: number }>> {
      return db
        .selectFrom('stock_alerts')
        .select(['product_id', (eb) => eb.fn.countAll<number>().as('waiting')])
        .groupBy('product_id')
        .execute();
    },

    /**
     * Claims up to `limit` alerts whose part is in stock again (its stock at or above its
     * minimum), whose account confirmed its address, and that no instance is emailing, until
     * `until`; answers them with their customer.
     */
    async claimDue(stamp: string, until: string, limit: number): Promise<DueAlert[]> {
      const free = sql<boolean>`(stock_alerts.claimed_until is null or stock_alerts.claimed_until <= ${stamp})`;
      const claimed = await db
        .updateTable('stock_alerts')
        .set({ claimed_until: until })
        .where(({ eb, refTuple, selectFrom }) =>
          eb(
            refTuple('user_id', 'product_id'),
            'in',
            selectFrom('stock_alerts')
              .innerJoin('products', 'products.id', 'stock_alerts.product_id')
              // The email quotes the account's name: it waits until the owner confirms the address.
              .innerJoin('users', 'users.id', 'stock_alerts.user_id')
              .select(['stock_alerts.user_id', 'stock_alerts.product_id'])
              .whereRef('products.quantity', '>=', 'products.minimum')
              .where('users.email_verified', '=', sql.lit(true))
              .where(free)
              .orderBy('stock_alerts.created_at')
              .limit(limit)
              .$asTuple('user_id', 'product_id'),
          ),
        )
        .where(free)
        .returning(['user_id', 'product_id'])
        .execute();
      if (claimed.length === 0) return [];
      const pairs = new Set(claimed.map((row) => `${row.user_id}/${row.product_id}`));
      const rows = await db
        .selectFrom('stock_alerts')
        .innerJoin('users', 'users.id', 'stock_alerts.user_id')
        .innerJoin('products', 'products.id', 'stock_alerts.product_id')
        .select(['stock_alerts.user_id', 'stock_alerts.product_id', 'users.email', 'users.name as customer_name', 'products.name as part_name'])
        .where('stock_alerts.user_id', 'in', [...new Set(claimed.map((row) => row.user_id))])
        .where('stock_alerts.product_id', 'in', [...new Set(claimed.map((row) => row.product_id))])
        .execute();
      return rows.filter((row) => pairs.has(`${row.user_id}/${row.product_id}`));
    },

    /** The alert was emailed: it is done. */
    async sent(alert: { user_id: string; product_id: string }): Promise<void> {
      await db.deleteFrom('stock_alerts').where('user_id', '=', alert.user_id).where('product_id', '=', alert.product_id).execute();
    },
  };
}
export type StockAlertsRepository = ReturnType<typeof createStockAlertsRepository>;
