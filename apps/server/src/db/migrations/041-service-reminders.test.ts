import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';
import { migrations } from './index.js';

const MIGRATION = '041-service-reminders';
const BEFORE = Object.keys(migrations).sort().at(Object.keys(migrations).sort().indexOf(MIGRATION) - 1)!;
const STAMP = '2026-11-01T10:00:00.000Z';
const BIKE = 'b'.repeat(24);

describe('migration 041: service reminders', () => {
  const fresh = migrationDatabase();

  it('keeps one reminder per due service of a bike, going with the bike, and the rounds by day; goes back down', async () => {
    const { database, migrator } = fresh;
    const { db } = database;
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    await sql`insert into users (id, name, email, email_verified, created_at, updated_at) values (${'u1'}, ${'Ann'}, ${'ann@example.com'}, ${sql.lit(true)}, ${STAMP}, ${STAMP})`.execute(db);
    await sql`insert into vehicles (id, make, make_key, model, model_key, year_from, year_to, cc, created_at)
      values (${'v'.repeat(24)}, ${'Yamaha'}, ${'yamaha'}, ${'MT-07'}, ${'mt-07'}, ${2014}, ${2024}, ${689}, ${STAMP})`.execute(db);
    await sql`insert into garage_bikes (id, user_id, vehicle_id, year, created_at, reminders) values (${BIKE}, ${'u1'}, ${'v'.repeat(24)}, ${2019}, ${STAMP}, ${sql.lit(true)})`.execute(db);

    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
    const insert = (id: string, km: number, on: string) =>
      sql`insert into service_reminders (id, bike_id, due_km, due_on, created_at) values (${id}, ${BIKE}, ${km}, ${on}, ${STAMP})`.execute(db);
    await insert('r'.repeat(24), 18_000, '2027-10-01');
    // The same due service again is refused; another one of the bike is not.
    await expect(insert('x'.repeat(24), 18_000, '2027-10-01')).rejects.toThrow();
    await insert('s'.repeat(24), 24_000, '2028-10-01');
    expect((await sql`select attempts, sent_at, dropped_at, claimed_until, stop_used_at from service_reminders where id = ${'r'.repeat(24)}`.execute(db)).rows).toEqual([
      { attempts: 0, sent_at: null, dropped_at: null, claimed_until: null, stop_used_at: null },
    ]);
    await expect(sql`insert into service_reminders (id, bike_id, due_km, due_on, created_at) values (${'y'.repeat(24)}, ${'n'.repeat(24)}, ${1}, ${'2027-01-01'}, ${STAMP})`.execute(db)).rejects.toThrow();

    await sql`insert into service_reminder_rounds (day, started_at) values (${'2026-11-01'}, ${STAMP})`.execute(db);
    await expect(sql`insert into service_reminder_rounds (day, started_at) values (${'2026-11-01'}, ${STAMP})`.execute(db)).rejects.toThrow();
    expect((await sql`select finished_at, queued from service_reminder_rounds`.execute(db)).rows).toEqual([{ finished_at: null, queued: 0 }]);

    // The bike's removal takes its reminders with it.
    await sql`delete from garage_bikes`.execute(db);
    expect((await sql`select id from service_reminders`.execute(db)).rows).toEqual([]);

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    await expect(sql`select 1 from service_reminders`.execute(db)).rejects.toThrow();
    await expect(sql`select 1 from service_reminder_rounds`.execute(db)).rejects.toThrow();
    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
  });
});
