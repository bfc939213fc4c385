import { centsToDollars, EVERY_COUNTRY, type ShippingMethod } from '@shop/shared';
import type { ShippingMethodRow } from './shipping.repository.js';

/** The countries column: '*' or ISO codes separated by spaces. */
export const countriesOf = (row: Pick<ShippingMethodRow, 'countries'>): string[] => row.countries.split(' ').filter(Boolean);
export const countriesColumn = (countries: readonly string[]): string => countries.join(' ');

/** Whether a method delivers to a country. */
export const serves = (row: Pick<ShippingMethodRow, 'countries'>, country: string): boolean => {
  const countries = countriesOf(row);
  return countries.includes(EVERY_COUNTRY) || countries.includes(country);
};

/** A method as the API answers it: money in dollars, countries as a list. */
export const toShippingMethod = (row: ShippingMethodRow): ShippingMethod => ({
  _id: row.id,
  name: row.name,
  price: centsToDollars(row.price_cents),
  freeFrom: row.free_from_cents === null ? null : centsToDollars(row.free_from_cents),
  daysMin: row.days_min,
  daysMax: row.days_max,
  countries: countriesOf(row),
});
