import { z } from 'zod';
import { COUNTRY_REGIONS, isCountryCode, regionFor } from '../countries.js';
import { countryCodeSchema } from './settings.js';

/** At most this many tax rates: one per US state and Canadian province leaves room for every other country. */
export const MAX_TAX_RATES = 500;

/** The texts of the tax rates (SPEC-3 section 1). */
export const taxMessages = {
  rateInvalid: 'Rate must be from 0 to 100 %',
  rateDecimals: 'Rate can have at most 3 decimals',
  nameRequired: 'Tax name is Required',
  nameTooLong: 'Tax name can be at most 60 characters',
  regionInvalid: (country: string) => `Please choose a region of ${country}`,
  duplicate: (place: string) => `There is already a rate for ${place}`,
  tooMany: `At most ${MAX_TAX_RATES} tax rates`,
} as const;

/** Whether a percentage has at most 3 decimals (what the database keeps: thousandths of a percent). */
const hasThreeDecimalsAtMost = (rate: number): boolean => Math.abs(rate * 1000 - Math.round(rate * 1000)) < 1e-6;

/** A rate's place as the admin reads it: 'US-CA', or 'DE'. */
export const taxPlace = (country: string, region: string | null | undefined): string => (region ? `${country}-${region}` : country);

/**
 * One tax rate as the admin sets it. A region counts only in a country that has regions (it is
 * dropped elsewhere), and there it must be one of that country's.
 */
export const taxRateInputSchema = z
  .object({
    country: countryCodeSchema,
    region: z.string().trim().max(10).nullish(),
    name: z.string({ error: taxMessages.nameRequired }).trim().min(1, taxMessages.nameRequired).max(60, taxMessages.nameTooLong),
    /** Percent, e.g. 7.25. */
    rate: z
      .number({ error: taxMessages.rateInvalid })
      .min(0, taxMessages.rateInvalid)
      .max(100, taxMessages.rateInvalid)
      .refine(hasThreeDecimalsAtMost, taxMessages.rateDecimals),
    appliesToDelivery: z.boolean().default(false),
  })
  .superRefine((row, ctx) => {
    const regions = typeof row.country === 'string' ? COUNTRY_REGIONS[row.country] : undefined;
    if (regions && row.region && regionFor(row.country, row.region) === null) {
      ctx.addIssue({ code: 'custom', path: ['region'], message: taxMessages.regionInvalid(row.country) });
    }
  })
  .transform((row) => ({ ...row, region: regionFor(row.country, row.region) }));

/** `PUT /api/tax-rates`: the whole list, replacing the one before; one row per country and region. */
export const taxRatesInputSchema = z.object({
  rates: z
    .array(taxRateInputSchema)
    .max(MAX_TAX_RATES, taxMessages.tooMany)
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      for (const [index, row] of rows.entries()) {
        if (typeof row.country !== 'string' || !isCountryCode(row.country)) continue;
        const place = taxPlace(row.country, regionFor(row.country, row.region));
        if (seen.has(place)) ctx.addIssue({ code: 'custom', path: [index, row.region ? 'region' : 'country'], message: taxMessages.duplicate(place) });
        seen.add(place);
      }
    }),
});
export type TaxRatesInput = z.input<typeof taxRatesInputSchema>;

/** One tax rate as the API answers it; `region` only where the rate is for one. */
export const taxRateSchema = z.object({
  country: z.string(),
  region: z.string().optional(),
  name: z.string(),
  rate: z.number(),
  appliesToDelivery: z.boolean(),
});
export type TaxRate = z.infer<typeof taxRateSchema>;

/** `GET /api/tax-rates` and `PUT`'s answer: every rate, in the admin's order. */
export const taxRatesSchema = z.object({ rates: z.array(taxRateSchema) });
export type TaxRates = z.infer<typeof taxRatesSchema>;

/** The demo shop's rates (SPEC-3 section 1): what the demo seed adds; a new shop has none. */
export const DEMO_TAX_RATES: TaxRate[] = [
  { country: 'US', region: 'CA', name: 'Sales tax', rate: 7.25, appliesToDelivery: false },
  { country: 'US', region: 'NY', name: 'Sales tax', rate: 4, appliesToDelivery: true },
  { country: 'US', region: 'TX', name: 'Sales tax', rate: 6.25, appliesToDelivery: true },
];
