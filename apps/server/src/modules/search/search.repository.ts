import { isOutOfStock } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { parseStringList } from '../../lib/string-list.js';
import type { FitRange, IndexedPart } from './search-index.js';

export interface CatalogueChange {
  seq: number;
  productId: string;
}

/** Reads what the search index holds from the catalogue, and the log of changes to it (migration 013). */
export function createSearchRepository(db: Kysely<Database>) {
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

  /** The parts of these rows with the bikes each fits. */
  const withFitment = async (rows: PartRow[]): Promise<IndexedPart[]> => {
    const fitsOf = new Map<string, FitRange[]>();
    if (rows.length > 0) {
      const fitment = await db
        .selectFrom('fitment')
        .innerJoin('vehicles', 'vehicles.id', 'fitment.vehicle_id')
        .select(['fitment.product_id', 'fitment.vehicle_id', 'fitment.year_from', 'fitment.year_to', 'vehicles.year_from as vehicle_from', 'vehicles.year_to as vehicle_to'])
        .where(
          'fitment.product_id',
          'in',
          rows.map((row) => row.id),
        )
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
      return withFitment(await parts().where('products.id', '>', afterId).orderBy('products.id').limit(limit).execute());
    },
    async partsByIds(ids: string[]): Promise<IndexedPart[]> {
      return ids.length === 0 ? [] : withFitment(await parts().where('products.id', 'in', ids).execute());
    },
    /** The number of the latest change (0 when none). */
    async latestChange(): Promise<number> {
      const row = await db.selectFrom('catalogue_changes').select((eb) => eb.fn.max('seq').as('seq')).executeTakeFirstOrThrow();
      return row.seq === null ? 0 : Number(row.seq);
    },
    /** The number of the oldest change still kept (0 when none). */
    async oldestChange(): Promise<number> {
      const row = await db.selectFrom('catalogue_changes').select((eb) => eb.fn.min('seq').as('seq')).executeTakeFirstOrThrow();
      return row.seq === null ? 0 : Number(row.seq);
    },
    async changesAfter(seq: number, limit: number): Promise<CatalogueChange[]> {
      const rows = await db.selectFrom('catalogue_changes').select(['seq', 'product_id']).where('seq', '>', seq).orderBy('seq').limit(limit).execute();
      return rows.map((row) => ({ seq: Number(row.seq), productId: row.product_id }));
    },
    async pruneChangesBefore(at: Date): Promise<void> {
      await db.deleteFrom('catalogue_changes').where('changed_at', '<', at.toISOString()).execute();
    },
  };
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;
