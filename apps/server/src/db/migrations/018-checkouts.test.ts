import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';

describe('migration 018: checkouts', () => {
  const fresh = migrationDatabase();

  const insertOrder = (id: string, number: number, transactionId: string) => sql`
    insert into orders (id, number, user_id, product_id, customer_name, email, tool_name, unit_price_cents, quantity, total_cents, location, phone, status, transaction_id, created_at, updated_at)
    values (${id}, ${number}, ${'u'.repeat(24)}, ${'p'.repeat(24)}, ${'Sam'}, ${'sam@example.com'}, ${'Chain'}, ${500}, ${1}, ${500}, ${'1 Road'}, ${'+44 7700 900123'}, ${'paid'}, ${transactionId}, ${'2026-03-01T10:00:00.000Z'}, ${'2026-03-01T10:00:00.000Z'})
  `.execute(fresh.database.db);

  it('keeps every order and its indexes, and lets the lines of one payment share its transaction id', async () => {
    expect((await fresh.migrator.migrateTo('017-carts')).error).toBeUndefined();
    await insertOrder('a'.repeat(24), 10001, 'pi_one');
    await expect(insertOrder('b'.repeat(24), 10002, 'pi_one')).rejects.toThrow();

    // Up to this migration: 026 later moves the checkout to the purchase.
    expect((await fresh.migrator.migrateTo('018-checkouts')).error).toBeUndefined();
    const { rows: kept } = await sql`select id, number, transaction_id, checkout_id from orders`.execute(fresh.database.db);
    expect(kept).toEqual([{ id: 'a'.repeat(24), number: 10001, transaction_id: 'pi_one', checkout_id: null }]);
    await insertOrder('b'.repeat(24), 10002, 'pi_one');
    // Numbers stay unique.
    await expect(insertOrder('c'.repeat(24), 10002, 'pi_two')).rejects.toThrow();

    // Back (once no two orders share a payment), then forward again on the same data.
    await sql`update orders set transaction_id = ${'pi_other'} where id = ${'b'.repeat(24)}`.execute(fresh.database.db);
    expect((await fresh.migrator.migrateTo('017-carts')).error).toBeUndefined();
    await expect(insertOrder('c'.repeat(24), 10003, 'pi_one')).rejects.toThrow();
    expect((await fresh.migrator.migrateToLatest()).error).toBeUndefined();
    expect(await fresh.database.db.selectFrom('orders').select('id').orderBy('id').execute()).toEqual([{ id: 'a'.repeat(24) }, { id: 'b'.repeat(24) }]);
  });
});
