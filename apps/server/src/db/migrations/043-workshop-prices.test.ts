import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';
import { migrations } from './index.js';

const MIGRATION = '043-workshop-prices';
const BEFORE = Object.keys(migrations).sort().at(Object.keys(migrations).sort().indexOf(MIGRATION) - 1)!;
const STAMP = '2026-11-01T10:00:00.000Z';

describe('migration 043: workshop prices', () => {
  const fresh = migrationDatabase();

  it('gives every account no workshop mark and no discount, every part no quantity prices, bounds the discount, and goes back down', async () => {
    const { database, migrator } = fresh;
    const { db } = database;
    const postgres = database.dialect === 'postgres';
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    await sql`insert into users (id, name, email, email_verified, created_at, updated_at) values (${'u1'}, ${'Ann'}, ${'ann@example.com'}, ${sql.lit(false)}, ${STAMP}, ${STAMP})`.execute(db);
    await sql`insert into products (id, name, description, price_cents, quantity, minimum, img, created_at, updated_at)
      values (${'p'.repeat(24)}, ${'Oil Filter'}, ${'Paper element.'}, ${899}, ${10}, ${1}, ${'/images/a.webp'}, ${STAMP}, ${STAMP})`.execute(db);

    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
    expect((await sql<{ workshop: unknown; trade_discount: unknown }>`select workshop, trade_discount from users`.execute(db)).rows).toEqual([
      { workshop: postgres ? false : 0, trade_discount: 0 },
    ]);
    expect((await sql<{ quantity_prices: string }>`select quantity_prices from products`.execute(db)).rows).toEqual([{ quantity_prices: '[]' }]);

    // 0 to 50 % in hundredths of a percent.
    await sql`update users set workshop = ${sql.lit(true)}, trade_discount = ${5000}`.execute(db);
    await expect(sql`update users set trade_discount = ${5001}`.execute(db)).rejects.toThrow();
    await expect(sql`update users set trade_discount = ${-1}`.execute(db)).rejects.toThrow();
    await expect(sql`update products set quantity_prices = null`.execute(db)).rejects.toThrow();
    expect((await sql<{ workshop: unknown; trade_discount: unknown }>`select workshop, trade_discount from users`.execute(db)).rows).toEqual([
      { workshop: postgres ? true : 1, trade_discount: 5000 },
    ]);

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    await expect(sql`select trade_discount from users`.execute(db)).rejects.toThrow();
    await expect(sql`select workshop from users`.execute(db)).rejects.toThrow();
    await expect(sql`select quantity_prices from products`.execute(db)).rejects.toThrow();
    expect((await sql<{ email: string }>`select email from users`.execute(db)).rows).toEqual([{ email: 'ann@example.com' }]);
    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
  });
});
