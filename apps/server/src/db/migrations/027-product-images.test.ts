import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';

const BEFORE = '026-purchases';

describe("migration 027: a part's further photos", () => {
  const fresh = migrationDatabase();
  const tables = async () => (await fresh.database.db.introspection.getTables()).map((table) => table.name);

  it('adds the product_images table, and takes it away again', async () => {
    expect((await fresh.migrator.migrateTo('027-product-images')).error).toBeUndefined();
    const table = (await fresh.database.db.introspection.getTables()).find((found) => found.name === 'product_images');
    expect(table?.columns.map((column) => column.name).sort()).toEqual(['img', 'position', 'product_id']);

    expect((await fresh.migrator.migrateTo(BEFORE)).error).toBeUndefined();
    expect(await tables()).not.toContain('product_images');

    expect((await fresh.migrator.migrateTo('027-product-images')).error).toBeUndefined();
    expect(await tables()).toContain('product_images');
  });
});
