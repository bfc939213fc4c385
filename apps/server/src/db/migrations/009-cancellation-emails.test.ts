import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';

describe('migration 009: cancellation emails', () => {
  const fresh = migrationDatabase();

  const insertMail = (id: string, kind: string) =>
    sql`insert into order_mail_outbox (id, order_id, kind, created_at, next_attempt_at, attempts) values (${id}, ${'o'.repeat(24)}, ${kind}, ${'2026-11-01T00:00:00.000Z'}, ${'2026-11-01T00:00:00.000Z'}, ${2})`.execute(fresh.database.db);

  it('keeps the emails that were waiting, takes the new kind, and still refuses an unknown one', async () => {
    expect((await fresh.migrator.migrateTo('008-unpaid-holds')).error).toBeUndefined();
    await insertMail('a'.repeat(24), 'paid');
    await expect(insertMail('b'.repeat(24), 'cancelled')).rejects.toThrow();

    expect((await fresh.migrator.migrateToLatest()).error).toBeUndefined();
    const kept = await fresh.database.db.selectFrom('order_mail_outbox').select(['id', 'kind', 'attempts']).execute();
    expect(kept).toEqual([{ id: 'a'.repeat(24), kind: 'paid', attempts: 2 }]);
    await insertMail('b'.repeat(24), 'cancelled');
    await expect(insertMail('c'.repeat(24), 'refunded-twice')).rejects.toThrow();

    // And back, without the emails of the kind the older table has no room for.
    expect((await fresh.migrator.migrateTo('008-unpaid-holds')).error).toBeUndefined();
    expect(await fresh.database.db.selectFrom('order_mail_outbox').select('id').execute()).toEqual([{ id: 'a'.repeat(24) }]);
    expect((await fresh.migrator.migrateToLatest()).error).toBeUndefined();
  });
});
