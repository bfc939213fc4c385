import { z } from 'zod';
import { idSchema, singleLineText } from './common.js';

export const VEHICLE_YEAR_MIN = 1900;
/** Next year's models are on sale from the autumn. */
export const vehicleYearMax = () => new Date().getUTCFullYear() + 1;

export const vehicleMessages = {
  makeRequired: 'Make is Required',
  modelRequired: 'Model is Required',
  yearInvalid: `Years must be whole numbers from ${VEHICLE_YEAR_MIN}`,
  yearsReversed: 'Year to must not be before Year from',
  ccInvalid: 'Engine size must be a whole number of cc from 49 to 3000',
  taken: 'This vehicle is already in the shop',
} as const;

/** A vehicle as the API answers it (SPEC-2 section 3). */
export const vehicleSchema = z.object({
  _id: idSchema,
  make: z.string(),
  model: z.string(),
  variant: z.string(),
  yearFrom: z.number().int(),
  yearTo: z.number().int(),
  cc: z.number().int(),
  /** How many parts fit it (each fitment row counts once). */
  parts: z.number().int().optional(),
  /** In the list: whether it has a service kit (SPEC-3 section 5). */
  serviceKit: z.boolean().optional(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

const year = z.coerce
  .number({ error: vehicleMessages.yearInvalid })
  .int(vehicleMessages.yearInvalid)
  .refine((value) => value >= VEHICLE_YEAR_MIN && value <= vehicleYearMax(), vehicleMessages.yearInvalid);

/** POST /vehicles and PATCH /vehicles/{id} (admin). */
export const vehicleInputSchema = z
  .object({
    make: singleLineText(40, vehicleMessages.makeRequired),
    model: singleLineText(60, vehicleMessages.modelRequired),
    variant: z.string().trim().max(30, 'Variant must be at most 30 characters').default(''),
    yearFrom: year,
    yearTo: year,
    cc: z.coerce.number({ error: vehicleMessages.ccInvalid }).int(vehicleMessages.ccInvalid).min(49, vehicleMessages.ccInvalid).max(3000, vehicleMessages.ccInvalid),
  })
  .refine((vehicle) => vehicle.yearTo >= vehicle.yearFrom, { path: ['yearTo'], message: vehicleMessages.yearsReversed });

const yearParam = z.string().regex(/^\d{4}$/, 'year must be a four-digit year').transform(Number);

export const bikeFilterMessages = {
  bothOrNone: 'vehicle and year go together',
  showUnknown: "show must be 'fitting', 'all' or 'unconfirmed'",
} as const;

/**
 * What a list shows for a rider's bike: the parts that fit it or every bike (the default), every
 * part, or the parts without any fitment data (their fit is not confirmed either way).
 */
const BIKE_SHOWS = ['fitting', 'all', 'unconfirmed'] as const;
export type BikeShow = (typeof BIKE_SHOWS)[number];

/**
 * `vehicle={id}&year={year}` on the paged list, the count and search (SPEC-2 section 3): only the
 * parts that fit that bike or every bike, each answered with its `fit`; with `show=all`, every
 * part, and with `show=unconfirmed`, the parts without fitment data, each with its `fit`.
 */
export const bikeFilterShape = {
  vehicle: idSchema.optional(),
  year: yearParam.optional(),
  show: z.enum(BIKE_SHOWS, { error: bikeFilterMessages.showUnknown }).optional(),
};

/**
 * With a bike and the default `show`: how many more parts match but have no fitment data, and,
 * when none fit and none lack data, how many match without the bike at all (parts for other bikes).
 */
export const bikeMatchCountsShape = {
  unconfirmed: z.number().int().optional(),
  withoutBike: z.number().int().optional(),
};
export const bikeFilterRefinement: [(query: { vehicle?: string | undefined; year?: number | undefined }) => boolean, { path: string[]; message: string }] = [
  (query) => (query.vehicle === undefined) === (query.year === undefined),
  { path: ['vehicle'], message: bikeFilterMessages.bothOrNone },
];
const nameParam = z.string().trim().max(60);

/** GET /vehicles/models?make, /vehicles/years?make&model, /vehicles?make&model&year. */
export const vehicleQuerySchema = z.object({ make: nameParam.optional(), model: nameParam.optional(), year: yearParam.optional() });

/** GET /products/{id}/fitment. */
export const fitmentSchema = z.object({
  universal: z.boolean(),
  vehicles: z.array(
    z.object({ vehicleId: idSchema, make: z.string(), model: z.string(), variant: z.string(), yearFrom: z.number().int(), yearTo: z.number().int(), note: z.string() }),
  ),
});
export type Fitment = z.infer<typeof fitmentSchema>;

/** A make or model as compared: case and runs of spaces do not count. */
export const vehicleNameKey = (name: string): string => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');

/** A bike in My Garage: a vehicle and its model year; one bike is the active one. */
export const garageBikeSchema = z.object({
  _id: idSchema,
  vehicleId: idSchema,
  make: z.string(),
  model: z.string(),
  variant: z.string(),
  year: z.number().int(),
  active: z.boolean(),
});
export type GarageBike = z.infer<typeof garageBikeSchema>;

/** POST /garage: adds the bike (or finds it there already) and, when asked or when it is the first, makes it the active one. */
export const garageAddSchema = z.object({
  vehicleId: idSchema,
  year: z.coerce.number({ error: vehicleMessages.yearInvalid }).int(vehicleMessages.yearInvalid),
  active: z.boolean().optional(),
});

/** At most this many fitment rows per part. */
export const FITMENT_ROWS_MAX = 300;
export const FITMENT_NOTE_MAX = 60;

export const fitmentMessages = {
  unknownBike: (make: string, model: string) => `The shop does not know the ${make} ${model}`,
  yearsOutside: (make: string, model: string, from: number, to: number) => `The ${make} ${model} was made from ${from} to ${to}`,
  twice: (make: string, model: string) => `The ${make} ${model} is listed twice`,
  tooMany: `A part fits at most ${FITMENT_ROWS_MAX} bikes here`,
  noteTooLong: `Note must be at most ${FITMENT_NOTE_MAX} characters`,
} as const;

const optionalYear = z.preprocess((value) => (value === '' || value === null ? undefined : value), year.optional());

/**
 * One fitment row as the admin and the import write it: a make and model (every vehicle of
 * that model whose years meet the row's), optionally narrower years, and a note.
 */
export const fitmentRowInputSchema = z
  .object({
    make: singleLineText(40, vehicleMessages.makeRequired),
    model: singleLineText(60, vehicleMessages.modelRequired),
    yearFrom: optionalYear,
    yearTo: optionalYear,
    note: z.string().trim().max(FITMENT_NOTE_MAX, fitmentMessages.noteTooLong).default(''),
  })
  .refine((row) => row.yearFrom === undefined || row.yearTo === undefined || row.yearTo >= row.yearFrom, {
    path: ['yearTo'],
    message: vehicleMessages.yearsReversed,
  });
export type FitmentRowInput = z.output<typeof fitmentRowInputSchema>;

/** PUT /products/{id}/fitment (admin): the part's universal mark and all its fitment rows, replacing those it had. */
export const fitmentInputSchema = z.object({
  universal: z.boolean().default(false),
  vehicles: z.array(fitmentRowInputSchema).max(FITMENT_ROWS_MAX, fitmentMessages.tooMany).default([]),
});
