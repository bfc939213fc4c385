import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';

describe('migration 021: sales', () => {
  const fresh = migrationDatabase();

  const insertOrder = (number: number, order: { product: string; quantity: number; cents: number; status: string; paidAt?: string; refundedAt?: string }) => sql`
    insert into orders (id, number, user_id, product_id, customer_name, email, tool_name, unit_price_cents, quantity, total_cents, location, phone, status, created_at, updated_at, paid_at, refunded_at)
    values (${String(number).padStart(24, '0')}, ${number}, ${'u'.repeat(24)}, ${order.product.repeat(24)}, ${'Sam'}, ${'sam@example.com'}, ${'Chain'}, ${order.cents / order.quantity}, ${order.quantity},
      ${order.cents}, ${'1 Road'}, ${'+44 7700 900123'}, ${order.status}, ${'2026-03-01T10:00:00.000Z'}, ${'2026-03-01T10:00:00.000Z'}, ${order.paidAt ?? null}, ${order.refundedAt ?? null})
  `.execute(fresh.database.db);

  it('counts the orders already paid and refunded on their UTC days, and goes back and forth', async () => {
    expect((await fresh.migrator.migrateTo('020-stock-alerts')).error).toBeUndefined();
    await insertOrder(10001, { product: 'a', quantity: 2, cents: 1000, status: 'shipped', paidAt: '2026-03-01T23:59:59.000Z' });
    await insertOrder(10002, { product: 'a', quantity: 1, cents: 500, status: 'refunded', paidAt: '2026-03-02T00:00:00.000Z', refundedAt: '2026-03-03T08:00:00.000Z' });
    await insertOrder(10003, { product: 'b', quantity: 4, cents: 2000, status: 'paid', paidAt: '2026-03-02T12:00:00.000Z' });
    await insertOrder(10004, { product: 'b', quantity: 3, cents: 900, status: 'waiting' });
    await insertOrder(10005, { product: 'c', quantity: 1, cents: 100, status: 'cancelled' });

    expect((await fresh.migrator.migrateToLatest()).error).toBeUndefined();
    const db = fresh.database.db;
    const days = await db.selectFrom('sales_days').selectAll().orderBy('day').execute();
    expect(days.map((row) => [row.day, Number(row.paid_orders), Number(row.paid_cents), Number(row.refunded_orders), Number(row.refunded_cents)])).toEqual([
      ['2026-03-01', 1, 1000, 0, 0],
      ['2026-03-02', 2, 2500, 0, 0],
      ['2026-03-03', 0, 0, 1, 500],
    ]);
    const parts = await db.selectFrom('sales_part_days').selectAll().orderBy('day').orderBy('product_id').execute();
    expect(parts.map((row) => [row.day, row.product_id[0], Number(row.quantity), Number(row.cents)])).toEqual([
      ['2026-03-01', 'a', 2, 1000],
      ['2026-03-02', 'a', 1, 500],
      ['2026-03-02', 'b', 4, 2000],
      ['2026-03-03', 'a', -1, -500],
    ]);

    expect((await fresh.migrator.migrateTo('020-stock-alerts')).error).toBeUndefined();
    await expect(db.selectFrom('sales_days').selectAll().execute()).rejects.toThrow();
    expect((await fresh.migrator.migrateToLatest()).error).toBeUndefined();
    expect(await db.selectFrom('sales_days').select('day').orderBy('day').execute()).toHaveLength(3);
  });
});
