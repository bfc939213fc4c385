import { z } from 'zod';
import { TEXT_LIMITS } from '../constants.js';
import { COUNTRY_REGIONS, regionFor } from '../countries.js';
import { idSchema, singleLineText } from './common.js';
import { countryCodeSchema } from './settings.js';
import { phoneSchema } from './user.js';

/** The most addresses one customer keeps (SPEC-3 section 1, My Addresses). */
export const ADDRESSES_MAX = 10;

/**
 * How long each part of an address may be. Line 1 takes a whole SPEC 'Location' (what 'Save this
 * address' saves), and the lines and the city together make one Location again, so together they
 * stay within its limit too.
 */
export const ADDRESS_LIMITS = {
  fullName: TEXT_LIMITS.name,
  line1: TEXT_LIMITS.location,
  line2: 100,
  city: 100,
  postcode: 16,
} as const;

/** The texts of saved addresses: the fields' labels and the shop's messages. */
export const addressMessages = {
  labels: {
    fullName: 'Full name',
    line1: 'Address line 1',
    line2: 'Address line 2',
    city: 'City',
    region: 'Region',
    postcode: 'Postcode',
    country: 'Country',
    phone: 'Phone',
  },
  fullNameRequired: 'Full name is Required',
  line1Required: 'Address line 1 is Required',
  /** The lines and the city become one SPEC 'Location' on a purchase. */
  linesTooLong: `Address lines and city can be at most ${TEXT_LIMITS.location} characters together`,
  regionInvalid: 'Please choose a region',
  postcodeRequired: 'Postcode is Required',
  postcodeInvalid: 'Please enter a valid postcode',
  full: `You can keep at most ${ADDRESSES_MAX} addresses`,
} as const;

/** A line a customer may leave empty (then ''); otherwise held to the rules of every name. */
const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .default('')
    .superRefine((value, context) => {
      if (value === '') return;
      const checked = singleLineText(max, '').safeParse(value);
      for (const issue of checked.error?.issues ?? []) context.addIssue({ code: 'custom', message: issue.message });
    });

/** Letters, digits, spaces and dashes, starting with a letter or digit: every country's postcodes, and nothing a page could take for markup. */
const POSTCODE_PATTERN = new RegExp(`^[A-Za-z0-9][A-Za-z0-9 -]{0,${ADDRESS_LIMITS.postcode - 1}}$`);

/** A postcode, required: an address's, and a purchase's beside its Location (upper case). */
export const postcodeSchema = z
  .string({ error: addressMessages.postcodeRequired })
  .trim()
  // One message, and no aborting check: the region's message still shows beside it.
  .superRefine((postcode, context) => {
    if (postcode === '') context.addIssue({ code: 'custom', message: addressMessages.postcodeRequired });
    else if (!POSTCODE_PATTERN.test(postcode)) context.addIssue({ code: 'custom', message: addressMessages.postcodeInvalid });
  })
  .transform((postcode) => postcode.toUpperCase());

/** The parts of an address a delivery's Location is made of, joined as a label would print them. */
const locationOf = (address: { line1: string; line2?: string | undefined; city?: string | undefined }): string =>
  [address.line1, address.line2, address.city]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(', ');

/** Whether a region suits the country: one of its codes where it has regions; anything (dropped) elsewhere. */
const regionFits = (country: unknown, region: unknown): boolean => {
  const regions = typeof country === 'string' ? COUNTRY_REGIONS[country] : undefined;
  return !regions || (typeof region === 'string' && regions.includes(region));
};
const isObject = ({ value }: { value: unknown }) => typeof value === 'object' && value !== null;

/**
 * `POST /api/addresses` and `PUT /api/addresses/{id}`: an address as the customer writes it. The
 * region is kept only for a country that has regions (required there, one of its codes); for any
 * other country it is dropped, not refused. `isDefault: true` makes it the customer's default.
 */
export const addressInputSchema = z
  .object({
    fullName: singleLineText(ADDRESS_LIMITS.fullName, addressMessages.fullNameRequired),
    line1: singleLineText(ADDRESS_LIMITS.line1, addressMessages.line1Required),
    line2: optionalLine(ADDRESS_LIMITS.line2),
    city: optionalLine(ADDRESS_LIMITS.city),
    region: z.string().trim().toUpperCase().nullish(),
    postcode: postcodeSchema,
    country: countryCodeSchema,
    phone: phoneSchema,
    isDefault: z.boolean().optional(),
  })
  // Both run beside the fields' own messages (a missing region shows with a missing postcode), so a field may still be unread.
  .refine((address) => regionFits(address.country, address.region), { path: ['region'], message: addressMessages.regionInvalid, when: isObject })
  .refine((address) => typeof address.line1 !== 'string' || locationOf(address).length <= TEXT_LIMITS.location, {
    path: ['line1'],
    message: addressMessages.linesTooLong,
    when: isObject,
  })
  .transform(({ region, ...address }) => ({ ...address, region: regionFor(address.country, region) }));
export type AddressInput = z.input<typeof addressInputSchema>;
export type AddressValues = z.output<typeof addressInputSchema>;

/** `GET /api/addresses`: one of the customer's addresses; exactly one of them is the default. */
export const addressSchema = z.object({
  _id: idSchema,
  fullName: z.string(),
  line1: z.string(),
  /** '' when there is none. */
  line2: z.string(),
  /** '' when there is none: small countries have no cities. */
  city: z.string(),
  /** A region code of a country that has regions, otherwise null. */
  region: z.string().nullable(),
  postcode: z.string(),
  country: z.string(),
  phone: z.string(),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

/** Where a purchase goes, as the purchase page and checkout hold it: SPEC's Location and Phone, and the postcode, region ('' for none) and country. */
export interface DeliveryAddress {
  location: string;
  phone: string;
  postcode: string;
  region: string;
  country: string;
}

/** A saved address as a purchase's delivery: its lines and city become SPEC's one 'Location'. */
export const addressToDelivery = (address: Pick<Address, 'line1' | 'line2' | 'city' | 'region' | 'postcode' | 'country' | 'phone'>): DeliveryAddress => ({
  location: locationOf(address),
  phone: address.phone,
  postcode: address.postcode,
  region: address.region ?? '',
  country: address.country,
});

/**
 * 'Save this address' on the purchase page and checkout: the delivery typed there, under the
 * buyer's name, as an address to post. The Location becomes line 1, on one line.
 */
export const deliveryToAddress = (delivery: DeliveryAddress, fullName: string): AddressInput => ({
  fullName,
  line1: delivery.location
    .split(/[\r\n\u2028\u2029]+/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(', '),
  line2: '',
  city: '',
  region: delivery.region,
  postcode: delivery.postcode,
  country: delivery.country,
  phone: delivery.phone,
});
