import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';

const BEFORE = '027-product-images';
const MIGRATION = '028-drop-duplicate-status-index';

describe("migration 028: the orders' status index once", () => {
  const fresh = migrationDatabase();

  /** The orders table's indexes on (status, created_at), by name. */
  async function statusIndexes(): Promise<string[]> {
    const { database } = fresh;
    const { rows } =
      database.dialect === 'postgres'
        ? await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'orders' and indexdef like '%(status, created_at)'`.execute(database.db)
        : await sql<{ name: string }>`
            select name from sqlite_master where type = 'index' and tbl_name = 'orders'
              and (select group_concat(name, ',') from pragma_index_info(sqlite_master.name)) = 'status,created_at'`.execute(database.db);
    return rows.map((row) => row.name).sort();
  }

  it('drops the copy of orders_status_idx, and puts it back on the way down', async () => {
    expect((await fresh.migrator.migrateTo(BEFORE)).error).toBeUndefined();
    expect(await statusIndexes()).toEqual(['orders_status_created_at', 'orders_status_idx']);

    expect((await fresh.migrator.migrateTo(MIGRATION)).error).toBeUndefined();
    expect(await statusIndexes()).toEqual(['orders_status_idx']);

    expect((await fresh.migrator.migrateTo(BEFORE)).error).toBeUndefined();
    expect(await statusIndexes()).toEqual(['orders_status_created_at', 'orders_status_idx']);
    expect((await fresh.migrator.migrateTo(MIGRATION)).error).toBeUndefined();
  });
});
