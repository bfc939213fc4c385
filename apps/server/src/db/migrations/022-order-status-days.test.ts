import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';

describe('migration 022: orders by status per day of placement', () => {
  const fresh = migrationDatabase();

  const insertOrder = (number: number, status: string, placedAt: string) => sql`
    insert into orders (id, number, user_id, product_id, customer_name, email, tool_name, unit_price_cents, quantity, total_cents, location, phone, status, created_at, updated_at)
    values (${String(number).padStart(24, '0')}, ${number}, ${'u'.repeat(24)}, ${'p'.repeat(24)}, ${'Sam'}, ${'sam@example.com'}, ${'Chain'}, ${500}, ${1},
      ${500}, ${'1 Road'}, ${'+44 7700 900123'}, ${status}, ${placedAt}, ${placedAt})
  `.execute(fresh.database.db);

  it('counts the orders already there by their UTC day of placement, leaves out those waiting, and goes back and forth', async () => {
    expect((await fresh.migrator.migrateTo('021-sales')).error).toBeUndefined();
    await insertOrder(10001, 'paid', '2026-03-01T23:59:59.000Z');
    await insertOrder(10002, 'shipped', '2026-03-01T08:00:00.000Z');
    await insertOrder(10003, 'shipped', '2026-03-02T00:00:00.000Z');
    await insertOrder(10004, 'cancelled', '2026-03-02T12:00:00.000Z');
    await insertOrder(10005, 'refunded', '2026-03-02T13:00:00.000Z');
    await insertOrder(10006, 'waiting', '2026-03-02T14:00:00.000Z');

    expect((await fresh.migrator.migrateToLatest()).error).toBeUndefined();
    const db = fresh.database.db;
    const days = await db.selectFrom('order_status_days').selectAll().orderBy('day').execute();
    expect(days.map((row) => [row.day, Number(row.paid), Number(row.shipped), Number(row.cancelled), Number(row.refunded)])).toEqual([
      ['2026-03-01', 1, 1, 0, 0],
      ['2026-03-02', 0, 1, 1, 1],
    ]);

    expect((await fresh.migrator.migrateTo('021-sales')).error).toBeUndefined();
    await expect(db.selectFrom('order_status_days').selectAll().execute()).rejects.toThrow();
    expect((await fresh.migrator.migrateToLatest()).error).toBeUndefined();
    expect(await db.selectFrom('order_status_days').select('day').orderBy('day').execute()).toHaveLength(2);
  });
});
