import type { PublicSettings, ShopSettings } from '@shop/shared';
import type { Insertable, Selectable } from 'kysely';
import type { ShopSettingsTable } from '../../db/schema.js';

type SettingsRow = Selectable<ShopSettingsTable>;

/** The settings row as the shop reads it. */
export const toShopSettings = (row: SettingsRow): ShopSettings => ({
  shopName: row.shop_name,
  shopAddress: row.shop_address,
  taxId: row.tax_id,
  country: row.country,
  pricesIncludeTax: Boolean(row.prices_include_tax),
  cutoff: row.cutoff,
  timeZone: row.time_zone,
  holidays: JSON.parse(row.holidays) as string[],
  returnWindowDays: row.return_window_days,
});

/** The settings as the row keeps them. */
export const toSettingsRow = (settings: ShopSettings, updatedAt: string): Omit<Insertable<ShopSettingsTable>, 'id'> => ({
  shop_name: settings.shopName,
  shop_address: settings.shopAddress,
  tax_id: settings.taxId,
  country: settings.country,
  prices_include_tax: settings.pricesIncludeTax ? 1 : 0,
  cutoff: settings.cutoff,
  time_zone: settings.timeZone,
  holidays: JSON.stringify(settings.holidays),
  return_window_days: settings.returnWindowDays,
  updated_at: updatedAt,
});

/** What every page may read (`GET /api/settings`). */
export const toPublicSettings = ({ shopName, country, pricesIncludeTax, cutoff, timeZone, returnWindowDays }: ShopSettings): PublicSettings => ({
  shopName,
  country,
  pricesIncludeTax,
  cutoff,
  timeZone,
  returnWindowDays,
});
