import type { Cart } from '@shop/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';
import { waitFor } from '../../test/outbox.js';

let t: TestApp;
type Part = Awaited<ReturnType<typeof insertProduct>>;
const parts: Part[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  for (let index = 0; index < 15; index++) parts.push(await insertProduct(t.database.db, { minimum: 1, quantity: 100 }));
});
afterAll(async () => t.close());

/** Statements of this test's database waiting for a row another transaction holds. */
const lockWaits = async () =>
  Number(
    (await sql<{ n: number }>`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(t.database.db)).rows[0]!.n,
  );

describe('a checkout that starts while an edit of the cart is half written', () => {
  it('waits for the edit and orders the cart it left, whole', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const linesOf = (pairs: Array<[number, number]>) => ({ lines: pairs.map(([part, quantity]) => ({ productId: parts[part]!.id, quantity })) });
    const before = Array.from({ length: 10 }, (_, i): [number, number] => [i, 1]);
    const after = Array.from({ length: 10 }, (_, i): [number, number] => [i + 5, 2]);
    expect((await t.app.inject({ method: 'PUT', url: '/api/cart', headers: customer.headers, payload: linesOf(before) })).statusCode).toBe(200);

    // Another transaction holds one line the edit changes, so the edit stops after removing and
    // changing some lines, before adding the new ones; the checkout starts meanwhile.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockedYet = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.database.db.transaction().execute(async (trx) => {
      await trx.selectFrom('cart_lines').select('product_id').where('user_id', '=', customer.id).where('product_id', '=', parts[9]!.id).forUpdate().execute();
      locked();
      await released;
    });
    await lockedYet;
    const edit = t.app.inject({ method: 'PUT', url: '/api/cart', headers: customer.headers, payload: linesOf(after) });
    await waitFor(async () => (await lockWaits()) === 1);
    const checkout = t.app.inject({ method: 'POST', url: '/api/checkout', headers: customer.headers, payload: { location: '7 Throttle Lane, Leeds', phone: '+44 113 496 0000' } });
    await waitFor(async () => (await lockWaits()) === 2);
    release();
    await holder;

    expect((await edit).statusCode).toBe(200);
    expect((await checkout).statusCode).toBe(201);
    const ordered = await t.database.db.selectFrom('orders').select(['product_id', 'quantity']).where('user_id', '=', customer.id).orderBy('number').execute();
    expect(ordered.map((order): [number, number] => [parts.findIndex((part) => part.id === order.product_id), order.quantity])).toEqual(after);
    expect(((await t.app.inject({ url: '/api/cart', headers: customer.headers })).json() as Cart).lines).toEqual([]);
  });
});
