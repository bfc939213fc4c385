import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';
import { selectOrders } from './order-rows.js';

let t: TestApp;
let customers: Awaited<ReturnType<typeof insertSignedInUser>>[];

beforeAll(async () => {
  t = await buildTestApp();
  customers = await Promise.all(Array.from({ length: 30 }, () => insertSignedInUser(t.database.db)));
});
afterAll(async () => t.close());

const order = (customer: (typeof customers)[number], productId: string, location = '12 Kings Road, London') =>
  t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.headers, payload: { productId, quantity: 1, location, phone: '+44 7700 900123' } });
const stockOf = async (id: string) => (await t.database.db.selectFrom('products').select('quantity').where('id', '=', id).executeTakeFirstOrThrow()).quantity;
const ordersOf = async (productId: string) => selectOrders(t.database.db).where('orders.product_id', '=', productId).execute();

describe('orders written together by one commit (SQLite)', () => {
  it('gives the last units to the first in line and refuses the rest, in one burst', async () => {
    const product = await insertProduct(t.database.db, { quantity: 12, minimum: 1 });
    const answers = await Promise.all(customers.map((customer) => order(customer, product.id)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(12);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(18);
    expect(await stockOf(product.id)).toBe(0);
    expect(await ordersOf(product.id)).toHaveLength(12);
    expect(await t.database.db.selectFrom('order_mail_outbox').select('order_id').where('order_id', 'in', (await ordersOf(product.id)).map((row) => row.id)).execute()).toHaveLength(12);
  });

  it('rolls back only the order that failed; the others of its commit stay', async () => {
    const product = await insertProduct(t.database.db, { quantity: 100, minimum: 1 });
    // A database fault that hits one order's rows only.
    await sql`create trigger refuse_one_order before insert on purchases when new.location = 'Faulty Street 1'
      begin select raise(abort, 'disk said no'); end`.execute(t.database.db);
    try {
      const answers = await Promise.all(customers.map((customer, index) => order(customer, product.id, index === 7 ? 'Faulty Street 1' : 'Good Street 2')));
      expect(answers.map((answer) => answer.statusCode).filter((status) => status !== 201)).toEqual([500]);
      expect(answers[7]!.statusCode).toBe(500);
      expect(answers[7]!.json().error.message).not.toContain('disk said no');
      const rows = await ordersOf(product.id);
      expect(rows).toHaveLength(29);
      expect(rows.every((row) => row.location === 'Good Street 2')).toBe(true);
      // The failed order's stock was given back with its savepoint.
      expect(await stockOf(product.id)).toBe(71);
    } finally {
      await sql`drop trigger refuse_one_order`.execute(t.database.db);
    }
  });
});
