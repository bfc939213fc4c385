import type { Cart } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';

let t: TestApp;
type Customer = Awaited<ReturnType<typeof insertSignedInUser>>;
type Part = Awaited<ReturnType<typeof insertProduct>>;
const parts: Part[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  for (let index = 0; index < 15; index++) parts.push(await insertProduct(t.database.db, { minimum: 1, quantity: 10_000 }));
});
afterAll(async () => t.close());

/** A cart version: `[part index, quantity]` per line, in order. */
type Version = Array<[number, number]>;
const payloadOf = (version: Version) => ({ lines: version.map(([part, quantity]) => ({ productId: parts[part]!.id, quantity })) });
const put = (customer: Customer, version: Version) => t.app.inject({ method: 'PUT', url: '/api/cart', headers: customer.headers, payload: payloadOf(version) });
const linesOf = async (customer: Customer): Promise<Version> => {
  const cart = (await t.app.inject({ url: '/api/cart', headers: customer.headers })).json() as Cart;
  return cart.lines.map((line) => [parts.findIndex((part) => part.id === line.productId), line.quantity]);
};
const orderedBy = async (customer: Customer): Promise<Version> =>
  (await t.database.db.selectFrom('orders').select(['product_id', 'quantity']).where('user_id', '=', customer.id).orderBy('number').execute()).map((order) => [
    parts.findIndex((part) => part.id === order.product_id),
    order.quantity,
  ]);

describe('one account writing its cart from many tabs at once', () => {
  it('answers each of 60 parallel writes with success, and keeps one whole version of those sent', async () => {
    const customer = await insertSignedInUser(t.database.db);
    // Version i: three lines, starting at a part that moves on each time, all of quantity i + 1,
    // so a mix of two versions shows in the parts or in the quantities.
    const versions: Version[] = Array.from({ length: 60 }, (_, i) => [0, 1, 2].map((step): [number, number] => [(i + step * 4) % 12, i + 1]));
    await put(customer, versions[59]!);

    const answers = await Promise.all(versions.map((version) => put(customer, version)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(versions.map(() => 200));
    const kept = await linesOf(customer);
    expect(versions).toContainEqual(kept);
  });
});

describe('a checkout racing an edit of the same cart', () => {
  it('orders the cart as it was before the edit or as the edit left it, never a mix', async () => {
    // Ten lines, half of them kept with a new quantity, half replaced by other parts.
    const before: Version = Array.from({ length: 10 }, (_, i) => [i, 1]);
    const after: Version = Array.from({ length: 10 }, (_, i) => [i + 5, 2]);
    const customers = await Promise.all(Array.from({ length: 12 }, () => insertSignedInUser(t.database.db)));
    await Promise.all(customers.map((customer) => put(customer, before)));

    const outcomes = await Promise.all(
      customers.map(async (customer) => {
        const [edit, checkout] = await Promise.all([
          put(customer, after),
          t.app.inject({ method: 'POST', url: '/api/checkout', headers: customer.headers, payload: { location: '7 Throttle Lane, Leeds', phone: '+44 113 496 0000' } }),
        ]);
        return { edit: edit.statusCode, checkout: checkout.statusCode, ordered: await orderedBy(customer), cart: await linesOf(customer) };
      }),
    );
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({ edit: 200, checkout: 201 });
      // The edit came after the checkout and stays in the cart, or came first and was ordered.
      expect([
        { ordered: before, cart: after },
        { ordered: after, cart: [] },
      ]).toContainEqual({ ordered: outcome.ordered, cart: outcome.cart });
    }
  });
});
