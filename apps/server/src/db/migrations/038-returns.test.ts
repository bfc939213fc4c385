import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';
import { migrations } from './index.js';

const MIGRATION = '038-returns';
const BEFORE = Object.keys(migrations).sort().at(Object.keys(migrations).sort().indexOf(MIGRATION) - 1)!;
const STAMP = '2026-11-01T10:00:00.000Z';

describe('migration 038: returns', () => {
  const fresh = migrationDatabase();

  const queueMail = (id: string, kind: string) =>
    sql`insert into order_mail_outbox (id, order_id, kind, created_at, next_attempt_at) values (${id}, ${'o'.repeat(24)}, ${kind}, ${STAMP}, ${STAMP})`.execute(fresh.database.db);
  const kinds = async () => (await sql<{ kind: string }>`select kind from order_mail_outbox order by id`.execute(fresh.database.db)).rows.map((row) => row.kind);

  it("makes the returns table of a line's pieces, allows the return emails beside every earlier kind, and goes back down", async () => {
    const { database, migrator } = fresh;
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    await queueMail('a'.repeat(24), 'refund-failed');
    await expect(queueMail('b'.repeat(24), 'return-approved')).rejects.toThrow();

    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
    for (const [index, kind] of ['return-approved', 'return-rejected', 'return-received'].entries()) await queueMail(String(index).repeat(24), kind);
    await queueMail('c'.repeat(24), 'placed');
    await expect(queueMail('d'.repeat(24), 'return-lost')).rejects.toThrow();
    expect(await kinds()).toEqual(['return-approved', 'return-rejected', 'return-received', 'refund-failed', 'placed']);

    // A return names a line and its purchase that exist; a piece count of 0 or an unknown status is refused.
    await sql`insert into purchases (id, user_id, customer_name, email, location, phone, status, total_cents, created_at, updated_at)
      values (${'p'.repeat(24)}, ${'u1'}, ${'Ann'}, ${'ann@example.com'}, ${'Leeds'}, ${'+44 113 496 0000'}, ${'paid'}, ${2500}, ${STAMP}, ${STAMP})`.execute(database.db);
    await sql`insert into orders (id, number, purchase_id, user_id, product_id, tool_name, unit_price_cents, quantity, total_cents, status, created_at, updated_at)
      values (${'o'.repeat(24)}, ${10001}, ${'p'.repeat(24)}, ${'u1'}, ${'x'.repeat(24)}, ${'Brake pads'}, ${1250}, ${2}, ${2500}, ${'shipped'}, ${STAMP}, ${STAMP})`.execute(database.db);
    const insertReturn = (id: string, values: { orderId?: string; quantity?: number; status?: string } = {}) => sql`
      insert into returns (id, order_id, purchase_id, user_id, product_id, quantity, reason, status, created_at, updated_at)
      values (${id}, ${values.orderId ?? 'o'.repeat(24)}, ${'p'.repeat(24)}, ${'u1'}, ${'x'.repeat(24)}, ${values.quantity ?? 1}, ${'Damaged'}, ${values.status ?? 'requested'}, ${STAMP}, ${STAMP})`.execute(database.db);
    await insertReturn('r'.repeat(24));
    expect((await sql<{ comment: string; restocked: unknown; refund_cents: unknown }>`select comment, restocked, refund_cents from returns`.execute(database.db)).rows).toEqual([
      { comment: '', restocked: database.dialect === 'postgres' ? false : 0, refund_cents: null },
    ]);
    await expect(insertReturn('s'.repeat(24), { quantity: 0 })).rejects.toThrow();
    await expect(insertReturn('s'.repeat(24), { status: 'lost' })).rejects.toThrow();
    await expect(insertReturn('s'.repeat(24), { orderId: 'n'.repeat(24) })).rejects.toThrow();

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    await expect(sql`select 1 from returns`.execute(database.db)).rejects.toThrow();
    // The return emails go with the table; every other kind stays allowed.
    expect(await kinds()).toEqual(['refund-failed', 'placed']);
    await expect(queueMail('e'.repeat(24), 'return-approved')).rejects.toThrow();
    await queueMail('e'.repeat(24), 'refunded');
    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
  });
});
