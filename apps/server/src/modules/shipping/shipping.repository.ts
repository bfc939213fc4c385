import { sql, type Kysely, type Updateable } from 'kysely';
import type { Database, ShippingMethodTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { bumpRevision, readRevision } from '../../lib/shared-revision.js';

export type ShippingMethodRow = Database['shipping_methods'];
export type NewShippingMethod = Omit<ShippingMethodRow, 'id' | 'position' | 'created_at' | 'updated_at'>;

/** Database access of the delivery methods. */
export function createShippingRepository(db: Kysely<Database>) {
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

    /** Adds a method after the others; answers its id and the new revision. */
    async insert(method: NewShippingMethod): Promise<{ id: string; revision: number }> {
      const id = newId();
      const now = new Date().toISOString();
      const next = sql<number>`(select coalesce(max(position), -1) + 1 from shipping_methods)`;
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('shipping_methods')
          .values({ id, ...method, position: next, created_at: now, updated_at: now })
          .execute();
        return { id, revision: await bumpRevision(trx, 'shipping_methods') };
      });
    },

    /** Changes the given columns; answers the new revision, or null when there is no such method. */
    async update(id: string, changes: Updateable<ShippingMethodTable>): Promise<number | null> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('shipping_methods')
          .set({ ...changes, updated_at: new Date().toISOString() })
          .where('id', '=', id)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0 ? bumpRevision(trx, 'shipping_methods') : null;
      });
    },
  };
}
export type ShippingRepository = ReturnType<typeof createShippingRepository>;
