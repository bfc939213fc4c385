import type { Insertable, Selectable, Transaction } from 'kysely';
import type { ShopDatabase } from '../../db/database.js';
import type { Database, TaxRateTable } from '../../db/schema.js';
import { bumpRevision, readRevision } from '../../lib/shared-revision.js';

/** Rows per insert statement: well under SQLite's and PostgreSQL's limits on bound values. */
const INSERT_BATCH = 100;

/** A rate as the list keeps it. */
export type TaxRateRow = Pick<Selectable<TaxRateTable>, 'country' | 'region' | 'name' | 'rate_millipercent' | 'applies_to_delivery'>;

/** Database access of the tax rates. */
export function createTaxesRepository({ db, dialect }: Pick<ShopDatabase, 'db' | 'dialect'>) {
  const columns = ['country', 'region', 'name', 'rate_millipercent', 'applies_to_delivery'] as const;
  return {
    revision: () => readRevision(db, 'tax_rates'),

    /** Every rate, in the admin's order. */
    list() {
      return db.selectFrom('tax_rates').select(columns).orderBy('position').execute();
    },

    /**
     * Puts these rows in place of every rate, then `after` (its activity entry) with the rates as
     * they were, in one transaction; answers the new revision.
     */
    async replace(rows: Insertable<TaxRateTable>[], after?: (trx: Transaction<Database>, before: TaxRateRow[]) => Promise<unknown>): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const current = trx.selectFrom('tax_rates').select(columns).orderBy('position');
        const before = await (dialect === 'postgres' ? current.forUpdate() : current).execute();
        await trx.deleteFrom('tax_rates').execute();
        for (let start = 0; start < rows.length; start += INSERT_BATCH) {
          await trx.insertInto('tax_rates').values(rows.slice(start, start + INSERT_BATCH)).execute();
        }
        if (after) await after(trx, before);
        return bumpRevision(trx, 'tax_rates');
      });
    },
  };
}
export type TaxesRepository = ReturnType<typeof createTaxesRepository>;
