import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';

const BEFORE = '041-service-reminders';
const MIGRATION = '042-products-category-price-index';

describe("migration 042: a category's parts indexed by price", () => {
  const fresh = migrationDatabase();

  /** The products table's indexes that start with category_id, by name and columns. */
  async function categoryIndexes(): Promise<string[]> {
    const { database } = fresh;
    const { rows } =
      database.dialect === 'postgres'
        ? await sql<{ name: string; columns: string }>`
            select i.relname as name, string_agg(a.attname, ',' order by k.n) as columns
            from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
            cross join lateral unnest(x.indkey) with ordinality as k(attnum, n) join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
            where t.relname = 'products' group by i.relname`.execute(database.db)
        : await sql<{ name: string; columns: string }>`
            select name, (select group_concat(name, ',') from (select name from pragma_index_info(sqlite_master.name) order by seqno)) as columns
            from sqlite_master where type = 'index' and tbl_name = 'products'`.execute(database.db);
    return rows.filter((row) => row.columns.startsWith('category_id')).map((row) => `${row.name}(${row.columns})`).sort();
  }

  it('replaces the category index with one by category, price and id, and puts it back on the way down', async () => {
    expect((await fresh.migrator.migrateTo(BEFORE)).error).toBeUndefined();
    expect(await categoryIndexes()).toEqual(['products_category(category_id)']);

    expect((await fresh.migrator.migrateTo(MIGRATION)).error).toBeUndefined();
    expect(await categoryIndexes()).toEqual(['products_category_price(category_id,price_cents,id)']);

    expect((await fresh.migrator.migrateTo(BEFORE)).error).toBeUndefined();
    expect(await categoryIndexes()).toEqual(['products_category(category_id)']);
    expect((await fresh.migrator.migrateTo(MIGRATION)).error).toBeUndefined();
  });
});
