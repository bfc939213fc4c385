import { sql, type Transaction } from 'kysely';
import type { ShopDatabase } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { type Actor, changesBetween, recordActivity } from '../activity/activity.plugin.js';
import type { ResolvedFitment } from './fitment-rows.js';
import { type toVehicleColumns, toVehicleActivity, vehicleLabel, type VehicleRow } from './vehicles.mapper.js';

type VehicleColumns = ReturnType<typeof toVehicleColumns>;

/** Database access of the vehicles the shop knows, and of which parts fit them. */
export function createVehiclesRepository(database: ShopDatabase) {
  const { db } = database;
  /** A row a write transaction is about to change, locked on PostgreSQL until the commit (SQLite's write transaction holds the write lock). */
  const locked = <Query extends { forUpdate(): Query }>(query: Query): Query => (database.dialect === 'postgres' ? query.forUpdate() : query);
  const vehicleIn = (trx: Transaction<Database>, id: string) => locked(trx.selectFrom('vehicles').selectAll().where('id', '=', id)).executeTakeFirst();
  return {
    async makes(): Promise<string[]> {
      const rows = await db.selectFrom('vehicles').select(['make_key', (eb) => eb.fn.min('make').as('make')]).groupBy('make_key').orderBy('make_key').execute();
      return rows.map((row) => row.make);
    },
    async models(makeKey: string): Promise<string[]> {
      const rows = await db
        .selectFrom('vehicles')
        .select(['model_key', (eb) => eb.fn.min('model').as('model')])
        .where('make_key', '=', makeKey)
        .groupBy('model_key')
        .orderBy('model_key')
        .execute();
      return rows.map((row) => row.model);
    },
    /** The year ranges of a make's model (one per variant or generation). */
    ranges(makeKey: string, modelKey: string) {
      return db.selectFrom('vehicles').select(['year_from', 'year_to']).where('make_key', '=', makeKey).where('model_key', '=', modelKey).execute();
    },
    find({ makeKey, modelKey, year }: { makeKey?: string | undefined; modelKey?: string | undefined; year?: number | undefined }): Promise<VehicleRow[]> {
      return db
        .selectFrom('vehicles')
        .selectAll()
        .$if(makeKey !== undefined, (query) => query.where('make_key', '=', makeKey!))
        .$if(modelKey !== undefined, (query) => query.where('model_key', '=', modelKey!))
        .$if(year !== undefined, (query) => query.where('year_from', '<=', year!).where('year_to', '>=', year!))
        .orderBy('make_key')
        .orderBy('model_key')
        .orderBy('year_from')
        .orderBy('variant')
        .execute();
    },
    /** Every vehicle's identity and years: what fitment rows are resolved against. */
    identities() {
      return db.selectFrom('vehicles').select(['id', 'make_key', 'model_key', 'year_from', 'year_to']).execute();
    },
    /**
     * Sets a part's universal mark and replaces its fitment rows, with `actor`'s entry, in one
     * transaction; false for an unknown part.
     */
    async setFitment(productId: string, universal: boolean, rows: ResolvedFitment[], actor?: Actor): Promise<boolean> {
      return database.writeTransaction(async (trx) => {
        const product = await locked(trx.selectFrom('products').select(['name', 'universal']).where('id', '=', productId)).executeTakeFirst();
        if (!product) return false;
        const was = await trx.selectFrom('fitment').select(sql<number>`count(*)`.as('n')).where('product_id', '=', productId).executeTakeFirstOrThrow();
        await trx.updateTable('products').set({ universal: universal ? 1 : 0 }).where('id', '=', productId).execute();
        await trx.deleteFrom('fitment').where('product_id', '=', productId).execute();
        if (rows.length > 0) await trx.insertInto('fitment').values(rows.map((row) => ({ ...row, product_id: productId }))).execute();
        await recordActivity(trx, actor, {
          action: 'product.fitment',
          record: { type: 'product', id: productId, label: product.name },
          changes: changesBetween({ universal: product.universal === 1, vehicles: Number(was.n) }, { universal, vehicles: rows.length }),
          summary: `${rows.length} ${rows.length === 1 ? 'vehicle' : 'vehicles'}${universal ? ', fits every bike' : ''}`,
        });
        return true;
      });
    },
    findById(id: string): Promise<VehicleRow | undefined> {
      return db.selectFrom('vehicles').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Adds a vehicle unless the same one exists, with `actor`'s entry; answers its id, or undefined when taken. */
    async insert(columns: VehicleColumns, actor?: Actor): Promise<string | undefined> {
      return database.writeTransaction(async (trx) => {
        const inserted = await trx
          .insertInto('vehicles')
          .values({ ...columns, id: newId(), created_at: new Date().toISOString() })
          .onConflict((conflict) => conflict.columns(['make_key', 'model_key', 'variant', 'year_from']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (inserted) {
          await recordActivity(trx, actor, { action: 'vehicle.created', record: { type: 'vehicle', id: inserted.id, label: vehicleLabel(columns) }, changes: changesBetween({}, toVehicleActivity(columns)) });
        }
        return inserted?.id;
      });
    },
    /** Changes a vehicle, with `actor`'s entry; 'taken' when another one is the same. */
    async update(id: string, columns: VehicleColumns, actor?: Actor): Promise<'updated' | 'not-found' | 'taken'> {
      return database.writeTransaction(async (trx) => {
        const before = await vehicleIn(trx, id);
        if (!before) return 'not-found';
        const other = await trx
          .selectFrom('vehicles')
          .select('id')
          .where('make_key', '=', columns.make_key)
          .where('model_key', '=', columns.model_key)
          .where('variant', '=', columns.variant)
          .where('year_from', '=', columns.year_from)
          .where('id', '<>', id)
          .executeTakeFirst();
        if (other) return 'taken';
        await trx.updateTable('vehicles').set(columns).where('id', '=', id).execute();
        await recordActivity(trx, actor, {
          action: 'vehicle.updated',
          record: { type: 'vehicle', id, label: vehicleLabel(columns) },
          changes: changesBetween(toVehicleActivity(before), toVehicleActivity(columns)),
        });
        return 'updated';
      });
    },
    /**
     * Deletes a vehicle with its fitment rows and garage places, with `actor`'s entry; answers how
     * many parts fitted it, or undefined when unknown.
     */
    async remove(id: string, actor?: Actor): Promise<number | undefined> {
      return database.writeTransaction(async (trx) => {
        const before = await vehicleIn(trx, id);
        if (!before) return undefined;
        const fitted = Number((await trx.selectFrom('fitment').select(sql<number>`count(*)`.as('n')).where('vehicle_id', '=', id).executeTakeFirstOrThrow()).n);
        await trx.deleteFrom('vehicles').where('id', '=', id).execute();
        await recordActivity(trx, actor, {
          action: 'vehicle.deleted',
          record: { type: 'vehicle', id, label: vehicleLabel(before) },
          summary: `${fitted} ${fitted === 1 ? 'part' : 'parts'} fitted it`,
        });
        return fitted;
      });
    },
    /** How many parts fit each vehicle. */
    async fittingCounts(ids: string[]): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('fitment').select(['vehicle_id', sql<number>`count(*)`.as('n')]).where('vehicle_id', 'in', ids).groupBy('vehicle_id').execute();
      return new Map(rows.map((row) => [row.vehicle_id, Number(row.n)]));
    },
    /** Which of these vehicles have a service kit. */
    async withServiceKits(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom('service_kits').select('vehicle_id').where('vehicle_id', 'in', ids).execute();
      return new Set(rows.map((row) => row.vehicle_id));
    },
    /** A part's fitment: whether it is universal, and the vehicles it fits with their years and notes; undefined for an unknown part. */
    async fitmentOf(productId: string) {
      const product = await db.selectFrom('products').select('universal').where('id', '=', productId).executeTakeFirst();
      if (!product) return undefined;
      const rows = await db
        .selectFrom('fitment')
        .innerJoin('vehicles', 'vehicles.id', 'fitment.vehicle_id')
        .select(['vehicles.id', 'vehicles.make', 'vehicles.model', 'vehicles.variant', 'vehicles.year_from', 'vehicles.year_to', 'fitment.year_from as fits_from', 'fitment.year_to as fits_to', 'fitment.note'])
        .where('fitment.product_id', '=', productId)
        .orderBy('vehicles.make_key')
        .orderBy('vehicles.model_key')
        .orderBy('vehicles.year_from')
        .execute();
      return { universal: product.universal === 1, rows };
    },
  };
}
export type VehiclesRepository = ReturnType<typeof createVehiclesRepository>;
