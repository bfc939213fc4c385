import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';

/** Up to this migration: 026 later moves the buyer to the purchase. */
const MIGRATION = '019-refunds-and-tracking';

describe('migration 019: refunds and tracking', () => {
  const fresh = migrationDatabase();

  const insertOrder = (id: string, number: number, status: string) => sql`
    insert into orders (id, number, user_id, product_id, customer_name, email, tool_name, unit_price_cents, quantity, total_cents, location, phone, status, created_at, updated_at)
    values (${id}, ${number}, ${'u'.repeat(24)}, ${'p'.repeat(24)}, ${'Sam'}, ${'sam@example.com'}, ${'Chain'}, ${500}, ${1}, ${500}, ${'1 Road'}, ${'+44 7700 900123'}, ${status}, ${'2026-03-01T10:00:00.000Z'}, ${'2026-03-01T10:00:00.000Z'})
  `.execute(fresh.database.db);
  const queueMail = (id: string, orderId: string, kind: string) => sql`
    insert into order_mail_outbox (id, order_id, kind, created_at, next_attempt_at) values (${id}, ${orderId}, ${kind}, ${'2026-03-01T10:00:00.000Z'}, ${'2026-03-01T10:00:00.000Z'})
  `.execute(fresh.database.db);
  const statuses = async () => (await fresh.database.db.selectFrom('orders').select(['id', 'status']).orderBy('id').execute()).map((row) => row.status);

  it('lets an order be refunded and its email queued, keeps every row and index, and goes back and forth', async () => {
    expect((await fresh.migrator.migrateTo('018-checkouts')).error).toBeUndefined();
    await insertOrder('a'.repeat(24), 10001, 'paid');
    await queueMail('m'.repeat(24), 'a'.repeat(24), 'paid');
    await expect(insertOrder('b'.repeat(24), 10002, 'refunded')).rejects.toThrow();

    expect((await fresh.migrator.migrateTo(MIGRATION)).error).toBeUndefined();
    await insertOrder('b'.repeat(24), 10002, 'refunded');
    await queueMail('n'.repeat(24), 'b'.repeat(24), 'refunded');
    await sql`update orders set carrier = ${'Royal Mail'}, tracking_number = ${'RM123456785GB'}, refund_id = ${'re_1'} where id = ${'a'.repeat(24)}`.execute(fresh.database.db);
    expect(await statuses()).toEqual(['paid', 'refunded']);
    // The old values stay the only others, numbers stay unique, and the outbox keeps what waited.
    await expect(insertOrder('c'.repeat(24), 10003, 'lost')).rejects.toThrow();
    await expect(insertOrder('c'.repeat(24), 10002, 'paid')).rejects.toThrow();
    await expect(queueMail('o'.repeat(24), 'a'.repeat(24), 'lost')).rejects.toThrow();
    expect(await fresh.database.db.selectFrom('order_mail_outbox').select('kind').orderBy('id').execute()).toEqual([{ kind: 'paid' }, { kind: 'refunded' }]);

    // Back: a refunded order reads as paid, its refund email dropped; then forward again.
    expect((await fresh.migrator.migrateTo('018-checkouts')).error).toBeUndefined();
    expect(await statuses()).toEqual(['paid', 'paid']);
    expect(await fresh.database.db.selectFrom('order_mail_outbox').select('kind').execute()).toEqual([{ kind: 'paid' }]);
    expect((await fresh.migrator.migrateTo(MIGRATION)).error).toBeUndefined();
    await sql`update orders set status = 'refunded' where id = ${'b'.repeat(24)}`.execute(fresh.database.db);
    expect(await statuses()).toEqual(['paid', 'refunded']);
  });
});
