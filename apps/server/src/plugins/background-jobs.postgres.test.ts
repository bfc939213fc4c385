import { formatOrderNumber } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createDatabase, type ShopDatabase } from '../db/database.js';
import { scheduleSweeps } from '../sweeps.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../test/factories.js';
import { readOutbox, waitFor } from '../test/outbox.js';

/**
 * Three instances of the shop on one PostgreSQL database, each with the running shop's jobs
 * (order emails, back-in-stock emails, the sweeps): one leads and runs them, each unpaid order
 * is swept once and each email sent once, even when every instance sweeps at the same moment;
 * when the leader stops, another takes the jobs over.
 */

let t: TestApp;
const others: Array<{ app: FastifyInstance; database: ShopDatabase }> = [];
let instances: FastifyInstance[];

beforeAll(async () => {
  t = await buildTestApp({ ORDER_PAYMENT_TIMEOUT_HOURS: '0.1' });
  for (let i = 0; i < 2; i++) {
    const database = createDatabase(t.testDatabase.config);
    const app = await buildApp({ config: t.app.config, database, logger: false });
    await app.ready();
    others.push({ app, database });
  }
  instances = [t.app, ...others.map(({ app }) => app)];
  for (const app of instances) scheduleSweeps(app);
});
afterAll(async () => {
  for (const { app, database } of others) {
    await app.close().catch(() => {});
    await database.close().catch(() => {});
  }
  await t.close();
});

const leaders = () => instances.filter((app) => app.background.leading);
const mailsWith = (subject: RegExp) => readOutbox(t.app.config.mail.outboxDir).filter((mail) => subject.test(mail.replace(/\r?\n /g, ' ')));

describe('background jobs across instances', () => {
  it('one instance of three leads', async () => {
    await waitFor(() => leaders().length === 1);
  });

  it('each unpaid order is swept once and each email sent once, though every instance sweeps at the same moment', async () => {
    const part = await insertProduct(t.database.db, { quantity: 100, minimum: 1 });
    const customers = await Promise.all([0, 1, 2].map(() => insertSignedInUser(t.database.db)));
    const numbers: string[] = [];
    for (const [i, customer] of customers.entries()) {
      for (let n = 0; n < 4; n++) {
        const placed = await instances[(i + n) % 3]!.inject({
          method: 'POST',
          url: '/api/orders',
          headers: customer.headers,
          payload: { productId: part.id, quantity: 2, location: '12 Kings Road, London', phone: '+44 7700 900123' },
        });
        expect(placed.statusCode).toBe(201);
        const order = await t.database.db.selectFrom('orders').select('number').where('id', '=', placed.json().insertedId).executeTakeFirstOrThrow();
        numbers.push(formatOrderNumber(order.number));
      }
    }
    await waitFor(() => mailsWith(/waiting for payment/).length >= 12);
    // Placed two hours ago: past the 6-minute timeout.
    const placedAt = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
    await t.database.db.updateTable('orders').set({ created_at: placedAt }).execute();
    await t.database.db.updateTable('purchases').set({ created_at: placedAt }).execute();

    const swept = await Promise.all(instances.map((app) => app.orders.sweepUnpaid(t.app.config.orderPaymentTimeoutMs)));
    expect(swept.reduce((sum, count) => sum + count, 0)).toBe(12);
    const stock = await t.database.db.selectFrom('products').select('quantity').where('id', '=', part.id).executeTakeFirstOrThrow();
    expect(stock.quantity).toBe(100);

    await waitFor(() => mailsWith(/Your unpaid order/).length >= 12);
    // A few rounds more of every job: nothing is sent twice.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const placedMails = mailsWith(/waiting for payment/);
    const cancelledMails = mailsWith(/Your unpaid order/);
    expect(placedMails).toHaveLength(12);
    expect(cancelledMails).toHaveLength(12);
    for (const number of numbers) {
      expect(cancelledMails.filter((mail) => mail.includes(`order ${number} was cancelled`))).toHaveLength(1);
    }
  });

  it('when the leader stops, another instance takes the jobs over and sends what was queued', async () => {
    const leader = leaders()[0]!;
    await leader.background.stop();
    instances = instances.filter((app) => app !== leader);
    await waitFor(() => leaders().length === 1);

    const part = await insertProduct(t.database.db, { quantity: 10, minimum: 1 });
    const customer = await insertSignedInUser(t.database.db);
    const placed = await instances[0]!.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.headers,
      payload: { productId: part.id, quantity: 1, location: '12 Kings Road, London', phone: '+44 7700 900123' },
    });
    expect(placed.statusCode).toBe(201);
    await waitFor(() => mailsWith(new RegExp(`To: ${customer.email}`)).length === 1);
  });
});
