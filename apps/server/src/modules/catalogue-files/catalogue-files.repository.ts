import { stockReason } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database, NewFitmentRow, NewProductRow } from '../../db/schema.js';
import { type Actor, recordActivity } from '../activity/activity.plugin.js';

const BATCH = 500;
/**
 * Gives the event loop a turn between batches: better-sqlite3 runs each statement synchronously,
 * so a transaction of awaited statements alone would hold the process until its last batch.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const chunks = <T>(items: readonly T[], size = BATCH): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

/** The columns of a product an import compares and writes. */
export type ProductColumns = Pick<
  NewProductRow,
  'name' | 'description' | 'price_cents' | 'quantity' | 'minimum' | 'category_id' | 'brand' | 'part_number' | 'part_number_key' | 'oem_numbers' | 'img' | 'quantity_prices'
>;
export type ExistingProduct = Required<ProductColumns> & { id: string; universal: number };
export type FitmentColumns = Omit<NewFitmentRow, 'product_id'>;

/** A whole import, written at once. */
export interface ImportWrite {
  added: Array<ProductColumns & { id: string; created_at: string; updated_at: string }>;
  /** Parts the import changes; the stock only where it says, and only while the shelf holds `stock.seen`. */
  changed: Array<{ id: string; columns: Omit<ProductColumns, 'quantity'>; stock: { quantity: number; seen: number } | undefined; updated_at: string }>;
  /** Parts whose fitment the import replaces: their universal mark and rows. */
  fitment: Array<{ productId: string; universal: boolean; rows: FitmentColumns[] }>;
  /** Vehicles whose service kit the import replaces: its intervals and lines in order. */
  serviceKits: ServiceKitWrite[];
}

/** A vehicle's service kit as the shop holds it: a deleted part's line has `product_id` null. */
export interface StoredServiceKit {
  interval_km: number;
  interval_months: number;
  lines: Array<{ product_id: string | null; quantity: number; note: string }>;
}

/** A vehicle's whole service kit as an import writes it. */
export interface ServiceKitWrite {
  vehicleId: string;
  interval_km: number;
  interval_months: number;
  lines: Array<{ product_id: string; name: string; quantity: number; note: string }>;
}

/** Rolls an import back: a part's stock is no longer the one its file was made from. */
class StockMoved extends Error {
  constructor(
    readonly id: string,
    readonly now: number,
    readonly seen: number,
  ) {
    super(`The stock of ${id} moved`);
  }
}

/** What an imported stock's movement says (migration 044). */
const IMPORT_REASON = stockReason('import');

const counted = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
/** What an import's one activity entry says it did: '12 parts added, 3 changed, 40 fitment rows, 2 service kits'. */
export const importSummary = ({ added, changed, fitment, serviceKits }: ImportWrite): string =>
  [
    `${counted(added.length, 'part')} added`,
    `${changed.length} changed`,
    counted(
      fitment.reduce((rows, part) => rows + part.rows.length, 0),
      'fitment row',
    ),
    counted(serviceKits.length, 'service kit'),
  ].join(', ');

