import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';
import { migrations } from './index.js';

const MIGRATION = '030-shipping-methods';
const names = Object.keys(migrations);
const BEFORE = names[names.indexOf(MIGRATION) - 1]!;

describe('migration 030: delivery methods', () => {
  const fresh = migrationDatabase();

  it("creates the table with the demo's three methods, and drops it on the way down", async () => {
    expect((await fresh.migrator.migrateTo(MIGRATION)).error).toBeUndefined();
    const rows = await sql<{ name: string; price_cents: number; free_from_cents: number | null; days_min: number; days_max: number; countries: string; active: number }>`
      select name, price_cents, free_from_cents, days_min, days_max, countries, active from shipping_methods order by position`.execute(fresh.database.db);
    expect(rows.rows.map((row) => ({ ...row, price_cents: Number(row.price_cents) }))).toEqual([
      { name: 'Standard', price_cents: 490, free_from_cents: 7500, days_min: 2, days_max: 4, countries: '*', active: 1 },
      { name: 'Express', price_cents: 1290, free_from_cents: null, days_min: 1, days_max: 1, countries: 'US', active: 1 },
      { name: 'Collect from the shop', price_cents: 0, free_from_cents: null, days_min: 0, days_max: 0, countries: 'US', active: 1 },
    ]);

    expect((await fresh.migrator.migrateTo(BEFORE)).error).toBeUndefined();
    await expect(sql`select count(*) from shipping_methods`.execute(fresh.database.db)).rejects.toThrow();
    expect((await fresh.migrator.migrateTo(MIGRATION)).error).toBeUndefined();
  });
});
