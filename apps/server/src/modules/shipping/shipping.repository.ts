import { sql, type Transaction, type Updateable } from 'kysely';
import type { ShopDatabase } from '../../db/database.js';
import type { Database, ShippingMethodTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { bumpRevision, readRevision } from '../../lib/shared-revision.js';

export type ShippingMethodRow = Database['shipping_methods'];
export type NewShippingMethod = Omit<ShippingMethodRow, 'id' | 'position' | 'created_at' | 'updated_at'>;

/** Database access of the delivery methods. */
export function createShippingRepository({ db, dialect }: Pick<ShopDatabase, 'db' | 'dialect'>) {
  const methods = () => db.selectFrom('shipping_methods').selectAll();
  return {
    /** The counter every write moves: the instances' copies of the active methods follow it. */
    revision: () => readRevision(db, 'shipping_methods'),

    /** Every method, or the active ones, cheapest first (then in the order they were added). */
    list({ activeOnly }: { activeOnly: boolean }): Promise<ShippingMethodRow[]> {
      let query = methods();
      if (activeOnly) query = query.where('active', '=', 1);
      return query.orderBy('price_cents').orderBy('position').orderBy('id').execute();
    },

    find(id: string): Promise<ShippingMethodRow | undefined> {
      return methods().where('id', '=', id).executeTakeFirst();
    },

    /** Adds a method after the others, then `after` (its activity entry) with its row; answers its id and the new revision. */
    async insert(method: NewShippingMethod, after?: (trx: Transaction<Database>, added: ShippingMethodRow) => Promise<unknown>): Promise<{ id: string; revision: number }> {
      const id = newId();
      const now = new Date().toISOString();
      const next = sql<number>`(select coalesce(max(position), -1) + 1 from shipping_methods)`;
      return db.transaction().execute(async (trx) => {
        const added = await trx
          .insertInto('shipping_methods')
          .values({ id, ...method, position: next, created_at: now, updated_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
        const revision = await bumpRevision(trx, 'shipping_methods');
        if (after) await after(trx, added);
        return { id, revision };
      });
    },

    /**
     * Changes the given columns, then `after` (its activity entry) with the method as it was and
     * as it is; answers the new revision, or null when there is no such method.
     */
    async update(
      id: string,
      changes: Updateable<ShippingMethodTable>,
      after?: (trx: Transaction<Database>, before: ShippingMethodRow, changed: ShippingMethodRow) => Promise<unknown>,
    ): Promise<number | null> {
      return db.transaction().execute(async (trx) => {
        const current = trx.selectFrom('shipping_methods').selectAll().where('id', '=', id);
        const before = await (dialect === 'postgres' ? current.forUpdate() : current).executeTakeFirst();
        if (!before) return null;
        const changed = await trx
          .updateTable('shipping_methods')
          .set({ ...changes, updated_at: new Date().toISOString() })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        const revision = await bumpRevision(trx, 'shipping_methods');
        if (after) await after(trx, before, changed);
        return revision;
      });
    },
  };
}
export type ShippingRepository = ReturnType<typeof createShippingRepository>;
