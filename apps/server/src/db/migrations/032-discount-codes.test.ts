import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';
import { migrations } from './index.js';

const MIGRATION = '032-discount-codes';
const BEFORE = Object.keys(migrations).sort().at(Object.keys(migrations).sort().indexOf(MIGRATION) - 1)!;

describe('migration 032: discount codes', () => {
  const fresh = migrationDatabase();

  const tables = async (): Promise<string[]> => {
    const { database } = fresh;
    const { rows } =
      database.dialect === 'postgres'
        ? await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema() and tablename like 'discount%'`.execute(database.db)
        : await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name like 'discount%'`.execute(database.db);
    return rows.map((row) => row.name).sort();
  };

  it('adds the discounts and their redemptions, and takes them away on the way down', async () => {
    expect((await fresh.migrator.migrateTo(MIGRATION)).error).toBeUndefined();
    expect(await tables()).toEqual(['discount_redemptions', 'discounts']);
    expect((await fresh.migrator.migrateTo(BEFORE)).error).toBeUndefined();
    expect(await tables()).toEqual([]);
    expect((await fresh.migrator.migrateTo(MIGRATION)).error).toBeUndefined();
    expect(await tables()).toEqual(['discount_redemptions', 'discounts']);
  });
});
