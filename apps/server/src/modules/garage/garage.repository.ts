import { GARAGE_MAX, type OdometerEntry, odometerConflict } from '@shop/shared';
import { sql } from 'kysely';
import { takeAccountTurn } from '../../db/account-turn.js';
import type { ShopDatabase } from '../../db/database.js';
import { newId } from '../../lib/ids.js';

/**
 * Database access of each account's garage. An account's changes take turns, so bikes added or
 * removed at once still leave at most GARAGE_MAX bikes, exactly one of them active.
 */
export function createGarageRepository(database: ShopDatabase) {
  const { db, dialect } = database;
  return {
    list(userId: string) {
      return db
        .selectFrom('garage_bikes')
        .innerJoin('vehicles', 'vehicles.id', 'garage_bikes.vehicle_id')
        .select(['garage_bikes.id', 'garage_bikes.vehicle_id', 'garage_bikes.year', 'garage_bikes.active', 'garage_bikes.reminders', 'garage_bikes.created_at', 'vehicles.make', 'vehicles.model', 'vehicles.variant'])
        .where('garage_bikes.user_id', '=', userId)
        .orderBy('garage_bikes.created_at')
        .orderBy('garage_bikes.id')
        .execute();
    },

    /**
     * Adds a bike unless it is there already, in one transaction with the limit and the active
     * mark: the first bike, or one added with `active`, becomes the only active one. Answers its
     * id, or 'full' when the garage holds GARAGE_MAX other bikes.
     */
    async add(userId: string, vehicleId: string, year: number, active: boolean): Promise<string | 'full'> {
      return database.writeTransaction(async (trx) => {
        await takeAccountTurn(trx, dialect, userId);
        const bikes = await trx.selectFrom('garage_bikes').select(['id', 'vehicle_id', 'year', 'active']).where('user_id', '=', userId).execute();
        const existing = bikes.find((bike) => bike.vehicle_id === vehicleId && bike.year === year);
        if (!existing && bikes.length >= GARAGE_MAX) return 'full';
        const id = existing?.id ?? newId();
        if (!existing) {
          await trx
            .insertInto('garage_bikes')
            .values({ id, user_id: userId, vehicle_id: vehicleId, year, active: 0, created_at: new Date().toISOString() })
            .onConflict((conflict) => conflict.columns(['user_id', 'vehicle_id', 'year']).doNothing())
            .execute();
        }
        if (active || !bikes.some((bike) => bike.active === 1)) {
          await trx.updateTable('garage_bikes').set({ active: 0 }).where('user_id', '=', userId).where('id', '<>', id).execute();
          await trx.updateTable('garage_bikes').set({ active: 1 }).where('id', '=', id).execute();
        }
        return id;
      });
    },

    /** Removes one of the account's bikes; when it was the active one, the newest other bike takes over. */
    async remove(userId: string, id: string): Promise<boolean> {
      return database.writeTransaction(async (trx) => {
        await takeAccountTurn(trx, dialect, userId);
        const removed = await trx.deleteFrom('garage_bikes').where('id', '=', id).where('user_id', '=', userId).returning('active').executeTakeFirst();
        if (!removed) return false;
        if (removed.active === 1) {
          const next = await trx.selectFrom('garage_bikes').select('id').where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
          if (next) await trx.updateTable('garage_bikes').set({ active: 1 }).where('id', '=', next.id).execute();
        }
        return true;
      });
    },

    /** Turns 'Email me when a service is due' on or off for one of the account's bikes; false when it has no such bike. */
    async setReminders(userId: string, id: string, reminders: boolean): Promise<boolean> {
      const result = await db.updateTable('garage_bikes').set({ reminders: sql.lit(reminders) }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Whether the account has this bike. */
    async owns(userId: string, bikeId: string): Promise<boolean> {
      return (await db.selectFrom('garage_bikes').select('id').where('id', '=', bikeId).where('user_id', '=', userId).executeTakeFirst()) !== undefined;
    },

    /** The readings and services of these bikes, oldest first. */
    async entriesOf(bikeIds: readonly string[]): Promise<StoredEntry[]> {
      if (bikeIds.length === 0) return [];
      const [readings, services] = await Promise.all([
        db.selectFrom('garage_readings').select(['id', 'bike_id', 'read_on as on', 'km']).where('bike_id', 'in', bikeIds).orderBy('read_on').orderBy('km').orderBy('id').execute(),
        db.selectFrom('garage_services').select(['id', 'bike_id', 'done_on as on', 'km']).where('bike_id', 'in', bikeIds).orderBy('done_on').orderBy('km').orderBy('id').execute(),
      ]);
      return [...readings.map((row) => ({ ...row, kind: 'reading' as const })), ...services.map((row) => ({ ...row, kind: 'service' as const }))];
    },

    /** The service intervals of the vehicles that have a service kit, by vehicle id. */
    async intervalsOf(vehicleIds: readonly string[]): Promise<Map<string, { intervalKm: number; intervalMonths: number }>> {
      if (vehicleIds.length === 0) return new Map();
      const rows = await db.selectFrom('service_kits').select(['vehicle_id', 'interval_km', 'interval_months']).where('vehicle_id', 'in', vehicleIds).execute();
      return new Map(rows.map((row) => [row.vehicle_id, { intervalKm: row.interval_km, intervalMonths: row.interval_months }]));
    },

    /**
     * Adds a reading or a service to one of the account's bikes, in the account's turn so two
     * at once are checked one after the other. Answers its id; 'no-bike' when the account has
     * no such bike; the entry it contradicts when the odometer would go back.
     */
    async addEntry(userId: string, bikeId: string, kind: OdometerEntry['kind'], on: string, km: number): Promise<string | 'no-bike' | { conflict: NonNullable<ReturnType<typeof odometerConflict>> }> {
      return database.writeTransaction(async (trx) => {
        await takeAccountTurn(trx, dialect, userId);
        const bike = await trx.selectFrom('garage_bikes').select('id').where('id', '=', bikeId).where('user_id', '=', userId).executeTakeFirst();
        if (!bike) return 'no-bike';
        const readings = await trx.selectFrom('garage_readings').select(['read_on as on', 'km']).where('bike_id', '=', bikeId).execute();
        const services = await trx.selectFrom('garage_services').select(['done_on as on', 'km']).where('bike_id', '=', bikeId).execute();
        const conflict = odometerConflict(
          [...readings.map((row) => ({ ...row, kind: 'reading' as const })), ...services.map((row) => ({ ...row, kind: 'service' as const }))],
          { on, km },
        );
        if (conflict) return { conflict };
        const id = newId();
        const created_at = new Date().toISOString();
        if (kind === 'reading') await trx.insertInto('garage_readings').values({ id, bike_id: bikeId, read_on: on, km, created_at }).execute();
        else await trx.insertInto('garage_services').values({ id, bike_id: bikeId, done_on: on, km, created_at }).execute();
        return id;
      });
    },

    /** Removes a reading or a service of one of the account's bikes; false when there is no such entry of theirs. */
    async removeEntry(userId: string, bikeId: string, kind: OdometerEntry['kind'], id: string): Promise<boolean> {
      const ownBike = db.selectFrom('garage_bikes').select('id').where('id', '=', bikeId).where('user_id', '=', userId);
      const result =
        kind === 'reading'
          ? await db.deleteFrom('garage_readings').where('id', '=', id).where('bike_id', 'in', ownBike).executeTakeFirst()
          : await db.deleteFrom('garage_services').where('id', '=', id).where('bike_id', 'in', ownBike).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

/** A reading or a service as stored, with its bike. */
export interface StoredEntry extends OdometerEntry {
  id: string;
  bike_id: string;
}
export type GarageRepository = ReturnType<typeof createGarageRepository>;
