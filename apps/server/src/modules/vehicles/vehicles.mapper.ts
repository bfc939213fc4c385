import { type Vehicle, type vehicleInputSchema, vehicleNameKey } from '@shop/shared';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { VehicleTable } from '../../db/schema.js';

export type VehicleRow = Selectable<VehicleTable>;
export type VehicleInput = z.output<typeof vehicleInputSchema>;

/** Database row -> the API's vehicle. */
export const toVehicle = (row: VehicleRow): Vehicle => ({
  _id: row.id,
  make: row.make,
  model: row.model,
  variant: row.variant,
  yearFrom: row.year_from,
  yearTo: row.year_to,
  cc: row.cc,
});

/** How an activity entry names a vehicle: 'Honda CB500F PC45 2013-2015'. */
export const vehicleLabel = (row: Pick<VehicleRow, 'make' | 'model' | 'variant' | 'year_from' | 'year_to'>): string =>
  [row.make, row.model, row.variant, `${row.year_from}-${row.year_to}`].filter(Boolean).join(' ');

/** A vehicle as its activity entries compare it, by the API's names. */
export const toVehicleActivity = (row: Pick<VehicleRow, 'make' | 'model' | 'variant' | 'year_from' | 'year_to' | 'cc'>) => ({
  make: row.make,
  model: row.model,
  variant: row.variant,
  yearFrom: row.year_from,
  yearTo: row.year_to,
  cc: row.cc,
});

/** The admin's vehicle -> its columns, with the keys makes and models are compared by. */
export const toVehicleColumns = ({ make, model, variant, yearFrom, yearTo, cc }: VehicleInput) => ({
  make,
  make_key: vehicleNameKey(make),
  model,
  model_key: vehicleNameKey(model),
  variant,
  year_from: yearFrom,
  year_to: yearTo,
  cc,
});
