import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';
import { countExistingOrders } from './021-sales.js';

describe('migration 034: sales net of discounts and tax, the tax apart', () => {
  const fresh = migrationDatabase();
  const AT = '2026-05-10T12:00:00.000Z';

  it('restates the days and parts already counted from their lines, keeps their tax apart, and goes back down', async () => {
    const { database, migrator } = fresh;
    const db = database.db;
    expect((await migrator.migrateTo('033-purchase-amounts')).error).toBeUndefined();
    const yes = database.dialect === 'postgres' ? sql`true` : sql`1`;
    const no = database.dialect === 'postgres' ? sql`false` : sql`0`;
    const purchase = (id: string, pricesIncludeTax: boolean) => sql`
      insert into purchases (id, user_id, customer_name, email, location, phone, status, total_cents, created_at, updated_at, paid_at, prices_include_tax)
      values (${id}, 'u1', 'Sam', 'sam@example.com', '1 Road', '+1 555 0100', 'paid', 0, ${AT}, ${AT}, ${AT}, ${pricesIncludeTax ? yes : no})`.execute(db);
    const line = (number: number, purchaseId: string, product: string, cents: { total: number; discount: number; tax: number }, refundedAt: string | null = null) => sql`
      insert into orders (id, number, purchase_id, user_id, product_id, tool_name, unit_price_cents, quantity, total_cents, discount_cents, tax_cents, status, created_at, updated_at, paid_at, refunded_at)
      values (${`o${number}`}, ${number}, ${purchaseId}, 'u1', ${product}, 'Chain', ${cents.total}, 1, ${cents.total}, ${cents.discount}, ${cents.tax}, ${refundedAt ? 'refunded' : 'paid'}, ${AT}, ${AT}, ${AT}, ${refundedAt})`.execute(db);
    await purchase('added', false);
    await purchase('included', true);
    await purchase('before', false);
    // 40.00 less 10 %, 2.61 tax added, refunded the next day; 40.00 less 10 % holding 2.43 of tax; 5.00 with neither.
    await line(10001, 'added', 'a', { total: 4000, discount: 400, tax: 261 }, '2026-05-11T09:00:00.000Z');
    await line(10002, 'included', 'b', { total: 4000, discount: 400, tax: 243 });
    await line(10003, 'before', 'c', { total: 500, discount: 0, tax: 0 });
    // Counted as they were before: each line's total.
    await countExistingOrders(db as unknown as Kysely<unknown>);
    await sql`insert into sales_windows (from_day, through_day) values ('2026-05-04', '2026-05-10')`.execute(db);
    await sql`insert into sales_part_windows (from_day, through_day, product_id, quantity, cents) values ('2026-05-04', '2026-05-10', 'a', 1, 4000)`.execute(db);

    expect((await migrator.migrateTo('034-sales-net-of-tax')).error).toBeUndefined();
    const days = await db.selectFrom('sales_days').selectAll().orderBy('day').execute();
    expect(days.map((row) => [row.day, Number(row.paid_orders), Number(row.paid_cents), Number(row.refunded_orders), Number(row.refunded_cents), Number(row.tax_cents)])).toEqual([
      ['2026-05-10', 3, 3600 + 3357 + 500, 0, 0, 261 + 243],
      ['2026-05-11', 0, 0, 1, 3600, -261],
    ]);
    const parts = await db.selectFrom('sales_part_days').selectAll().orderBy('day').orderBy('product_id').execute();
    expect(parts.map((row) => [row.day, row.product_id, Number(row.quantity), Number(row.cents)])).toEqual([
      ['2026-05-10', 'a', 1, 3600],
      ['2026-05-10', 'b', 1, 3357],
      ['2026-05-10', 'c', 1, 500],
      ['2026-05-11', 'a', -1, -3600],
    ]);
    // The ranges summed the old way are summed again when next read.
    expect(await db.selectFrom('sales_windows').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('sales_part_windows').selectAll().execute()).toEqual([]);

    expect((await migrator.migrateTo('033-purchase-amounts')).error).toBeUndefined();
    await expect(sql`select tax_cents from sales_days`.execute(db)).rejects.toThrow();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
