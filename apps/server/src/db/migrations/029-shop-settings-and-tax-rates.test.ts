import { DEMO_SETTINGS } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';

const BEFORE = '028-drop-duplicate-status-index';
const THIS = '029-shop-settings-and-tax-rates';

describe("migration 029: the shop's settings and its tax rates", () => {
  const fresh = migrationDatabase();
  const tables = async () => (await fresh.database.db.introspection.getTables()).map((table) => table.name);

  it('starts every shop with the demo settings and no tax rate, and takes the tables away again', async () => {
    expect((await fresh.migrator.migrateTo(THIS)).error).toBeUndefined();
    const { db } = fresh.database;
    const settings = await db.selectFrom('shop_settings').selectAll().execute();
    expect(settings).toHaveLength(1);
    expect(settings[0]).toMatchObject({
      id: 1,
      shop_name: DEMO_SETTINGS.shopName,
      country: 'US',
      cutoff: '14:00',
      time_zone: 'America/New_York',
      return_window_days: 30,
      holidays: JSON.stringify(DEMO_SETTINGS.holidays),
    });
    expect(Number(settings[0]!.prices_include_tax)).toBe(0);
    expect(await db.selectFrom('tax_rates').selectAll().execute()).toEqual([]);
    expect((await db.selectFrom('data_revisions').select(['name', 'revision']).orderBy('name').execute()).map((row) => row.name)).toEqual(['settings', 'tax_rates']);

    // One settings row, one rate per country and region.
    await expect(db.insertInto('shop_settings').values({ ...settings[0]!, id: 2 }).execute()).rejects.toThrow();
    const rate = { country: 'US', region: 'CA', name: 'Sales tax', rate_millipercent: 7250, applies_to_delivery: 0, position: 0 };
    await db.insertInto('tax_rates').values({ ...rate, id: 'a' }).execute();
    await expect(db.insertInto('tax_rates').values({ ...rate, id: 'b' }).execute()).rejects.toThrow();
    await db.insertInto('tax_rates').values({ ...rate, id: 'c', region: null }).execute();
    await expect(db.insertInto('tax_rates').values({ ...rate, id: 'd', region: null }).execute()).rejects.toThrow();

    expect((await fresh.migrator.migrateTo(BEFORE)).error).toBeUndefined();
    for (const table of ['shop_settings', 'tax_rates', 'data_revisions']) expect(await tables()).not.toContain(table);

    expect((await fresh.migrator.migrateTo(THIS)).error).toBeUndefined();
    expect(await tables()).toEqual(expect.arrayContaining(['shop_settings', 'tax_rates', 'data_revisions']));
    expect(await db.selectFrom('tax_rates').selectAll().execute()).toEqual([]);
  });
});