/** Database access of catalogue imports and exports: bulk reads by part number, one transaction to write. */
export function createCatalogueFilesRepository(db: Kysely<Database>) {
  /** The import's statements, in one transaction. */
  async function writeAll(toWrite: ImportWrite, actor: Actor | undefined): Promise<void> {
    const { added, changed, fitment, serviceKits } = toWrite;
    await db.transaction().execute(async (trx) => {
      for (const batch of chunks(added)) {
        await trx
          .insertInto('products')
          .values(batch.map((part) => ({ ...part, stock_reason: IMPORT_REASON })))
          .execute();
        await nextTurn();
      }
      for (const [index, { id, columns, stock, updated_at }] of changed.entries()) {
        if (index % BATCH === BATCH - 1) await nextTurn();
        const result = await trx
          .updateTable('products')
          .set({ ...columns, ...(stock ? { quantity: stock.quantity, stock_reason: IMPORT_REASON } : {}), updated_at })
          .where('id', '=', id)
          .$if(stock !== undefined, (query) => query.where('quantity', '=', stock!.seen))
          .executeTakeFirst();
        if (stock && result.numUpdatedRows === 0n) {
          const shelf = await trx.selectFrom('products').select('quantity').where('id', '=', id).executeTakeFirst();
          if (shelf) throw new StockMoved(id, shelf.quantity, stock.seen);
        }
      }
      for (const batch of chunks(fitment)) {
        const ids = batch.map((part) => part.productId);
        await trx.deleteFrom('fitment').where('product_id', 'in', ids).execute();
        for (const universal of [true, false]) {
          const marked = batch.filter((part) => part.universal === universal).map((part) => part.productId);
          if (marked.length > 0) await trx.updateTable('products').set({ universal: universal ? 1 : 0 }).where('id', 'in', marked).where('universal', '<>', universal ? 1 : 0).execute();
        }
        await nextTurn();
      }
      const rows = fitment.flatMap((part) => part.rows.map((row) => ({ ...row, product_id: part.productId })));
      for (const batch of chunks(rows, 1000)) {
        await trx.insertInto('fitment').values(batch).execute();
        await nextTurn();
      }
      // Kits after the parts: a kit may hold a part the same import adds.
      const updatedAt = new Date().toISOString();
      for (const batch of chunks(serviceKits)) {
        await trx
          .deleteFrom('service_kit_lines')
          .where('vehicle_id', 'in', batch.map((kit) => kit.vehicleId))
          .execute();
        for (const kit of batch) {
          const row = { interval_km: kit.interval_km, interval_months: kit.interval_months, updated_at: updatedAt };
          await trx
            .insertInto('service_kits')
            .values({ vehicle_id: kit.vehicleId, ...row })
            .onConflict((conflict) => conflict.column('vehicle_id').doUpdateSet(row))
            .execute();
        }
        await nextTurn();
      }
      const lines = serviceKits.flatMap((kit) => kit.lines.map((line, position) => ({ ...line, vehicle_id: kit.vehicleId, position })));
      for (const batch of chunks(lines, 1000)) {
        await trx.insertInto('service_kit_lines').values(batch).execute();
        await nextTurn();
      }
      await recordActivity(trx, actor, { action: 'catalogue.imported', record: { type: 'catalogue', id: 'import', label: 'Catalogue import' }, summary: importSummary(toWrite) });
    });
  }

  return {
    /** The shop's products of these part number keys (several per key when the shop has duplicates). */
    async productsByKeys(keys: string[]): Promise<ExistingProduct[]> {
      const found: ExistingProduct[] = [];
      for (const batch of chunks([...new Set(keys)])) {
        if (batch.length === 0) continue;
        await nextTurn();
        found.push(
          ...((await db
            .selectFrom('products')
            .select(['id', 'name', 'description', 'price_cents', 'quantity', 'minimum', 'category_id', 'brand', 'part_number', 'part_number_key', 'oem_numbers', 'img', 'quantity_prices', 'universal'])
            .where('part_number_key', 'in', batch)
            .execute()) as ExistingProduct[]),
        );
      }
      return found;
    },
    /** Every category's id by its key. */
    async categoryIds(): Promise<Map<string, string>> {
      const rows = await db.selectFrom('categories').select(['id', 'name_key']).execute();
      return new Map(rows.map((row) => [row.name_key, row.id]));
    },
    /** The fitment rows of these parts. */
    async fitmentOf(productIds: string[]): Promise<Array<FitmentColumns & { product_id: string }>> {
      const rows: Array<FitmentColumns & { product_id: string }> = [];
      for (const batch of chunks(productIds)) {
        if (batch.length === 0) continue;
        await nextTurn();
        rows.push(...(await db.selectFrom('fitment').select(['product_id', 'vehicle_id', 'year_from', 'year_to', 'note']).where('product_id', 'in', batch).execute()));
      }
      return rows;
    },
    /**
     * Writes the whole import in one transaction, in batches: all of it or, on any failure, nothing.
     * A part whose stock moved since the file was made (the shelf no longer holds `stock.seen`)
     * stops it: nothing is written, and the answer names the part and its stock now. `actor`'s
     * 'catalogue.imported' entry is written in the same transaction.
     */
    async write(toWrite: ImportWrite, actor?: Actor): Promise<{ stockMoved?: { id: string; now: number; seen: number } }> {
      try {
        await writeAll(toWrite, actor);
        return {};
      } catch (error) {
        if (error instanceof StockMoved) return { stockMoved: { id: error.id, now: error.now, seen: error.seen } };
        throw error;
      }
    },
    /** The catalogue in its order with category names, a batch at a time (for the export). */
    async *productsInOrder() {
      let from = -1;
      for (;;) {
        const batch = await db
          .selectFrom('products')
          .leftJoin('categories', 'categories.id', 'products.category_id')
          .select(['products.id', 'products.position', 'products.name', 'products.description', 'products.price_cents', 'products.quantity', 'products.minimum', 'products.brand', 'products.part_number', 'products.oem_numbers', 'products.img', 'products.quantity_prices', 'products.universal', 'categories.name as category'])
          .where('products.position', '>', from)
          .orderBy('products.position')
          .limit(2000)
          .execute();
        if (batch.length === 0) return;
        yield batch;
        from = batch[batch.length - 1]!.position!;
      }
    },
    /** Every vehicle, as a service kits row names it: make, model, variant and years. */
    vehicles() {
      return db.selectFrom('vehicles').select(['id', 'make', 'model', 'make_key', 'model_key', 'variant', 'year_from', 'year_to']).execute();
    },
    /** The service kits of these vehicles with their lines in order (a deleted part's line with `product_id` null). */
    async serviceKitsOf(vehicleIds: string[]): Promise<Map<string, StoredServiceKit>> {
      const kits = new Map<string, StoredServiceKit>();
      for (const batch of chunks(vehicleIds)) {
        if (batch.length === 0) continue;
        await nextTurn();
        for (const kit of await db.selectFrom('service_kits').select(['vehicle_id', 'interval_km', 'interval_months']).where('vehicle_id', 'in', batch).execute()) {
          kits.set(kit.vehicle_id, { interval_km: kit.interval_km, interval_months: kit.interval_months, lines: [] });
        }
        const lines = await db.selectFrom('service_kit_lines').select(['vehicle_id', 'product_id', 'quantity', 'note']).where('vehicle_id', 'in', batch).orderBy('vehicle_id').orderBy('position').execute();
        for (const line of lines) kits.get(line.vehicle_id)?.lines.push({ product_id: line.product_id, quantity: line.quantity, note: line.note });
      }
      return kits;
    },
    /**
     * Every service kit, by make, model, variant and years, with its lines in order and each
     * line's part number; a line whose part was deleted has no part number to write and is left out.
     */
    async serviceKitsForExport() {
      const kits = await db
        .selectFrom('service_kits')
        .innerJoin('vehicles', 'vehicles.id', 'service_kits.vehicle_id')
        .select(['service_kits.vehicle_id', 'vehicles.make', 'vehicles.model', 'vehicles.variant', 'vehicles.year_from', 'vehicles.year_to', 'service_kits.interval_km', 'service_kits.interval_months'])
        .orderBy('vehicles.make_key')
        .orderBy('vehicles.model_key')
        .orderBy('vehicles.variant')
        .orderBy('vehicles.year_from')
        .execute();
      const lines = await db
        .selectFrom('service_kit_lines')
        .innerJoin('products', 'products.id', 'service_kit_lines.product_id')
        .select(['service_kit_lines.vehicle_id', 'products.part_number', 'service_kit_lines.quantity', 'service_kit_lines.note'])
        .orderBy('service_kit_lines.vehicle_id')
        .orderBy('service_kit_lines.position')
        .execute();
      const linesOf = new Map<string, typeof lines>();
      for (const line of lines) {
        const known = linesOf.get(line.vehicle_id);
        if (known) known.push(line);
        else linesOf.set(line.vehicle_id, [line]);
      }
      return kits.map((kit) => ({ ...kit, lines: linesOf.get(kit.vehicle_id) ?? [] }));
    },
    /** The fitment rows of these parts with their vehicles' names and years. */
    fitmentWithVehicles(productIds: string[]) {
      return db
        .selectFrom('fitment')
        .innerJoin('vehicles', 'vehicles.id', 'fitment.vehicle_id')
        .select(['fitment.product_id', 'vehicles.make', 'vehicles.model', 'vehicles.year_from as vehicle_from', 'vehicles.year_to as vehicle_to', 'fitment.year_from', 'fitment.year_to', 'fitment.note'])
        .where('fitment.product_id', 'in', productIds)
        .orderBy('fitment.product_id')
        .orderBy('vehicles.make_key')
        .orderBy('vehicles.model_key')
        .orderBy('vehicles.year_from')
        .execute();
    },
  };
}
export type CatalogueFilesRepository = ReturnType<typeof createCatalogueFilesRepository>;
