import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';

describe('migration 010: order numbers', () => {
  const fresh = migrationDatabase();

  const insertOrder = (id: string, createdAt: string) => sql`
    insert into orders (id, user_id, product_id, customer_name, email, tool_name, unit_price_cents, quantity, total_cents, location, phone, status, created_at, updated_at)
    values (${id}, ${'u'.repeat(24)}, ${'p'.repeat(24)}, ${'Sam'}, ${'sam@example.com'}, ${'Chain'}, ${500}, ${1}, ${500}, ${'1 Road'}, ${'+44 7700 900123'}, ${'paid'}, ${createdAt}, ${createdAt})
  `.execute(fresh.database.db);
  const numbers = async () =>
    Object.fromEntries((await fresh.database.db.selectFrom('orders').select(['id', 'number']).execute()).map((row) => [row.id, Number(row.number)]));

  it('numbers the orders already there by the time they were placed, and the next order after them', async () => {
    expect((await fresh.migrator.migrateTo('009-cancellation-emails')).error).toBeUndefined();
    await insertOrder('b'.repeat(24), '2026-03-02T10:00:00.000Z');
    await insertOrder('a'.repeat(24), '2026-03-01T10:00:00.000Z');
    await insertOrder('c'.repeat(24), '2026-03-02T10:00:00.000Z');

    expect((await fresh.migrator.migrateToLatest()).error).toBeUndefined();
    expect(await numbers()).toEqual({ ['a'.repeat(24)]: 10001, ['b'.repeat(24)]: 10002, ['c'.repeat(24)]: 10003 });
    // Two orders cannot share a number.
    await expect(sql`update orders set number = 10001 where id = ${'b'.repeat(24)}`.execute(fresh.database.db)).rejects.toThrow();

    // And back, then forward again on the same data.
    expect((await fresh.migrator.migrateTo('009-cancellation-emails')).error).toBeUndefined();
    expect((await fresh.migrator.migrateToLatest()).error).toBeUndefined();
    expect(Object.values(await numbers()).sort()).toEqual([10001, 10002, 10003]);
  });
});
