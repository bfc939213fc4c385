import { z } from 'zod';
import { COUNTRY_REGIONS } from '../countries.js';
import { addressMessages, postcodeSchema } from './address.js';
import { idSchema } from './common.js';
import { discountCodeEntrySchema } from './discount.js';
import { countryCodeSchema } from './settings.js';

/** The texts of totals and delivery (SPEC-3 section 1). */
export const quoteMessages = {
  methodUnavailable: 'This delivery method is not available',
  methodNotServing: (country: string) => `This delivery method does not deliver to ${country}`,
  noMethod: (country: string) => `We do not deliver to ${country} yet`,
  linesRequired: 'Add a part to see its total',
  regionRequired: addressMessages.regionInvalid,
  postcodeRequired: addressMessages.postcodeRequired,
} as const;

/** A country's name in English, for messages (the code itself where the runtime has no name). */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * What a purchase may say beyond SPEC's fields: where it goes, how, and a discount code; each
 * optional, so SPEC's and SPEC-2's calls keep working (the shop's country, its cheapest method).
 */
export const purchaseOptionFields = {
  country: countryCodeSchema.optional(),
  region: z.string().trim().toUpperCase().max(8, addressMessages.regionInvalid).nullish(),
  postcode: postcodeSchema.optional(),
  shippingMethodId: idSchema.optional(),
  discountCode: discountCodeEntrySchema.optional(),
};

type PurchaseOptionValues = { country?: string | undefined; region?: string | null | undefined; postcode?: string | undefined };

/**
 * A purchase that names its country names a full address: its postcode, and its region where the
 * country has regions (the tax may depend on it).
 */
export function checkPurchaseAddress(options: PurchaseOptionValues, context: z.RefinementCtx): void {
  if (options.country === undefined) return;
  if (options.postcode === undefined) context.addIssue({ code: 'custom', path: ['postcode'], message: quoteMessages.postcodeRequired });
  const regions = COUNTRY_REGIONS[options.country];
  if (regions && !(options.region && regions.includes(options.region))) context.addIssue({ code: 'custom', path: ['region'], message: quoteMessages.regionRequired });
}

export type PurchaseOptions = z.output<z.ZodObject<typeof purchaseOptionFields>>;
