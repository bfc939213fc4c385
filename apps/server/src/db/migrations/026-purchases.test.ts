import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';

const BEFORE = '025-catalogue-change-transactions';
const MIGRATION = '026-purchases';
const id = (letter: string) => letter.repeat(24);
const AT = '2026-03-01T10:00:00.000Z';
const LATER = '2026-03-01T11:00:00.000Z';

interface Line {
  id: string;
  number: number;
  status: string;
  checkout?: string;
  total?: number;
  transaction?: string;
  buyer?: string;
  address?: string;
}

/** Today's data: one-part orders in every status, a paid checkout whose lines went on (shipped, refunded), a waiting and a cancelled checkout. */
const LINES: Line[] = [
  { id: id('a'), number: 10001, status: 'paid', transaction: 'pi_a', address: '203.0.113.7' },
  { id: id('b'), number: 10002, status: 'waiting', address: '203.0.113.7' },
  { id: id('c'), number: 10003, status: 'cancelled' },
  { id: id('d'), number: 10004, status: 'refunded', transaction: 'pi_d' },
  { id: id('e'), number: 10005, status: 'shipped', transaction: 'pi_e' },
  { id: id('f'), number: 10006, status: 'paid', checkout: id('x'), total: 1000, transaction: 'pi_x', buyer: 'Robin' },
  { id: id('g'), number: 10007, status: 'shipped', checkout: id('x'), total: 2000, transaction: 'pi_x', buyer: 'Robin' },
  { id: id('h'), number: 10008, status: 'refunded', checkout: id('x'), total: 3000, transaction: 'pi_x', buyer: 'Robin' },
  { id: id('i'), number: 10009, status: 'waiting', checkout: id('y'), total: 700, address: '2001:db8:1:2::/64' },
  { id: id('j'), number: 10010, status: 'waiting', checkout: id('y'), total: 800, address: '2001:db8:1:2::/64' },
  { id: id('k'), number: 10011, status: 'cancelled', checkout: id('z'), total: 900 },
  { id: id('l'), number: 10012, status: 'cancelled', checkout: id('z'), total: 100 },
];

