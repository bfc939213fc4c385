import type { Address, AddressValues } from '@shop/shared';
import type { Selectable } from 'kysely';
import type { AddressTable } from '../../db/schema.js';

export type AddressRow = Selectable<AddressTable>;

/** Database row -> the API's address. */
export const toAddress = (row: AddressRow): Address => ({
  _id: row.id,
  fullName: row.full_name,
  line1: row.line1,
  line2: row.line2,
  city: row.city,
  region: row.region,
  postcode: row.postcode,
  country: row.country,
  phone: row.phone,
  isDefault: row.is_default === 1,
});

/** The customer's address -> its columns (whether it is the default is the repository's to decide). */
export const toAddressColumns = ({ fullName, line1, line2, city, region, postcode, country, phone }: AddressValues) => ({
  full_name: fullName,
  line1,
  line2,
  city,
  region,
  postcode,
  country,
  phone,
});
