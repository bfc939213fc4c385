import { TZDate } from '@date-fns/tz';
import { type GarageBikeService, garageMessages, garageServiceMessages, isServiceDue, type OdometerEntry, odometerSummary } from '@shop/shared';
import { format } from 'date-fns';
import { conflict, invalidField, notFound } from '../../lib/errors.js';
import type { SettingsService } from '../settings/settings.plugin.js';
import type { VehiclesService } from '../vehicles/vehicles.plugin.js';
import type { GarageRepository, StoredEntry } from './garage.repository.js';

/** A bike's readings and services as the data export writes them, oldest first. */
export interface GarageLog {
  readings: Array<{ km: number; readOn: string }>;
  services: Array<{ doneOn: string; km: number }>;
}

/** The day (YYYY-MM-DD) of a moment in the shop's time zone. */
export const dayOf = (time: number, timeZone: string): string => format(new TZDate(time, timeZone), 'yyyy-MM-dd');

/** Each account's garage (SPEC-2 section 3): its bikes, one of them active, and each bike's odometer (SPEC-3 section 5). */
export function createGarageService({
  repository,
  vehicles,
  settings,
}: {
  repository: GarageRepository;
  vehicles: Pick<VehiclesService, 'assertBike'>;
  settings: Pick<SettingsService, 'current'>;
}) {
  const today = async (): Promise<string> => dayOf(Date.now(), (await settings.current()).timeZone);

  const entriesByBike = async (bikeIds: string[]): Promise<Map<string, StoredEntry[]>> => {
    const byBike = new Map<string, StoredEntry[]>(bikeIds.map((id) => [id, []]));
    for (const entry of await repository.entriesOf(bikeIds)) byBike.get(entry.bike_id)?.push(entry);
    return byBike;
  };

  /** Adds a reading or a service after the rules every entry keeps: not in the future, and the odometer never goes back. */
  async function addEntry(userId: string, bikeId: string, kind: OdometerEntry['kind'], on: string, km: number, dayField: string): Promise<string> {
    if (!(await repository.owns(userId, bikeId))) throw notFound('Bike');
    if (on > (await today())) throw invalidField(dayField, garageServiceMessages.future);
    const outcome = await repository.addEntry(userId, bikeId, kind, on, km);
    if (outcome === 'no-bike') throw notFound('Bike');
    if (typeof outcome !== 'string') {
      const { entry, earlier } = outcome.conflict;
      throw invalidField('km', earlier ? garageServiceMessages.backFromEarlier(entry) : garageServiceMessages.aboveLater(entry));
    }
    return outcome;
  }

  return {
    /** The rider's bikes, oldest first, each with its odometer, last and next service; readings and services newest first. */
    async list(userId: string): Promise<GarageBikeService[]> {
      const rows = await repository.list(userId);
      if (rows.length === 0) return [];
      const [entries, intervals, { timeZone }] = await Promise.all([
        entriesByBike(rows.map((row) => row.id)),
        repository.intervalsOf([...new Set(rows.map((row) => row.vehicle_id))]),
        settings.current(),
      ]);
      const todayThere = dayOf(Date.now(), timeZone);
      return rows.map((row) => {
        const own = entries.get(row.id) ?? [];
        const summary = odometerSummary(own, intervals.get(row.vehicle_id) ?? null, dayOf(Date.parse(row.created_at), timeZone));
        const newestFirst = (kind: OdometerEntry['kind']) => own.filter((entry) => entry.kind === kind).reverse();
        return {
          _id: row.id,
          vehicleId: row.vehicle_id,
          make: row.make,
          model: row.model,
          variant: row.variant,
          year: row.year,
          active: row.active === 1,
          reminders: row.reminders === true || row.reminders === 1,
          ...summary,
          serviceDue: isServiceDue(summary, todayThere),
          readings: newestFirst('reading').map((entry) => ({ _id: entry.id, km: entry.km, readOn: entry.on })),
          services: newestFirst('service').map((entry) => ({ _id: entry.id, doneOn: entry.on, km: entry.km })),
        };
      });
    },
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
    /** 'Email me when a service is due', per bike. */
    async setReminders(userId: string, id: string, reminders: boolean): Promise<void> {
      if (!(await repository.setReminders(userId, id, reminders))) throw notFound('Bike');
    },

    /** 'Odometer (km)': a reading of one of the rider's bikes, on `readOn` or today. */
    async addReading(userId: string, bikeId: string, { km, readOn }: { km: number; readOn?: string | undefined }): Promise<string> {
      return addEntry(userId, bikeId, 'reading', readOn ?? (await today()), km, 'readOn');
    },
    /** 'Service done' on one of the rider's bikes. */
    async addService(userId: string, bikeId: string, { doneOn, km }: { doneOn: string; km: number }): Promise<string> {
      return addEntry(userId, bikeId, 'service', doneOn, km, 'doneOn');
    },
    async removeEntry(userId: string, bikeId: string, kind: OdometerEntry['kind'], id: string): Promise<void> {
      if (!(await repository.removeEntry(userId, bikeId, kind, id))) throw notFound(kind === 'reading' ? 'Reading' : 'Service');
    },

    /** Every bike's readings and services of the account, by bike id, for its data export. */
    async logsOf(userId: string): Promise<Map<string, GarageLog>> {
      const bikes = await repository.list(userId);
      const entries = await entriesByBike(bikes.map((bike) => bike.id));
      return new Map(
        [...entries].map(([bikeId, own]) => [
          bikeId,
          {
            readings: own.filter((entry) => entry.kind === 'reading').map((entry) => ({ km: entry.km, readOn: entry.on })),
            services: own.filter((entry) => entry.kind === 'service').map((entry) => ({ doneOn: entry.on, km: entry.km })),
          },
        ]),
      );
    },
  };
}
export type GarageService = ReturnType<typeof createGarageService>;
