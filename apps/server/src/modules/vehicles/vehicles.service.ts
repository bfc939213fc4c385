import { type Fitment, type fitmentInputSchema, garageMessages, type Vehicle, vehicleMessages, vehicleNameKey } from '@shop/shared';
import type { z } from 'zod';
import { AppError, conflict, invalidField, notFound } from '../../lib/errors.js';
import type { Actor } from '../activity/activity.plugin.js';
import { createFitmentResolver } from './fitment-rows.js';
import { toVehicle, toVehicleColumns, type VehicleInput } from './vehicles.mapper.js';
import type { VehiclesRepository } from './vehicles.repository.js';

const keyOf = (name: string | undefined) => (name === undefined || name.trim() === '' ? undefined : vehicleNameKey(name));

type FitmentWrite = z.output<typeof fitmentInputSchema>;

/** The vehicles the shop knows (the bike picker's makes, models and years) and the parts that fit them. */
export function createVehiclesService({ repository }: { repository: VehiclesRepository }) {
  /** A part's fitment rows as vehicles, or 422 with every row that names no vehicle of the shop. */
  const resolved = async (input: FitmentWrite, field: string) => {
    const { rows, errors } = createFitmentResolver(await repository.identities()).resolve(input.vehicles);
    if (errors.length === 0) return rows;
    const fieldErrors = Object.fromEntries(errors.map((error) => [`${field}.${error.index}.${error.field}`, [error.message]]));
    throw new AppError(422, 'VALIDATION_FAILED', errors[0]!.message, fieldErrors);
  };

  return {
    makes: (): Promise<string[]> => repository.makes(),
    async models(make: string | undefined): Promise<string[]> {
      const makeKey = keyOf(make);
      return makeKey ? repository.models(makeKey) : [];
    },
    /** Every year some vehicle of this make and model was made, oldest first. */
    async years(make: string | undefined, model: string | undefined): Promise<number[]> {
      const makeKey = keyOf(make);
      const modelKey = keyOf(model);
      if (!makeKey || !modelKey) return [];
      const years = new Set<number>();
      for (const range of await repository.ranges(makeKey, modelKey)) for (let year = range.year_from; year <= range.year_to; year++) years.add(year);
      return [...years].sort((a, b) => a - b);
    },
    /** The vehicle of a rider's bike, made in that year; 422 naming the field otherwise. */
    async assertBike(vehicleId: string, year: number, fields = { vehicle: 'vehicle', year: 'year' }): Promise<Vehicle> {
      const row = await repository.findById(vehicleId);
      if (!row) throw invalidField(fields.vehicle, garageMessages.unknownVehicle);
      const vehicle = toVehicle(row);
      if (year < vehicle.yearFrom || year > vehicle.yearTo) throw invalidField(fields.year, garageMessages.yearOutside(vehicle));
      return vehicle;
    },
    async find(query: { make?: string | undefined; model?: string | undefined; year?: number | undefined }): Promise<Vehicle[]> {
      const rows = await repository.find({ makeKey: keyOf(query.make), modelKey: keyOf(query.model), year: query.year });
      const ids = rows.map((row) => row.id);
      const [parts, kits] = await Promise.all([repository.fittingCounts(ids), repository.withServiceKits(ids)]);
      return rows.map((row) => ({ ...toVehicle(row), parts: parts.get(row.id) ?? 0, serviceKit: kits.has(row.id) }));
    },
    async add(vehicle: VehicleInput, actor: Actor): Promise<string> {
      const id = await repository.insert(toVehicleColumns(vehicle), actor);
      if (!id) throw conflict(vehicleMessages.taken);
      return id;
    },
    async edit(id: string, vehicle: VehicleInput, actor: Actor): Promise<void> {
      const outcome = await repository.update(id, toVehicleColumns(vehicle), actor);
      if (outcome === 'not-found') throw notFound('Vehicle');
      if (outcome === 'taken') throw conflict(vehicleMessages.taken);
    },
    /** Deletes a vehicle and its fitment rows; answers how many parts fitted it. */
    async remove(id: string, actor: Actor): Promise<number> {
      const fitted = await repository.remove(id, actor);
      if (fitted === undefined) throw notFound('Vehicle');
      return fitted;
    },
    /** Looks fitment rows up against every vehicle the shop has now (for many parts at once, as an import does). */
    async fitmentResolver() {
      return createFitmentResolver(await repository.identities());
    },
    /** Checks a part's fitment rows before anything is written: 422 naming each row that cannot be (under `{field}.{index}.{name}`). */
    async checkFitment(input: FitmentWrite, field = 'vehicles'): Promise<void> {
      await resolved(input, field);
    },
    /** Sets a part's universal mark and all its fitment rows (the admin's Fitment section); 422 naming each row that cannot be. */
    async setFitment(productId: string, input: FitmentWrite, field = 'vehicles', actor?: Actor): Promise<void> {
      const rows = await resolved(input, field);
      if (!(await repository.setFitment(productId, input.universal, rows, actor))) throw notFound('Product');
    },
    /** A part's fitment (SPEC-2 section 3); null for an unknown part. The years are the part's own when narrower. */
    async fitmentOf(productId: string): Promise<Fitment | null> {
      const fitment = await repository.fitmentOf(productId);
      if (!fitment) return null;
      return {
        universal: fitment.universal,
        vehicles: fitment.rows.map((row) => ({
          vehicleId: row.id,
          make: row.make,
          model: row.model,
          variant: row.variant,
          yearFrom: row.fits_from ?? row.year_from,
          yearTo: row.fits_to ?? row.year_to,
          note: row.note,
        })),
      };
    },
  };
}
export type VehiclesService = ReturnType<typeof createVehiclesService>;
