import { z } from 'zod';
import { isCountryCode } from '../countries.js';

/** The texts of the shop's settings (SPEC-3 section 1). */
export const settingsMessages = {
  shopNameRequired: 'Shop name is Required',
  countryInvalid: 'Please choose a country',
  cutoffInvalid: 'Please enter a time as HH:MM',
  timeZoneInvalid: 'Please choose a time zone',
  holidayInvalid: 'Please enter holidays as dates (YYYY-MM-DD)',
  returnWindowInvalid: 'Return window must be a whole number of days from 0 to 365',
  shopNameTooLong: 'Shop name can be at most 120 characters',
  shopAddressTooLong: 'Shop address can be at most 500 characters',
  taxIdTooLong: 'Tax id can be at most 60 characters',
} as const;

/** A calendar date as the API carries it: YYYY-MM-DD. */
export const calendarDateSchema = z.iso.date(settingsMessages.holidayInvalid);

export const countryCodeSchema = z
  .string({ error: settingsMessages.countryInvalid })
  .trim()
  .toUpperCase()
  .refine(isCountryCode, settingsMessages.countryInvalid);

/** Whether the runtime knows an IANA time zone name. */
const isTimeZone = (name: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.includes('/') || name === 'UTC';
  } catch {
    return false;
  }
};

/** The public part: what every page may read (`GET /api/settings`). */
export const publicSettingsSchema = z.object({
  shopName: z.string(),
  country: z.string(),
  pricesIncludeTax: z.boolean(),
  /** The dispatch cut-off, HH:MM in the shop's time zone. */
  cutoff: z.string(),
  /** An IANA time zone name, e.g. America/New_York. */
  timeZone: z.string(),
  returnWindowDays: z.number().int(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** Everything the admin sets (`PUT /api/settings`), and what the server reads. */
export const shopSettingsSchema = z.object({
  shopName: z.string({ error: settingsMessages.shopNameRequired }).trim().min(1, settingsMessages.shopNameRequired).max(120, settingsMessages.shopNameTooLong),
  shopAddress: z.string().trim().max(500, settingsMessages.shopAddressTooLong).default(''),
  taxId: z.string().trim().max(60, settingsMessages.taxIdTooLong).default(''),
  country: countryCodeSchema,
  pricesIncludeTax: z.boolean(),
  cutoff: z
    .string({ error: settingsMessages.cutoffInvalid })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, settingsMessages.cutoffInvalid),
  timeZone: z.string({ error: settingsMessages.timeZoneInvalid }).trim().refine(isTimeZone, settingsMessages.timeZoneInvalid),
  /** Days the shop neither dispatches nor counts as working days, YYYY-MM-DD, sorted and unique. */
  holidays: z
    .array(calendarDateSchema)
    .max(366)
    .transform((dates) => [...new Set(dates)].sort()),
  returnWindowDays: z
    .number({ error: settingsMessages.returnWindowInvalid })
    .int(settingsMessages.returnWindowInvalid)
    .min(0, settingsMessages.returnWindowInvalid)
    .max(365, settingsMessages.returnWindowInvalid),
});
/** Every setting as the API answers them (`GET /api/admin/settings`, and `PUT`'s answer). */
export const shopSettingsAnswerSchema = publicSettingsSchema.extend({
  shopAddress: z.string(),
  taxId: z.string(),
  holidays: z.array(z.string()),
});
export type ShopSettingsInput = z.input<typeof shopSettingsSchema>;
export type ShopSettings = z.output<typeof shopSettingsSchema>;

/** The demo shop's settings (SPEC-3 section 1), also what a new shop starts with. */
export const DEMO_SETTINGS: ShopSettings = {
  shopName: 'Moto Parts',
  shopAddress: '',
  taxId: '',
  country: 'US',
  pricesIncludeTax: false,
  cutoff: '14:00',
  timeZone: 'America/New_York',
  // United States federal holidays, as observed.
  holidays: ['2026-12-25', '2027-01-01', '2027-01-18', '2027-02-15', '2027-05-31', '2027-06-18', '2027-07-05', '2027-09-06', '2027-10-11', '2027-11-11', '2027-11-25', '2027-12-24'],
  returnWindowDays: 30,
};
