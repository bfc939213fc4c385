import { isOutOfStock } from '@shop/shared';
import { sql } from 'kysely';
import type { ShopDatabase } from '../../db/database.js';
import { parseStringList } from '../../lib/string-list.js';
import type { FitRange, IndexedPart } from './search-index.js';

export interface CatalogueChange {
  seq: number;
  productId: string;
}

/**
 * How far the change log has been read: every change committed by then is in what was read
 * after it. On SQLite the latest change number (writers commit one at a time, in number order);
 * on PostgreSQL a snapshot (`pg_current_snapshot()` as text), since sequence numbers commit out
 * of order and a transaction may commit its numbers long after later ones were read.
 */
export type LogMark = string;

/** Reads what the search index holds from the catalogue, and the log of changes to it (migrations 013 and 025). */
export function createSearchRepository({ db, dialect }: Pick<ShopDatabase, 'db' | 'dialect'>) {
  const postgres = dialect === 'postgres';
  const parts = () =>
    db
      .selectFrom('products')
      .leftJoin('categories', 'categories.id', 'products.category_id')
      .select([
        'products.id',
        'products.position',
        'products.name',
        'products.description',
        'products.brand',
        'products.part_number',
        'products.oem_numbers',
        'products.price_cents',
        'products.quantity',
        'products.minimum',
        'products.universal',
        'categories.name as category',
      ]);
  type PartRow = Awaited<ReturnType<ReturnType<typeof parts>['execute']>>[number];
  const toIndexedPart = (row: PartRow, fits: FitRange[]): IndexedPart => ({
    id: row.id,
    position: row.position ?? Number.MAX_SAFE_INTEGER,
    name: row.name,
    description: row.description,
    brand: row.brand,
    category: row.category ?? '',
    partNumber: row.part_number,
    oemNumbers: parseStringList(row.oem_numbers),
    priceCents: row.price_cents,
    inStock: !isOutOfStock(row),
    universal: row.universal === 1,
    fits,
  });

  /**
   * The parts of these rows with the bikes each fits. Rows read in id order name their fitment by
   * a key range of `fitment_pk` (`after` to the last row's id): a list of thousands of ids would
   * make PostgreSQL scan the whole fitment table in parallel for each batch.
   */
  const withFitment = async (rows: PartRow[], range?: { after: string }): Promise<IndexedPart[]> => {
    const fitsOf = new Map<string, FitRange[]>();
    if (rows.length > 0) {
      const fitment = await db
        .selectFrom('fitment')
        .innerJoin('vehicles', 'vehicles.id', 'fitment.vehicle_id')
        .select(['fitment.product_id', 'fitment.vehicle_id', 'fitment.year_from', 'fitment.year_to', 'vehicles.year_from as vehicle_from', 'vehicles.year_to as vehicle_to'])
        .$if(range === undefined, (query) =>
          query.where(
            'fitment.product_id',
            'in',
            rows.map((row) => row.id),
          ),
        )
        .$if(range !== undefined, (query) => query.where('fitment.product_id', '>', range!.after).where('fitment.product_id', '<=', rows[rows.length - 1]!.id))
        .orderBy('fitment.product_id')
        .orderBy('fitment.vehicle_id')
        .execute();
      for (const fit of fitment) {
        const range = { vehicleId: fit.vehicle_id, from: fit.year_from ?? fit.vehicle_from, to: fit.year_to ?? fit.vehicle_to };
        const known = fitsOf.get(fit.product_id);
        if (known) known.push(range);
        else fitsOf.set(fit.product_id, [range]);
      }
    }
    return rows.map((row) => toIndexedPart(row, fitsOf.get(row.id) ?? []));
  };

  return {
    /** The catalogue in id order, `limit` parts after `afterId`: stable while products come and go. */
    async partsAfter(afterId: string, limit: number): Promise<IndexedPart[]> {
      return withFitment(await parts().where('products.id', '>', afterId).orderBy('products.id').limit(limit).execute(), { after: afterId });
    },
    async partsByIds(ids: string[]): Promise<IndexedPart[]> {
      return ids.length === 0 ? [] : withFitment(await parts().where('products.id', 'in', ids).execute());
    },
    /** The log's mark now: take it before reading the parts it vouches for. */
    async logMark(): Promise<LogMark> {
      if (postgres) return (await sql<{ mark: string }>`select pg_current_snapshot()::text as mark`.execute(db)).rows[0]!.mark;
      const row = await db.selectFrom('catalogue_changes').select((eb) => eb.fn.max('seq').as('seq')).executeTakeFirstOrThrow();
      return String(row.seq ?? 0);
    },
    /**
     * The changes committed after mark `from` and by mark `to`, `limit` of them after change
     * number `afterSeq`. On PostgreSQL: written by a transaction still running at `from` (or
     * begun since) and visible at `to`, whatever their numbers; reading only up to `to` keeps the
     * batches of one read consistent while writers go on committing. Both conditions on `txid`
     * are ranges or lists of its index (an `in (select ...)` would be a filter over every row).
     */
    async changesBetween(from: LogMark, to: LogMark, afterSeq: number, limit: number): Promise<CatalogueChange[]> {
      if (postgres) {
        const { rows } = await sql<{ seq: string; product_id: string }>`
          select seq, product_id from catalogue_changes
          where (txid >= pg_snapshot_xmax(${from}::pg_snapshot) or txid = any(array(select pg_snapshot_xip(${from}::pg_snapshot))))
            and pg_visible_in_snapshot(txid, ${to}::pg_snapshot) and seq > ${afterSeq}
          order by seq limit ${limit}`.execute(db);
        return rows.map((row) => ({ seq: Number(row.seq), productId: row.product_id }));
      }
      const rows = await db
        .selectFrom('catalogue_changes')
        .select(['seq', 'product_id'])
        .where('seq', '>', Math.max(Number(from), afterSeq))
        .where('seq', '<=', Number(to))
        .orderBy('seq')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ seq: Number(row.seq), productId: row.product_id }));
    },
    /**
     * Whether changes after the mark may have been deleted unread. A snapshot cannot tell which
     * were (PostgreSQL): an instance that has not read the log for long enough assumes so.
     */
    async prunedAfter(mark: LogMark): Promise<boolean> {
      if (postgres) return true;
      const row = await db.selectFrom('catalogue_changes').select((eb) => eb.fn.min('seq').as('seq')).executeTakeFirstOrThrow();
      return row.seq !== null && Number(row.seq) > Number(mark) + 1;
    },
    /** Deletes the changes committed by the mark (one taken long enough ago for every reading instance to be past it). */
    async pruneChangesUpTo(mark: LogMark): Promise<void> {
      if (postgres) {
        await sql`delete from catalogue_changes where txid < pg_snapshot_xmax(${mark}::pg_snapshot) and pg_visible_in_snapshot(txid, ${mark}::pg_snapshot)`.execute(db);
        return;
      }
      await db.deleteFrom('catalogue_changes').where('seq', '<=', Number(mark)).execute();
    },
  };
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;
