import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';

describe('migration 023: refund failures', () => {
  const fresh = migrationDatabase();

  const queueMail = (id: string, kind: string) => sql`
    insert into order_mail_outbox (id, order_id, kind, created_at, next_attempt_at) values (${id}, ${'o'.repeat(24)}, ${kind}, ${'2026-03-01T10:00:00.000Z'}, ${'2026-03-01T10:00:00.000Z'})
  `.execute(fresh.database.db);
  const kinds = async () => (await fresh.database.db.selectFrom('order_mail_outbox').select('kind').orderBy('id').execute()).map((row) => row.kind);

  it("queues the 'refund-failed' email, keeps the other kinds, and goes back and forth", async () => {
    expect((await fresh.migrator.migrateTo('022-order-status-days')).error).toBeUndefined();
    await queueMail('a'.repeat(24), 'refunded');
    await expect(queueMail('b'.repeat(24), 'refund-failed')).rejects.toThrow();

    expect((await fresh.migrator.migrateToLatest()).error).toBeUndefined();
    await queueMail('b'.repeat(24), 'refund-failed');
    await expect(queueMail('c'.repeat(24), 'lost')).rejects.toThrow();
    expect(await kinds()).toEqual(['refunded', 'refund-failed']);

    expect((await fresh.migrator.migrateTo('022-order-status-days')).error).toBeUndefined();
    expect(await kinds()).toEqual(['refunded']);
    expect((await fresh.migrator.migrateToLatest()).error).toBeUndefined();
    await queueMail('b'.repeat(24), 'refund-failed');
    expect(await kinds()).toEqual(['refunded', 'refund-failed']);
  });
});
