import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';
import { migrations } from './index.js';

const MIGRATION = '037-refund-ledger';
const BEFORE = Object.keys(migrations).sort().at(Object.keys(migrations).sort().indexOf(MIGRATION) - 1)!;

describe('migration 037: refunds as a ledger', () => {
  const fresh = migrationDatabase();
  const AT = '2026-11-20T10:00:00.000Z';

  it('writes a succeeded row of what each refunded line was given back, the delivery with the last line of a purchase refunded whole, and goes back down', async () => {
    const { database, migrator } = fresh;
    const db = database.db;
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const no = database.dialect === 'postgres' ? sql`false` : sql`0`;
    const purchase = (id: string, total: number, tax: number) => sql`
      insert into purchases (id, user_id, customer_name, email, location, phone, status, total_cents, tax_cents, shipping_cents, created_at, updated_at, paid_at, prices_include_tax)
      values (${id}, 'u1', 'Sam', 'sam@example.com', '1 Road', '+1 555 0100', 'paid', ${total}, ${tax}, 490, ${AT}, ${AT}, ${AT}, ${no})`.execute(db);
    const line = (number: number, purchaseId: string, cents: { total: number; tax: number }, refund: { id: string; at: string } | null) => sql`
      insert into orders (id, number, purchase_id, user_id, product_id, tool_name, unit_price_cents, quantity, total_cents, discount_cents, tax_cents, status, created_at, updated_at, paid_at, refund_id, refunded_at)
      values (${`o${number}`}, ${number}, ${purchaseId}, 'u1', 'p1', 'Chain', ${cents.total}, 1, ${cents.total}, 0, ${cents.tax}, ${refund ? 'refunded' : 'paid'}, ${AT}, ${AT}, ${AT}, ${refund?.id ?? null}, ${refund?.at ?? null})`.execute(db);
    // Wholly refunded: 40.00 + 2.90 tax and 10.00 + 0.73 tax, delivery 4.90 with 0.36 of tax; the second line went back last.
    await purchase('whole', 4000 + 290 + 1000 + 73 + 490 + 36, 290 + 73 + 36);
    await line(10001, 'whole', { total: 4000, tax: 290 }, { id: 're_a', at: '2026-11-21T09:00:00.000Z' });
    await line(10002, 'whole', { total: 1000, tax: 73 }, { id: 're_b', at: '2026-11-22T09:00:00.000Z' });
    // One line of two refunded: its own amount, not the delivery.
    await purchase('part', 2000 + 3000 + 490, 0);
    await line(10003, 'part', { total: 2000, tax: 0 }, { id: 're_c', at: '2026-11-21T09:00:00.000Z' });
    await line(10004, 'part', { total: 3000, tax: 0 }, null);

    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
    const rows = await db.selectFrom('refunds').selectAll().orderBy('order_id').execute();
    expect(rows.map((row) => [row.order_id, row.purchase_id, Number(row.amount_cents), Number(row.tax_cents), Number(row.shipping_cents), row.restock_quantity, row.status, row.provider_refund_id])).toEqual([
      ['o10001', 'whole', 4290, 290, 0, 1, 'succeeded', 're_a'],
      ['o10002', 'whole', 1073 + 490 + 36, 73 + 36, 490, 1, 'succeeded', 're_b'],
      ['o10003', 'part', 2000, 0, 0, 1, 'succeeded', 're_c'],
    ]);
    const orders = await db.selectFrom('orders').select(['id', 'refunded_cents']).orderBy('id').execute();
    expect(orders.map((row) => [row.id, Number(row.refunded_cents)])).toEqual([
      ['o10001', 4290],
      ['o10002', 1599],
      ['o10003', 2000],
      ['o10004', 0],
    ]);
    // What the purchase refunded whole paid, given back to the cent.
    expect(rows.filter((row) => row.purchase_id === 'whole').reduce((sum, row) => sum + Number(row.amount_cents), 0)).toBe(4000 + 290 + 1000 + 73 + 490 + 36);
    // A provider refund is recorded once per line.
    await expect(sql`insert into refunds (id, purchase_id, order_id, amount_cents, status, provider_refund_id, created_at) values ('r2', 'whole', 'o10001', 1, 'succeeded', 're_a', ${AT})`.execute(db)).rejects.toThrow();
    await expect(sql`insert into refunds (id, purchase_id, order_id, amount_cents, status, created_at) values ('r3', 'part', 'o10004', 1, 'refunded', ${AT})`.execute(db)).rejects.toThrow();

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    await expect(sql`select 1 from refunds`.execute(db)).rejects.toThrow();
    await expect(sql`select refunded_cents from orders`.execute(db)).rejects.toThrow();
    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
  });
});
