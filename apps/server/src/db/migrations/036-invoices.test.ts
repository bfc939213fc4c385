import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';
import { migrations } from './index.js';

const MIGRATION = '036-invoices';
const BEFORE = Object.keys(migrations).sort().at(Object.keys(migrations).sort().indexOf(MIGRATION) - 1)!;

describe('migration 036: invoices, credit notes and their counters', () => {
  const fresh = migrationDatabase();

  it('makes the three tables, one counter per kind and year, and goes back down', async () => {
    const { database, migrator } = fresh;
    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
    await sql`insert into document_counters (kind, year, last_number) values ('invoice', 2026, 1)`.execute(database.db);
    await expect(sql`insert into document_counters (kind, year, last_number) values ('invoice', 2026, 2)`.execute(database.db)).rejects.toThrow();
    await sql`insert into document_counters (kind, year, last_number) values ('credit-note', 2026, 1)`.execute(database.db);

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    for (const table of ['document_counters', 'invoices', 'credit_notes']) await expect(sql`select 1 from ${sql.table(table)}`.execute(database.db)).rejects.toThrow();
    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
  });
});
