import { z } from 'zod';
import { isCountryCode } from '../countries.js';
import { calendarDateSchema } from './settings.js';
import { idSchema, singleLineText } from './common.js';

export const SHIPPING_NAME_MAX = 60;
/** The longest delivery a method may promise, in working days. */
export const SHIPPING_DAYS_MAX = 30;
/** `countries` of a method that delivers everywhere. */
export const EVERY_COUNTRY = '*';
const MAX_AMOUNT_CENTS = 100_000_000;

/** The texts of the delivery methods' forms (SPEC-3 section 1). */
export const shippingMethodMessages = {
  nameRequired: 'Name is Required',
  priceInvalid: 'Enter a price from 0 with at most 2 decimals, such as 4.90',
  freeFromInvalid: 'Enter a subtotal from 0 with at most 2 decimals, or leave it empty',
  daysInvalid: `Enter a whole number of working days from 0 to ${SHIPPING_DAYS_MAX}`,
  daysReversed: 'Days to must not be below Days from',
  countriesRequired: 'Enter * for every country, or country codes such as US, CA',
  countriesUnknown: (codes: readonly string[]) => `Not a country code: ${codes.join(', ')}`,
  everyCountryAlone: '* means every country: enter it alone, without country codes',
  unknownMethod: 'Choose one of the delivery methods',
} as const;

/** Dollars typed as text or sent as a number: from 0, at most 2 decimals; answers cents. */
const amountInCents = (message: string) =>
  z
    .union([z.string().trim(), z.number()], { error: message })
    .transform((value) => (typeof value === 'number' ? String(value) : value))
    .refine((value) => /^\d{1,7}(\.\d{1,2})?$/.test(value), { error: message, abort: true })
    .transform((value) => Math.round(Number(value) * 100))
    .refine((cents) => cents <= MAX_AMOUNT_CENTS, message);

const workingDays = z.coerce
  .number({ error: shippingMethodMessages.daysInvalid })
  .int(shippingMethodMessages.daysInvalid)
  .min(0, shippingMethodMessages.daysInvalid)
  .max(SHIPPING_DAYS_MAX, shippingMethodMessages.daysInvalid);

/**
 * The countries a method serves: `['*']` for every country, or ISO codes (any case, typed as one
 * text separated by commas or spaces, or sent as a list); answers the codes upper case, once each.
 */
export const shippingCountriesSchema = z
  .union([z.string(), z.array(z.string().max(8, shippingMethodMessages.countriesRequired)).max(300, shippingMethodMessages.countriesRequired)], {
    error: shippingMethodMessages.countriesRequired,
  })
  .transform((value) => {
    const codes = (typeof value === 'string' ? value.split(/[\s,;]+/) : value).map((code) => code.trim().toUpperCase()).filter(Boolean);
    return [...new Set(codes)];
  })
  .superRefine((codes, context) => {
    if (codes.length === 0) context.addIssue({ code: 'custom', message: shippingMethodMessages.countriesRequired });
    else if (codes.includes(EVERY_COUNTRY)) {
      if (codes.length > 1) context.addIssue({ code: 'custom', message: shippingMethodMessages.everyCountryAlone });
    } else {
      const unknown = codes.filter((code) => !isCountryCode(code));
      if (unknown.length > 0) context.addIssue({ code: 'custom', message: shippingMethodMessages.countriesUnknown(unknown.slice(0, 5)) });
    }
  });

const shippingFields = {
  name: singleLineText(SHIPPING_NAME_MAX, shippingMethodMessages.nameRequired),
  price: amountInCents(shippingMethodMessages.priceInvalid),
  /** Empty, null or absent: the method is never free. */
  freeFrom: z.preprocess((value) => (value === '' ? null : value), amountInCents(shippingMethodMessages.freeFromInvalid).nullable().optional()),
  daysMin: workingDays,
  daysMax: workingDays,
  countries: shippingCountriesSchema,
  active: z.boolean().optional(),
};

const daysInOrder = <T extends { daysMin?: number | undefined; daysMax?: number | undefined }>(method: T) =>
  method.daysMin === undefined || method.daysMax === undefined || method.daysMax >= method.daysMin;

/** POST /shipping-methods (admin): price and freeFrom in dollars, answered as cents. */
export const shippingMethodInputSchema = z
  .object(shippingFields)
  .refine(daysInOrder, { path: ['daysMax'], message: shippingMethodMessages.daysReversed });
export type ShippingMethodInput = z.input<typeof shippingMethodInputSchema>;
export type ShippingMethodValues = z.output<typeof shippingMethodInputSchema>;

/** PATCH /shipping-methods/{id} (admin): any of the fields; the days are checked again against the saved ones. */
export const shippingMethodPatchSchema = z
  .object(shippingFields)
  .partial()
  .refine(daysInOrder, { path: ['daysMax'], message: shippingMethodMessages.daysReversed });
export type ShippingMethodPatch = z.output<typeof shippingMethodPatchSchema>;

/** A delivery method as `GET /shipping-methods` answers it (money in dollars). */
export const shippingMethodSchema = z.object({
  _id: idSchema,
  name: z.string(),
  price: z.number(),
  /** The subtotal from which it is free; null when it never is. */
  freeFrom: z.number().nullable(),
  daysMin: z.number().int(),
  daysMax: z.number().int(),
  /** `['*']` for every country, otherwise ISO codes. */
  countries: z.array(z.string()),
  /** Only in the admin's list (`GET /admin/shipping-methods`), which shows inactive methods too. */
  active: z.boolean().optional(),
  /** With `?country=`: the arrival dates of an order placed now (YYYY-MM-DD, the shop's calendar). */
  arrivesFrom: calendarDateSchema.optional(),
  arrivesTo: calendarDateSchema.optional(),
  /** With `?country=`: until when an order placed now is dispatched today (an instant), else null. */
  dispatchBy: z.string().nullable().optional(),
});
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;

/** GET /shipping-methods: `country` lists the methods serving it, with their arrival. */
export const shippingMethodsQuerySchema = z.object({
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isCountryCode, 'country must be a two-letter country code')
    .optional(),
});
