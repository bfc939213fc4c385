import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';
import { migrations } from './index.js';

const MIGRATION = '033-purchase-amounts';
const BEFORE = Object.keys(migrations).sort().at(Object.keys(migrations).sort().indexOf(MIGRATION) - 1)!;

describe('migration 033: a purchase keeps its amounts', () => {
  const fresh = migrationDatabase();
  const stamp = '2026-11-27T10:00:00.000Z';

  it('gives a purchase placed before its total as its subtotal and nothing else, and goes back down', async () => {
    const { database, migrator } = fresh;
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    await sql`insert into users (id, name, email, email_verified, created_at, updated_at, role) values ('u1', 'Rider', 'rider@example.com', ${database.dialect === 'postgres' ? sql`true` : sql`1`}, ${stamp}, ${stamp}, 'user')`.execute(database.db);
    await sql`insert into purchases (id, user_id, customer_name, email, location, phone, status, total_cents, created_at, updated_at)
      values ('p1', 'u1', 'Rider', 'rider@example.com', '1 Road', '+1 555 0100', 'paid', 4999, ${stamp}, ${stamp})`.execute(database.db);

    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
    const { rows } = await sql<Record<string, unknown>>`select subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents, country, shipping_method_name from purchases`.execute(database.db);
    expect(rows.map((row) => ({ ...row, subtotal_cents: Number(row.subtotal_cents), discount_cents: Number(row.discount_cents), shipping_cents: Number(row.shipping_cents), tax_cents: Number(row.tax_cents), total_cents: Number(row.total_cents) }))).toEqual([
      { subtotal_cents: 4999, discount_cents: 0, shipping_cents: 0, tax_cents: 0, total_cents: 4999, country: null, shipping_method_name: null },
    ]);

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    await expect(sql`select subtotal_cents from purchases`.execute(database.db)).rejects.toThrow();
    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
  });
});
