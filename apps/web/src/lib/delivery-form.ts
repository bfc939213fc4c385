import { COUNTRY_REGIONS, countryCodeSchema, type DeliveryAddress, postcodeSchema, type PurchaseOptions, quoteMessages } from '@shop/shared';
import { z } from 'zod';

/**
 * SPEC-3's fields of the purchase page and checkout beside SPEC's 'Location' and 'Phone': where
 * the parcel goes and how. The region is '' where the country has none, the method '' until the
 * customer picks one (the quote's cheapest is shown chosen meanwhile).
 */
export const deliveryFormFields = {
  postcode: postcodeSchema,
  region: z.string(),
  country: countryCodeSchema,
  shippingMethodId: z.string(),
  saveAddress: z.boolean(),
};

/**
 * The purchase's rule for the region ('Please choose a region' where the country has regions), as
 * `refine` arguments: checked beside the other fields' messages, not only once they pass.
 */
export const regionRule: [(values: { country: string; region: string }) => boolean, { path: string[]; message: string; when: () => boolean }] = [
  ({ country, region }) => {
    const regions = COUNTRY_REGIONS[country];
    return !regions || regions.includes(region);
  },
  { path: ['region'], message: quoteMessages.regionRequired, when: () => true },
];

export interface DeliveryFormValues {
  location: string;
  phone: string;
  postcode: string;
  region: string;
  country: string;
  shippingMethodId: string;
  saveAddress: boolean;
}

/** The shop's field names of a delivery are the form's: a refusal of the address, phone or method lands under its field. */
export const DELIVERY_SERVER_FIELDS = {
  location: 'location',
  phone: 'phone',
  postcode: 'postcode',
  region: 'region',
  country: 'country',
  shippingMethodId: 'shippingMethodId',
} as const;

/** A form's starting delivery: nothing typed, the shop's country. */
export const emptyDelivery = (country: string): DeliveryFormValues => ({ location: '', phone: '', postcode: '', region: '', country, shippingMethodId: '', saveAddress: false });

/** The delivery as 'Save this address' keeps it. */
export const deliveryAddressOf = (values: DeliveryFormValues): DeliveryAddress => ({
  location: values.location,
  phone: values.phone,
  postcode: values.postcode,
  region: values.region,
  country: values.country,
});

/** What a placement sends beside SPEC's fields: the address, the method shown chosen, the code applied. */
export function placementOptions(values: DeliveryFormValues, chosen: { shippingMethodId: string | undefined; discountCode: string | null }): PurchaseOptions {
  return {
    country: values.country,
    postcode: values.postcode,
    ...(values.region ? { region: values.region } : {}),
    ...(chosen.shippingMethodId ? { shippingMethodId: chosen.shippingMethodId } : {}),
    ...(chosen.discountCode ? { discountCode: chosen.discountCode } : {}),
  };
}
