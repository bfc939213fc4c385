import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';
import { migrations } from './index.js';

const MIGRATION = '035-purchase-delivery-days';
const BEFORE = Object.keys(migrations).sort().at(Object.keys(migrations).sort().indexOf(MIGRATION) - 1)!;

describe('migration 035: a purchase keeps its delivery days', () => {
  const fresh = migrationDatabase();
  const stamp = '2026-11-27T10:00:00.000Z';

  it("gives a purchase placed before its method's days as they are now, none without a method, and goes back down", async () => {
    const { database, migrator } = fresh;
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const { rows: methods } = await sql<{ id: string; days_max: number }>`select id, days_max from shipping_methods where days_max = 0`.execute(database.db);
    const collection = methods[0]!.id;
    await sql`insert into users (id, name, email, email_verified, created_at, updated_at, role) values ('u1', 'Rider', 'rider@example.com', ${database.dialect === 'postgres' ? sql`true` : sql`1`}, ${stamp}, ${stamp}, 'user')`.execute(database.db);
    for (const [id, method] of [['p1', collection], ['p2', null]] as const) {
      await sql`insert into purchases (id, user_id, customer_name, email, location, phone, status, total_cents, shipping_method_id, created_at, updated_at)
        values (${id}, 'u1', 'Rider', 'rider@example.com', '1 Road', '+1 555 0100', 'paid', 4999, ${method}, ${stamp}, ${stamp})`.execute(database.db);
    }

    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
    const { rows } = await sql<{ id: string; shipping_days_max: number | null }>`select id, shipping_days_max from purchases order by id`.execute(database.db);
    expect(rows).toEqual([
      { id: 'p1', shipping_days_max: 0 },
      { id: 'p2', shipping_days_max: null },
    ]);

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    await expect(sql`select shipping_days_max from purchases`.execute(database.db)).rejects.toThrow();
    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
  });
});
