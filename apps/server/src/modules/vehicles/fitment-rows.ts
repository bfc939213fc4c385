import { type FitmentRowInput, fitmentMessages, vehicleNameKey } from '@shop/shared';
import type { VehicleRow } from './vehicles.mapper.js';

/** A fitment row ready to write: one vehicle, the row's years where narrower than the vehicle's (else null), a note. */
export interface ResolvedFitment {
  vehicle_id: string;
  year_from: number | null;
  year_to: number | null;
  note: string;
}

/** Why a row of the admin's or an import's fitment cannot be written, and which of its fields says so. */
export interface FitmentRowError {
  index: number;
  field: 'model' | 'yearFrom';
  message: string;
}

/**
 * The vehicles the shop knows, looked up by make and model: each fitment row (make, model,
 * optional years, note) stands for every vehicle of that model whose years meet the row's.
 */
export function createFitmentResolver(vehicles: Pick<VehicleRow, 'id' | 'make_key' | 'model_key' | 'year_from' | 'year_to'>[]) {
  const byModel = new Map<string, typeof vehicles>();
  for (const vehicle of vehicles) {
    const key = `${vehicle.make_key}\u0000${vehicle.model_key}`;
    const known = byModel.get(key);
    if (known) known.push(vehicle);
    else byModel.set(key, [vehicle]);
  }

  return {
    /** One part's rows: the rows to write, or every row that cannot be written and why. */
    resolve(rows: FitmentRowInput[]): { rows: ResolvedFitment[]; errors: FitmentRowError[] } {
      const resolved: ResolvedFitment[] = [];
      const errors: FitmentRowError[] = [];
      const taken = new Set<string>();
      rows.forEach((row, index) => {
        const candidates = byModel.get(`${vehicleNameKey(row.make)}\u0000${vehicleNameKey(row.model)}`);
        if (!candidates) {
          errors.push({ index, field: 'model', message: fitmentMessages.unknownBike(row.make, row.model) });
          return;
        }
        const from = row.yearFrom ?? -Infinity;
        const to = row.yearTo ?? Infinity;
        const meeting = candidates.filter((vehicle) => vehicle.year_from <= to && vehicle.year_to >= from);
        if (meeting.length === 0) {
          const first = Math.min(...candidates.map((vehicle) => vehicle.year_from));
          const last = Math.max(...candidates.map((vehicle) => vehicle.year_to));
          errors.push({ index, field: 'yearFrom', message: fitmentMessages.yearsOutside(row.make, row.model, first, last) });
          return;
        }
        for (const vehicle of meeting) {
          if (taken.has(vehicle.id)) {
            errors.push({ index, field: 'model', message: fitmentMessages.twice(row.make, row.model) });
            return;
          }
          taken.add(vehicle.id);
          resolved.push({
            vehicle_id: vehicle.id,
            year_from: row.yearFrom !== undefined && row.yearFrom > vehicle.year_from ? row.yearFrom : null,
            year_to: row.yearTo !== undefined && row.yearTo < vehicle.year_to ? row.yearTo : null,
            note: row.note,
          });
        }
      });
      return { rows: resolved, errors };
    },
  };
}
