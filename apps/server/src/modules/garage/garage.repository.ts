import { GARAGE_MAX } from '@shop/shared';
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
        .select(['garage_bikes.id', 'garage_bikes.vehicle_id', 'garage_bikes.year', 'garage_bikes.active', 'vehicles.make', 'vehicles.model', 'vehicles.variant'])
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
  };
}
export type GarageRepository = ReturnType<typeof createGarageRepository>;
