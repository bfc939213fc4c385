import { type Kysely, sql } from 'kysely';
import { DEMO_SETTINGS } from '@shop/shared';

/**
 * The shop's settings and its tax rates (SPEC-3 section 1).
 * - `shop_settings`: one row (id 1) that every shop starts with, holding the demo's values;
 *   holidays are a JSON array of YYYY-MM-DD dates, as text.
 * - `tax_rates`: the admin's list, replaced whole; a rate is kept in thousandths of a percent
 *   (7.25 % is 7250), the three decimals the admin may write, as an integer. A shop starts with
 *   none: no row, no tax.
 * - `data_revisions`: one counter per kind of shop-wide data an instance keeps in memory
 *   ('settings', 'tax_rates'). A write adds one in its own transaction; every instance compares
 *   the counter with its copy's before it answers from it, at most a few times a second.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shop_settings')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('shop_name', 'text', (col) => col.notNull())
    .addColumn('shop_address', 'text', (col) => col.notNull())
    .addColumn('tax_id', 'text', (col) => col.notNull())
    .addColumn('country', 'varchar(2)', (col) => col.notNull())
    .addColumn('prices_include_tax', 'integer', (col) => col.notNull())
    .addColumn('cutoff', 'varchar(5)', (col) => col.notNull())
    .addColumn('time_zone', 'text', (col) => col.notNull())
    .addColumn('holidays', 'text', (col) => col.notNull())
    .addColumn('return_window_days', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('tax_rates')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('country', 'varchar(2)', (col) => col.notNull())
    .addColumn('region', 'varchar(10)')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('rate_millipercent', 'integer', (col) => col.notNull())
    .addColumn('applies_to_delivery', 'integer', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .execute();
  // One rate per country and region, the country's own (no region) included.
  await sql`create unique index tax_rates_place on tax_rates (country, coalesce(region, ''))`.execute(db);
  await db.schema
    .createTable('data_revisions')
    .addColumn('name', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('revision', 'integer', (col) => col.notNull())
    .execute();

  const typed = db as Kysely<{ shop_settings: Record<string, unknown>; data_revisions: Record<string, unknown> }>;
  const demo = DEMO_SETTINGS;
  await typed
    .insertInto('shop_settings')
    .values({
      id: 1,
      shop_name: demo.shopName,
      shop_address: demo.shopAddress,
      tax_id: demo.taxId,
      country: demo.country,
      prices_include_tax: demo.pricesIncludeTax ? 1 : 0,
      cutoff: demo.cutoff,
      time_zone: demo.timeZone,
      holidays: JSON.stringify(demo.holidays),
      return_window_days: demo.returnWindowDays,
      updated_at: new Date().toISOString(),
    })
    .execute();
  await typed
    .insertInto('data_revisions')
    .values([
      { name: 'settings', revision: 1 },
      { name: 'tax_rates', revision: 1 },
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('data_revisions').execute();
  await db.schema.dropTable('tax_rates').execute();
  await db.schema.dropTable('shop_settings').execute();
}
