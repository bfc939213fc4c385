import type { TaxRate } from '@shop/shared';
import type { Selectable } from 'kysely';
import type { TaxRateTable } from '../../db/schema.js';

/** What the database keeps of a percentage: thousandths of a percent (migration 029). */
const MILLI = 1000;

/** A rate as the admin and the quote read it. */
export const toTaxRate = (row: Pick<Selectable<TaxRateTable>, 'country' | 'region' | 'name' | 'rate_millipercent' | 'applies_to_delivery'>): TaxRate => ({
  country: row.country,
  ...(row.region ? { region: row.region } : {}),
  name: row.name,
  rate: row.rate_millipercent / MILLI,
  appliesToDelivery: Boolean(row.applies_to_delivery),
});

/** A checked rate as its row keeps it, at its place in the list. */
export const toTaxRateRow = (rate: { country: string; region: string | null; name: string; rate: number; appliesToDelivery: boolean }, position: number, id: string): Selectable<TaxRateTable> => ({
  id,
  country: rate.country,
  region: rate.region,
  name: rate.name,
  rate_millipercent: Math.round(rate.rate * MILLI),
  applies_to_delivery: rate.appliesToDelivery ? 1 : 0,
  position,
});
