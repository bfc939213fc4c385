import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { createDatabase, type ShopDatabase } from '../database.js';
import { migrations } from './index.js';

describe('migration 009: cancellation emails', () => {
  let testDatabase: TestDatabase;
  let database: ShopDatabase;
  let migrator: Migrator;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    database = createDatabase(testDatabase.config);
    migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
  });
  afterAll(async () => {
    await database.close();
    await testDatabase.drop();
  });

  const insertMail = (id: string, kind: string) =>
    sql`insert into order_mail_outbox (id, order_id, kind, created_at, next_attempt_at, attempts) values (${id}, ${'o'.repeat(24)}, ${kind}, ${'2026-11-01T00:00:00.000Z'}, ${'2026-11-01T00:00:00.000Z'}, ${2})`.execute(database.db);

  it('keeps the emails that were waiting, takes the new kind, and still refuses an unknown one', async () => {
    expect((await migrator.migrateTo('008-unpaid-holds')).error).toBeUndefined();
    await insertMail('a'.repeat(24), 'paid');
    await expect(insertMail('b'.repeat(24), 'cancelled')).rejects.toThrow();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const kept = await database.db.selectFrom('order_mail_outbox').select(['id', 'kind', 'attempts']).execute();
    expect(kept).toEqual([{ id: 'a'.repeat(24), kind: 'paid', attempts: 2 }]);
    await insertMail('b'.repeat(24), 'cancelled');
    await expect(insertMail('c'.repeat(24), 'refunded-twice')).rejects.toThrow();

    // And back, without the emails of the kind the older table has no room for.
    expect((await migrator.migrateTo('008-unpaid-holds')).error).toBeUndefined();
    expect(await database.db.selectFrom('order_mail_outbox').select('id').execute()).toEqual([{ id: 'a'.repeat(24) }]);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
