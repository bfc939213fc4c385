import { stockReason } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmEmailAddress, createUser } from '../test/auth-helpers.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../test/factories.js';
import { mailsTo, waitFor } from '../test/outbox.js';

/**
 * Anyone can sign up someone else's address. No email quoting text the account chose (its name,
 * a delivery address) goes to an address its owner has not confirmed: the order emails wait in
 * the outbox and go once the address is confirmed (those still true), or are dropped with the
 * account; the back-in-stock email waits too; the identity emails greet without the name.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SCALE: '10' });
});
afterAll(async () => t.close());

const PLANTED = 'Flat 2\nYour bank account is locked: call +44 20 7946 0999 now';
const NAME = 'Security Team';

type Customer = { email: string; headers: Record<string, string> };
const order = (customer: Customer, productId: string) =>
  t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.headers, payload: { productId, quantity: 1, location: PLANTED, phone: '+44 113 496 0000' } });
const inbox = (email: string) => mailsTo(t.app.config.mail.outboxDir, email);
const heldFor = async (email: string) =>
  (await t.database.db.selectFrom('order_mail_outbox').innerJoin('orders', 'orders.id', 'order_mail_outbox.order_id').innerJoin('purchases', 'purchases.id', 'orders.purchase_id').select('kind').where('purchases.email', '=', email).execute()).map(
    (row) => row.kind,
  );
/** Every email queued now has had its chance to go: the background rounds, and one more. */
const deliver = () => t.app.orders.mail.deliverDue();

describe('emails to an address the account has not confirmed', () => {
  it('holds the order emails of an unconfirmed account, and sends those still true once, when its owner confirms the address', async () => {
    const victim = 'someone.else@example.com';
    const squatter = await createUser(t.app, t.database.db, { email: victim, name: NAME });
    const part = await insertProduct(t.database.db, { name: 'Brake pads', quantity: 10, minimum: 1 });
    const kept = await order(squatter, part.id);
    const dropped = await order(squatter, part.id);
    expect([kept.statusCode, dropped.statusCode]).toEqual([201, 201]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${dropped.json().insertedId}`, headers: squatter.headers })).statusCode).toBe(200);
    await deliver();
    await waitFor(() => inbox(victim).length > 0);

    // Only the address confirmation went, and it quotes nothing the account wrote.
    const before = inbox(victim);
    expect(before.map((mail) => /^Subject: (.*)$/m.exec(mail)![1])).toEqual(['Confirm your Moto Parts email address']);
    expect(before[0]).not.toContain(NAME);
    expect(before[0]).not.toContain('bank account');
    expect((await heldFor(victim)).sort()).toEqual(['cancelled', 'placed', 'placed']);

    await confirmEmailAddress(t.app, victim);
    await deliver();
    // Sent emails leave the outbox once written, by this round or a background one.
    await waitFor(async () => (await heldFor(victim)).length === 0);
    const after = inbox(victim).slice(1);
    const subjects = after.map((mail) => /^Subject: (.*)$/m.exec(mail)![1]).sort();
    // The waiting order's email, and the cancellation; not 'waiting for payment' for the cancelled one.
    expect(subjects).toHaveLength(2);
    expect(subjects[0]).toMatch(/^Your Moto Parts order #\d+ is waiting for payment$/);
    expect(subjects[1]).toMatch(/^Your order #\d+ is cancelled$/);
    // Once: another round sends nothing more.
    await deliver();
    expect(inbox(victim)).toHaveLength(3);
  });

  it("drops the held emails of an account removed before it confirmed the address", async () => {
    const admin = await insertSignedInUser(t.database.db, { role: 'admin' });
    const victim = 'another.person@example.com';
    const squatter = await createUser(t.app, t.database.db, { email: victim, name: NAME });
    const part = await insertProduct(t.database.db, { quantity: 10, minimum: 1 });
    expect((await order(squatter, part.id)).statusCode).toBe(201);
    await deliver();
    expect(await heldFor(victim)).toEqual(['placed']);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/admin/${victim}`, headers: admin.headers })).statusCode).toBe(200);
    await deliver();
    await waitFor(async () => (await heldFor(victim)).length === 0);
    expect(inbox(victim).filter((mail) => !mail.includes('Subject: Confirm your Moto Parts email address'))).toEqual([]);
  });

  it('sends a confirmed customer their order email at once', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const part = await insertProduct(t.database.db, { quantity: 10, minimum: 1 });
    expect((await order(customer, part.id)).statusCode).toBe(201);
    await deliver();
    await waitFor(async () => (await heldFor(customer.email)).length === 0);
    expect(inbox(customer.email)).toHaveLength(1);
  });

  it('keeps a back-in-stock email, which quotes the name, until the address is confirmed', async () => {
    const victim = 'third.person@example.com';
    const squatter = await createUser(t.app, t.database.db, { email: victim, name: NAME });
    const part = await insertProduct(t.database.db, { name: 'Fork seal kit', quantity: 0, minimum: 1 });
    expect((await t.app.inject({ method: 'PUT', url: `/api/products/${part.id}/notify`, headers: squatter.headers })).statusCode).toBe(200);
    await t.database.db.updateTable('products').set({ quantity: 5, stock_reason: stockReason('set', 'Test') }).where('id', '=', part.id).execute();
    expect(await t.app.stockAlerts.deliverDue()).toBe(0);

    await confirmEmailAddress(t.app, victim);
    expect(await t.app.stockAlerts.deliverDue()).toBe(1);
    const alert = inbox(victim).find((mail) => mail.includes('Subject: Fork seal kit is back in stock'));
    expect(alert).toContain(`Hello ${NAME},`);
  });
});
