import { type GarageBike, garageMessages } from '@shop/shared';
import { conflict, notFound } from '../../lib/errors.js';
import type { VehiclesService } from '../vehicles/vehicles.plugin.js';
import type { GarageRepository } from './garage.repository.js';

/** Each account's garage (SPEC-2 section 3): its bikes, one of them active. */
export function createGarageService({ repository, vehicles }: { repository: GarageRepository; vehicles: Pick<VehiclesService, 'assertBike'> }) {
  const list = async (userId: string): Promise<GarageBike[]> =>
    (await repository.list(userId)).map((row) => ({
      _id: row.id,
      vehicleId: row.vehicle_id,
      make: row.make,
      model: row.model,
      variant: row.variant,
      year: row.year,
      active: row.active === 1,
    }));

  return {
    list,
    /** Adds a bike the shop knows, in one of its years; answers the bike's id (the same one when it is there already). */
    async add(userId: string, { vehicleId, year, active }: { vehicleId: string; year: number; active?: boolean | undefined }): Promise<string> {
      await vehicles.assertBike(vehicleId, year, { vehicle: 'vehicleId', year: 'year' });
      const id = await repository.add(userId, vehicleId, year, active ?? false);
      if (id === 'full') throw conflict(garageMessages.full);
      return id;
    },
    async remove(userId: string, id: string): Promise<void> {
      if (!(await repository.remove(userId, id))) throw notFound('Bike');
    },
  };
}
export type GarageService = ReturnType<typeof createGarageService>;
