import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';
import { migrations } from './index.js';

const MIGRATION = '040-garage-odometer';
const BEFORE = Object.keys(migrations).sort().at(Object.keys(migrations).sort().indexOf(MIGRATION) - 1)!;
const STAMP = '2026-11-01T10:00:00.000Z';

describe('migration 040: garage odometer', () => {
  const fresh = migrationDatabase();

  it("makes a bike's readings and services that go with the bike, adds its reminders mark (off), and goes back down", async () => {
    const { database, migrator } = fresh;
    const { db } = database;
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    await sql`insert into users (id, name, email, email_verified, created_at, updated_at) values (${'u1'}, ${'Ann'}, ${'ann@example.com'}, ${sql.lit(false)}, ${STAMP}, ${STAMP})`.execute(db);
    await sql`insert into vehicles (id, make, make_key, model, model_key, year_from, year_to, cc, created_at)
      values (${'v'.repeat(24)}, ${'Yamaha'}, ${'yamaha'}, ${'MT-07'}, ${'mt-07'}, ${2014}, ${2024}, ${689}, ${STAMP})`.execute(db);
    await sql`insert into garage_bikes (id, user_id, vehicle_id, year, created_at) values (${'b'.repeat(24)}, ${'u1'}, ${'v'.repeat(24)}, ${2019}, ${STAMP})`.execute(db);

    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
    expect((await sql<{ reminders: unknown }>`select reminders from garage_bikes`.execute(db)).rows).toEqual([{ reminders: database.dialect === 'postgres' ? false : 0 }]);
    await sql`insert into garage_readings (id, bike_id, read_on, km, created_at) values (${'r'.repeat(24)}, ${'b'.repeat(24)}, ${'2026-11-03'}, ${12400}, ${STAMP})`.execute(db);
    await sql`insert into garage_services (id, bike_id, done_on, km, created_at) values (${'s'.repeat(24)}, ${'b'.repeat(24)}, ${'2026-11-04'}, ${12450}, ${STAMP})`.execute(db);
    // A negative km or a bike that does not exist is refused.
    await expect(sql`insert into garage_readings (id, bike_id, read_on, km, created_at) values (${'x'.repeat(24)}, ${'b'.repeat(24)}, ${'2026-11-05'}, ${-1}, ${STAMP})`.execute(db)).rejects.toThrow();
    await expect(sql`insert into garage_services (id, bike_id, done_on, km, created_at) values (${'x'.repeat(24)}, ${'n'.repeat(24)}, ${'2026-11-05'}, ${1}, ${STAMP})`.execute(db)).rejects.toThrow();

    // The bike's removal takes its entries with it.
    await sql`delete from garage_bikes`.execute(db);
    expect((await sql`select id from garage_readings`.execute(db)).rows).toEqual([]);
    expect((await sql`select id from garage_services`.execute(db)).rows).toEqual([]);

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    await expect(sql`select 1 from garage_readings`.execute(db)).rejects.toThrow();
    await expect(sql`select reminders from garage_bikes`.execute(db)).rejects.toThrow();
    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
  });
});
