import type { Insertable, Kysely } from 'kysely';
import type { Database, TaxRateTable } from '../../db/schema.js';
import { bumpRevision, readRevision } from '../../lib/shared-revision.js';

/** Rows per insert statement: well under SQLite's and PostgreSQL's limits on bound values. */
const INSERT_BATCH = 100;

/** Database access of the tax rates. */
export function createTaxesRepository(db: Kysely<Database>) {
  return {
    revision: () => readRevision(db, 'tax_rates'),

    /** Every rate, in the admin's order. */
    list() {
      return db.selectFrom('tax_rates').select(['country', 'region', 'name', 'rate_millipercent', 'applies_to_delivery']).orderBy('position').execute();
    },

    /** Puts these rows in place of every rate, in one transaction; answers the new revision. */
    async replace(rows: Insertable<TaxRateTable>[]): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('tax_rates').execute();
        for (let start = 0; start < rows.length; start += INSERT_BATCH) {
          await trx.insertInto('tax_rates').values(rows.slice(start, start + INSERT_BATCH)).execute();
        }
        return bumpRevision(trx, 'tax_rates');
      });
    },
  };
}
export type TaxesRepository = ReturnType<typeof createTaxesRepository>;
