import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';
import { migrations } from './index.js';

const MIGRATION = '044-staff-activity-stock-history';
const BEFORE = Object.keys(migrations).sort().at(Object.keys(migrations).sort().indexOf(MIGRATION) - 1)!;
const STAMP = '2026-11-01T10:00:00.000Z';
const STOCKED = 'a'.repeat(24);
const EMPTY = 'b'.repeat(24);

const insertPart = (id: string, quantity: number) =>
  sql`insert into products (id, name, description, price_cents, quantity, minimum, img, created_at, updated_at)
    values (${id}, ${`Part ${id.slice(0, 1)}`}, ${'A part.'}, ${899}, ${quantity}, ${1}, ${'/images/a.webp'}, ${STAMP}, ${STAMP})`;
const activityRow = sql`insert into activity (created_at, actor_id, actor_name, actor_email, actor_role, action, record_type, record_id, record_label, search_text)
  values (${STAMP}, ${'u1'}, ${'Ann'}, ${'ann@example.com'}, ${'admin'}, ${'product.updated'}, ${'product'}, ${STOCKED}, ${'Part a'}, ${'part a'})`;

describe('migration 044: staff, the activity log and the stock history', () => {
  const fresh = migrationDatabase();

  it('allows staff, opens each stocked part’s history, keeps the accounts’ sessions, and guards the stock and the log', async () => {
    const { database, migrator } = fresh;
    const { db } = database;
    const postgres = database.dialect === 'postgres';
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    await sql`insert into users (id, name, email, email_verified, created_at, updated_at) values (${'u1'}, ${'Ann'}, ${'ann@example.com'}, ${sql.lit(true)}, ${STAMP}, ${STAMP})`.execute(db);
    await sql`insert into sessions (id, expires_at, token, created_at, updated_at, user_id) values (${'s1'}, ${'2027-01-01T00:00:00.000Z'}, ${'token-1'}, ${STAMP}, ${STAMP}, ${'u1'})`.execute(db);
    await sql`insert into accounts (id, account_id, provider_id, user_id, password, created_at, updated_at) values (${'a1'}, ${'u1'}, ${'credential'}, ${'u1'}, ${'hash'}, ${STAMP}, ${STAMP})`.execute(db);
    await insertPart(STOCKED, 10).execute(db);
    await insertPart(EMPTY, 0).execute(db);

    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
    // The users table was made again on SQLite: what referenced it is still there.
    expect((await sql<{ id: string }>`select id from sessions`.execute(db)).rows).toEqual([{ id: 's1' }]);
    expect((await sql<{ id: string }>`select id from accounts`.execute(db)).rows).toEqual([{ id: 'a1' }]);
    await sql`update users set role = ${'staff'} where id = ${'u1'}`.execute(db);
    await expect(sql`update users set role = ${'boss'} where id = ${'u1'}`.execute(db)).rejects.toThrow();
    expect((await sql<{ role: string }>`select role from users`.execute(db)).rows).toEqual([{ role: 'staff' }]);

    const movements = () => sql<{ product_id: string; change: number; stock_after: number; reason: string }>`
      select product_id, change, stock_after, reason from stock_movements order by id`.execute(db);
    // Only a part with stock has a movement to open its history.
    expect((await movements()).rows).toEqual([{ product_id: STOCKED, change: 10, stock_after: 10, reason: 'opening' }]);

    await expect(sql`update products set quantity = ${9} where id = ${STOCKED}`.execute(db)).rejects.toThrow(/A stock change needs its reason/);
    await sql`update products set name = ${'Renamed'} where id = ${STOCKED}`.execute(db);
    await sql`update products set quantity = quantity - ${4}, stock_reason = ${'placed:o1'} where id = ${STOCKED}`.execute(db);
    await insertPart('c'.repeat(24), 3).execute(db);
    expect((await movements()).rows.slice(1)).toEqual([
      { product_id: STOCKED, change: -4, stock_after: 6, reason: 'placed:o1' },
      { product_id: 'c'.repeat(24), change: 3, stock_after: 3, reason: 'created' },
    ]);
    expect((await sql<{ stock_reason: string | null }>`select stock_reason from products order by id`.execute(db)).rows).toEqual([
      { stock_reason: null },
      { stock_reason: null },
      { stock_reason: null },
    ]);

    await activityRow.execute(db);
    await expect(sql`update activity set actor_name = ${'Someone else'}`.execute(db)).rejects.toThrow(/The activity log cannot be changed/);
    await expect(sql`delete from activity`.execute(db)).rejects.toThrow(/The activity log cannot be changed/);
    if (postgres) await expect(sql`truncate activity`.execute(db)).rejects.toThrow(/The activity log cannot be changed/);
    expect((await sql<{ actor_name: string }>`select actor_name from activity`.execute(db)).rows).toEqual([{ actor_name: 'Ann' }]);

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    await expect(sql`select stock_reason from products`.execute(db)).rejects.toThrow();
    await expect(sql`select id from stock_movements`.execute(db)).rejects.toThrow();
    await sql`update products set quantity = ${1} where id = ${STOCKED}`.execute(db);
    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
  });
});