describe('migration 026: purchases', () => {
  const fresh = migrationDatabase();
  const db = () => fresh.database.db;

  async function insertTodaysData() {
    for (const line of LINES) {
      const paid = line.transaction ? AT : null;
      await sql`
        insert into orders (id, number, user_id, product_id, customer_name, email, tool_name, unit_price_cents, quantity, total_cents, location, phone,
          status, transaction_id, created_at, updated_at, paid_at, checkout_id, client_address)
        values (${line.id}, ${line.number}, ${id('u')}, ${id('p')}, ${line.buyer ?? 'Sam'}, ${'sam@example.com'}, ${'Chain'}, ${line.total ?? 500}, ${1},
          ${line.total ?? 500}, ${'1 Road'}, ${'+44 7700 900123'}, ${line.status}, ${line.transaction ?? null}, ${AT},
          ${line.number === 10007 ? LATER : AT}, ${paid}, ${line.checkout ?? null}, ${line.address ?? null})`.execute(db());
    }
    for (const [paysFor, intent, kind] of [
      [id('a'), 'pi_a', 'order'],
      [id('x'), 'pi_x', 'checkout'],
      [id('y'), 'pi_y', 'checkout'],
    ] as const) {
      await sql`insert into payments (order_id, provider, intent_id, client_secret, amount_cents, currency, created_at)
        values (${paysFor}, ${'test'}, ${intent}, ${`${intent}_secret`}, ${500}, ${'usd'}, ${AT})`.execute(db());
      await sql`insert into test_payment_intents (id, client_secret, idempotency_key, amount_cents, currency, order_id, pays_for, status, created_at, updated_at)
        values (${intent}, ${`${intent}_secret`}, ${`${kind}-${paysFor}`}, ${500}, ${'usd'}, ${paysFor}, ${kind}, ${'succeeded'}, ${AT}, ${AT})`.execute(db());
    }
  }

  const purchases = async () => (await sql<Record<string, unknown>>`select * from purchases order by id`.execute(db())).rows;
  const lines = async () => (await sql<{ id: string; purchase_id: string; status: string }>`select id, purchase_id, status from orders order by id`.execute(db())).rows;
  const payments = async () => (await sql<Record<string, unknown>>`select * from payments order by intent_id`.execute(db())).rows;
  const intents = async () => (await sql`select id, order_id, pays_for from test_payment_intents order by id`.execute(db())).rows;
  const columns = async (table: string) => (await db().introspection.getTables()).find((found) => found.name === table)?.columns.map((column) => column.name).sort();

  it('makes one purchase of each one-part order and each checkout, moves the buyer and the payment to it, and goes back and forth', async () => {
    expect((await fresh.migrator.migrateTo(BEFORE)).error).toBeUndefined();
    await insertTodaysData();
    const ordersBefore = (await sql`select * from orders order by id`.execute(db())).rows;
    const columnsBefore = { orders: await columns('orders'), payments: await columns('payments'), intents: await columns('test_payment_intents') };

    expect((await fresh.migrator.migrateTo(MIGRATION)).error).toBeUndefined();
    const purchase = (over: Record<string, unknown>) => ({
      user_id: id('u'),
      customer_name: 'Sam',
      email: 'sam@example.com',
      location: '1 Road',
      phone: '+44 7700 900123',
      transaction_id: null,
      client_address: null,
      created_at: AT,
      updated_at: AT,
      paid_at: null,
      cancelled_at: null,
      ...over,
    });
    expect((await purchases()).map((row) => ({ ...row, total_cents: Number(row.total_cents) }))).toEqual([
      purchase({ id: id('a'), status: 'paid', total_cents: 500, transaction_id: 'pi_a', paid_at: AT, client_address: '203.0.113.7' }),
      purchase({ id: id('b'), status: 'waiting', total_cents: 500, client_address: '203.0.113.7' }),
      purchase({ id: id('c'), status: 'cancelled', total_cents: 500 }),
      // Refunded and shipped lines were paid: their purchase stays paid.
      purchase({ id: id('d'), status: 'paid', total_cents: 500, transaction_id: 'pi_d', paid_at: AT }),
      purchase({ id: id('e'), status: 'paid', total_cents: 500, transaction_id: 'pi_e', paid_at: AT }),
      purchase({ id: id('x'), status: 'paid', total_cents: 6000, transaction_id: 'pi_x', paid_at: AT, customer_name: 'Robin', updated_at: LATER }),
      purchase({ id: id('y'), status: 'waiting', total_cents: 1500, client_address: '2001:db8:1:2::/64' }),
      purchase({ id: id('z'), status: 'cancelled', total_cents: 1000 }),
    ]);
    expect(await lines()).toEqual(LINES.map((line) => ({ id: line.id, purchase_id: line.checkout ?? line.id, status: line.status })));
    expect(await columns('orders')).not.toEqual(expect.arrayContaining(['checkout_id']));
    for (const moved of ['customer_name', 'email', 'location', 'phone', 'transaction_id', 'client_address']) expect(await columns('orders')).not.toContain(moved);
    expect((await payments()).map((row) => [row.purchase_id, row.intent_id])).toEqual([
      [id('a'), 'pi_a'],
      [id('x'), 'pi_x'],
      [id('y'), 'pi_y'],
    ]);
    expect((await sql`select id, purchase_id from test_payment_intents order by id`.execute(db())).rows).toEqual([
      { id: 'pi_a', purchase_id: id('a') },
      { id: 'pi_x', purchase_id: id('x') },
      { id: 'pi_y', purchase_id: id('y') },
    ]);
    expect(await columns('test_payment_intents')).not.toContain('pays_for');
    // Every line names its purchase, and one payment per purchase.
    await expect(sql`update orders set purchase_id = null where id = ${id('a')}`.execute(db())).rejects.toThrow();
    await expect(
      sql`insert into payments (purchase_id, provider, intent_id, client_secret, amount_cents, currency, created_at)
        values (${id('a')}, ${'test'}, ${'pi_again'}, ${'pi_again_secret'}, ${500}, ${'usd'}, ${AT})`.execute(db()),
    ).rejects.toThrow();

    // Back: every order as it was, the checkouts and payments as they were named; then forward again.
    expect((await fresh.migrator.migrateTo(BEFORE)).error).toBeUndefined();
    expect((await sql`select * from orders order by id`.execute(db())).rows).toEqual(ordersBefore);
    expect({ orders: await columns('orders'), payments: await columns('payments'), intents: await columns('test_payment_intents') }).toEqual(columnsBefore);
    expect(await intents()).toEqual([
      { id: 'pi_a', order_id: id('a'), pays_for: 'order' },
      { id: 'pi_x', order_id: id('x'), pays_for: 'checkout' },
      { id: 'pi_y', order_id: id('y'), pays_for: 'checkout' },
    ]);
    expect((await payments()).map((row) => row.order_id)).toEqual([id('a'), id('x'), id('y')]);
    expect((await db().introspection.getTables()).map((table) => table.name)).not.toContain('purchases');

    expect((await fresh.migrator.migrateTo(MIGRATION)).error).toBeUndefined();
    expect(await purchases()).toHaveLength(8);
    expect(await lines()).toEqual(LINES.map((line) => ({ id: line.id, purchase_id: line.checkout ?? line.id, status: line.status })));
  });
});
