import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';
import { migrations } from './index.js';

const MIGRATION = '039-service-kits';
const BEFORE = Object.keys(migrations).sort().at(Object.keys(migrations).sort().indexOf(MIGRATION) - 1)!;
const STAMP = '2026-11-01T10:00:00.000Z';
const VEHICLE = 'v'.repeat(24);
const PART = 'p'.repeat(24);

describe('migration 039: service kits', () => {
  const fresh = migrationDatabase();

  it("keeps a deleted part's line by its name, takes a vehicle's kit with it, and goes back down", async () => {
    const { database, migrator } = fresh;
    const { db } = database;
    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
    await sql`insert into vehicles (id, make, make_key, model, model_key, year_from, year_to, cc, created_at)
      values (${VEHICLE}, ${'Honda'}, ${'honda'}, ${'CB500F'}, ${'cb500f'}, ${2013}, ${2023}, ${471}, ${STAMP})`.execute(db);
    await sql`insert into products (id, name, description, price_cents, quantity, minimum, img, created_at, updated_at)
      values (${PART}, ${'Spin-On Oil Filter, 65 mm'}, ${'x'}, ${1299}, ${10}, ${1}, ${'/images/x.webp'}, ${STAMP}, ${STAMP})`.execute(db);
    await sql`insert into service_kits (vehicle_id, interval_km, interval_months, updated_at) values (${VEHICLE}, ${12000}, ${12}, ${STAMP})`.execute(db);
    const insertLine = (position: number, quantity: number) =>
      sql`insert into service_kit_lines (vehicle_id, position, product_id, name, quantity) values (${VEHICLE}, ${position}, ${PART}, ${'Spin-On Oil Filter, 65 mm'}, ${quantity})`.execute(db);
    await insertLine(0, 1);
    await expect(insertLine(1, 0)).rejects.toThrow();
    await expect(insertLine(0, 2)).rejects.toThrow();
    await expect(sql`insert into service_kits (vehicle_id, interval_km, interval_months, updated_at) values (${'n'.repeat(24)}, ${1000}, ${6}, ${STAMP})`.execute(db)).rejects.toThrow();

    await sql`delete from products where id = ${PART}`.execute(db);
    const lines = await sql<{ product_id: string | null; name: string; note: string }>`select product_id, name, note from service_kit_lines`.execute(db);
    expect(lines.rows).toEqual([{ product_id: null, name: 'Spin-On Oil Filter, 65 mm', note: '' }]);

    await sql`delete from vehicles where id = ${VEHICLE}`.execute(db);
    for (const table of ['service_kits', 'service_kit_lines']) expect((await sql`select * from ${sql.table(table)}`.execute(db)).rows).toEqual([]);

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    for (const table of ['service_kits', 'service_kit_lines']) await expect(sql`select 1 from ${sql.table(table)}`.execute(db)).rejects.toThrow();
    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
  });
});
