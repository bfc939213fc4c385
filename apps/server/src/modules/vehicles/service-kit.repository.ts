import { type Insertable, sql, type Transaction } from 'kysely';
import type { ShopDatabase } from '../../db/database.js';
import type { Database, ServiceKitLineTable } from '../../db/schema.js';
import { type Actor, changesBetween, recordActivity } from '../activity/activity.plugin.js';
import { vehicleLabel } from './vehicles.mapper.js';

/** A kit line to write: the part, its name as it is now, how many and a note. */
export interface ServiceKitLineColumns {
  product_id: string;
  name: string;
  quantity: number;
  note: string;
}

/** Whether some fitment row of the part names the vehicle. */
const fitsVehicle = (vehicleId: string) =>
  sql<number>`exists (select 1 from fitment where fitment.product_id = products.id and fitment.vehicle_id = ${vehicleId})`;

/** Database access of the vehicles' service kits. */
export function createServiceKitRepository(database: ShopDatabase) {
  const { db } = database;
  /** A kit as its entries compare it: the intervals and how many lines, before a write changes it (locked on PostgreSQL). */
  const kitBefore = async (trx: Transaction<Database>, vehicleId: string) => {
    const query = trx.selectFrom('service_kits').select(['interval_km', 'interval_months']).where('vehicle_id', '=', vehicleId);
    const kit = await (database.dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
    if (!kit) return { intervalKm: null, intervalMonths: null, lines: null };
    const lines = await trx.selectFrom('service_kit_lines').select(sql<number>`count(*)`.as('n')).where('vehicle_id', '=', vehicleId).executeTakeFirstOrThrow();
    return { intervalKm: kit.interval_km, intervalMonths: kit.interval_months, lines: Number(lines.n) };
  };
  return {
    /** A vehicle's kit with each line's part as it is now (null columns for a deleted part); undefined when it has none. */
    async read(vehicleId: string) {
      const kit = await db.selectFrom('service_kits').select(['interval_km', 'interval_months']).where('vehicle_id', '=', vehicleId).executeTakeFirst();
      if (!kit) return undefined;
      const lines = await db
        .selectFrom('service_kit_lines')
        .leftJoin('products', 'products.id', 'service_kit_lines.product_id')
        .select([
          'service_kit_lines.product_id',
          'service_kit_lines.name as kept_name',
          'service_kit_lines.quantity',
          'service_kit_lines.note',
          'products.name',
          'products.price_cents',
          'products.quantity as stock',
          'products.minimum',
          'products.img',
          'products.category_id',
        ])
        .where('service_kit_lines.vehicle_id', '=', vehicleId)
        .orderBy('service_kit_lines.position')
        .execute();
      return { ...kit, lines };
    },
    /**
     * The cheapest part of a category, other than `productId`, that fits the vehicle or every
     * bike and of which the shop holds at least `quantity` (and at least its minimum order).
     */
    alternative(vehicleId: string, categoryId: string, productId: string, quantity: number) {
      return db
        .selectFrom('products')
        .select(['id', 'name', 'price_cents', 'img', 'minimum', 'quantity'])
        .where('category_id', '=', categoryId)
        .where('id', '<>', productId)
        .where('quantity', '>=', quantity)
        .where((eb) => eb('quantity', '>=', eb.ref('minimum')))
        .where((eb) =>
          eb.or([
            eb('universal', '=', 1),
            eb.exists(eb.selectFrom('fitment').select('fitment.product_id').whereRef('fitment.product_id', '=', 'products.id').where('fitment.vehicle_id', '=', vehicleId)),
          ]),
        )
        .orderBy('price_cents')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
    },
    /** The named parts that exist: their names, and whether each fits the vehicle or every bike. */
    async parts(vehicleId: string, productIds: string[]): Promise<Map<string, { name: string; fits: boolean }>> {
      if (productIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('products')
        .select(['id', 'name', 'universal', fitsVehicle(vehicleId).as('fits')])
        .where('id', 'in', productIds)
        .execute();
      return new Map(rows.map((row) => [row.id, { name: row.name, fits: Number(row.universal) === 1 || Number(row.fits) === 1 }]));
    },
    async vehicleExists(vehicleId: string): Promise<boolean> {
      return (await db.selectFrom('vehicles').select('id').where('id', '=', vehicleId).executeTakeFirst()) !== undefined;
    },
    /** Sets a vehicle's kit whole, with `actor`'s entry, in one transaction; false when the vehicle is gone. */
    async replace(vehicleId: string, kit: { interval_km: number; interval_months: number }, lines: ServiceKitLineColumns[], actor?: Actor): Promise<boolean> {
      return database.writeTransaction(async (trx) => {
        const vehicle = await trx.selectFrom('vehicles').select(['make', 'model', 'variant', 'year_from', 'year_to']).where('id', '=', vehicleId).executeTakeFirst();
        if (!vehicle) return false;
        const before = await kitBefore(trx, vehicleId);
        const row = { ...kit, updated_at: new Date().toISOString() };
        await trx
          .insertInto('service_kits')
          .values({ vehicle_id: vehicleId, ...row })
          .onConflict((conflict) => conflict.column('vehicle_id').doUpdateSet(row))
          .execute();
        await trx.deleteFrom('service_kit_lines').where('vehicle_id', '=', vehicleId).execute();
        if (lines.length > 0) {
          const values: Insertable<ServiceKitLineTable>[] = lines.map((line, position) => ({ vehicle_id: vehicleId, position, ...line }));
          await trx.insertInto('service_kit_lines').values(values).execute();
        }
        await recordActivity(trx, actor, {
          action: 'service-kit.saved',
          record: { type: 'vehicle', id: vehicleId, label: vehicleLabel(vehicle) },
          changes: changesBetween(before, { intervalKm: kit.interval_km, intervalMonths: kit.interval_months, lines: lines.length }),
        });
        return true;
      });
    },
    /** Deletes a vehicle's kit with its lines, with `actor`'s entry; false when it had none. */
    async remove(vehicleId: string, actor?: Actor): Promise<boolean> {
      return database.writeTransaction(async (trx) => {
        const before = await kitBefore(trx, vehicleId);
        if (before.lines === null) return false;
        await trx.deleteFrom('service_kit_lines').where('vehicle_id', '=', vehicleId).execute();
        await trx.deleteFrom('service_kits').where('vehicle_id', '=', vehicleId).execute();
        const vehicle = await trx.selectFrom('vehicles').select(['make', 'model', 'variant', 'year_from', 'year_to']).where('id', '=', vehicleId).executeTakeFirstOrThrow();
        await recordActivity(trx, actor, {
          action: 'service-kit.deleted',
          record: { type: 'vehicle', id: vehicleId, label: vehicleLabel(vehicle) },
          changes: changesBetween(before, { intervalKm: null, intervalMonths: null, lines: null }),
        });
        return true;
      });
    },
  };
}
export type ServiceKitRepository = ReturnType<typeof createServiceKitRepository>;
