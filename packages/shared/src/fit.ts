import { GARAGE_MAX } from './constants.js';

/**
 * Shop by bike (SPEC-2 section 3) without zod: the rules and texts the storefront's first page
 * needs (the garage, the verdict of a part for a bike), kept apart from the vehicle schemas.
 */

/** How a part stands with a rider's bike: fits it, fits every bike, has no fitment data, or fits other bikes only. */
export const FIT_VERDICTS = ['fits', 'universal', 'unknown', 'no'] as const;
export type FitVerdict = (typeof FIT_VERDICTS)[number];

export const garageMessages = {
  unknownVehicle: 'Choose a bike the shop knows',
  yearOutside: (vehicle: { make: string; model: string; yearFrom: number; yearTo: number }) =>
    `The ${vehicle.make} ${vehicle.model} was made from ${vehicle.yearFrom} to ${vehicle.yearTo}`,
  full: `Your garage holds at most ${GARAGE_MAX} bikes. Remove one to add another.`,
} as const;

/** A rider's bike as SPEC-2 names it: '{year} {make} {model}'. */
export const bikeName = (bike: { year: number; make: string; model: string }): string => `${bike.year} ${bike.make} ${bike.model}`;

/**
 * A part's verdict for a bike from its fitment: universal, or a row of the bike's vehicle whose
 * years hold the bike's year, or rows for other bikes only, or no data at all.
 */
export function fitVerdictOf(
  fitment: { universal: boolean; vehicles: ReadonlyArray<{ vehicleId: string; yearFrom: number; yearTo: number }> },
  bike: { vehicleId: string; year: number },
): FitVerdict {
  if (fitment.universal) return 'universal';
  if (fitment.vehicles.some((fit) => fit.vehicleId === bike.vehicleId && fit.yearFrom <= bike.year && bike.year <= fit.yearTo)) return 'fits';
  return fitment.vehicles.length > 0 ? 'no' : 'unknown';
}
