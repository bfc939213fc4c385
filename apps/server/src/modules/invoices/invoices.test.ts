import { DEMO_SETTINGS, DEMO_TAX_RATES } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createDatabase } from '../../db/database.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';
import { DELIVERY, payWithTestCard } from '../../test/purchases.js';
import type { InvoiceDocument } from './invoice-document.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertSignedInUser>>;
let part: { id: string };
let express = '';
const NEW_YORK = { country: 'US', region: 'NY', postcode: '10001' };
const SHOP = { ...DEMO_SETTINGS, shopName: 'Moto Parts Ltd', shopAddress: '1 Workshop Row, Brooklyn, NY 11201', taxId: 'US-12-3456789' };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
  part = await insertProduct(t.database.db, { name: 'Oil Filter HF204', part_number: 'HF-204', price_cents: 1250, minimum: 1, quantity: 10_000 });
  expect((await t.app.inject({ method: 'PUT', url: '/api/tax-rates', headers: admin.headers, payload: { rates: DEMO_TAX_RATES } })).statusCode).toBe(200);
  expect((await t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: SHOP })).statusCode).toBe(200);
  express = ((await t.app.inject({ url: '/api/shipping-methods' })).json() as Array<{ _id: string; name: string }>).find((method) => method.name === 'Express')!._id;
});
afterAll(async () => t.close());

/** A new customer's purchase of `quantity` filters to New York with Express; answers its id. */
async function place(quantity = 2) {
  const customer = await insertSignedInUser(t.database.db, { name: 'Łukasz Øster' });
  const placed = await t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.headers, payload: { productId: part.id, quantity, ...DELIVERY, ...NEW_YORK, shippingMethodId: express } });
  expect(placed.statusCode, placed.body).toBe(201);
  return { customer, purchaseId: placed.json().purchaseId as string };
}
const invoiceOf = (purchaseId: string) => t.database.db.selectFrom('invoices').selectAll().where('purchase_id', '=', purchaseId).executeTakeFirst();
const sequenceOf = (number: string) => Number(number.slice(-5));
const YEAR = new Date().getUTCFullYear();

describe('an invoice for every paid purchase', () => {
  it('is issued with the payment: the next number of the year, and a snapshot of everything it prints', async () => {
    const { customer, purchaseId } = await place();
    expect(await invoiceOf(purchaseId)).toBeUndefined();
    const intentId = await payWithTestCard(t.app, customer, { orderId: purchaseId }, purchaseId);

    const invoice = (await invoiceOf(purchaseId))!;
    expect(invoice.number).toMatch(new RegExp(`^INV-(${YEAR}|${YEAR + 1})-\\d{5}$`));
    const purchase = await t.database.db.selectFrom('purchases').selectAll().where('id', '=', purchaseId).executeTakeFirstOrThrow();
    const document = JSON.parse(invoice.document) as InvoiceDocument;
    expect(document).toMatchObject({
      kind: 'invoice',
      number: invoice.number,
      shop: { name: 'Moto Parts Ltd', address: '1 Workshop Row, Brooklyn, NY 11201', taxId: 'US-12-3456789' },
      buyer: { name: 'Łukasz Øster', email: customer.email, address: [DELIVERY.location, '10001 NY', 'United States'], phone: DELIVERY.phone },
      payment: { reference: intentId },
      currency: 'USD',
      lines: [{ name: 'Oil Filter HF204', partNumber: 'HF-204', quantity: 2, unitCents: 1250, totalCents: 2500 }],
      subtotalCents: 2500,
      discountCents: 0,
      deliveryCents: 1290,
      deliveryMethod: 'Express',
      // New York: 4 % of the parts (1.00) and of delivery (0.52).
      taxes: [{ name: 'Sales tax', ratePercent: 4, cents: 152 }],
      totalCents: Number(purchase.total_cents),
    });
    expect(document.totalCents).toBe(2500 + 1290 + 152);
    expect(document.orderNumbers).toEqual([document.lines[0]!.orderNumber]);
  });

  it('never changes once issued: later settings, names and prices leave it as it was', async () => {
    const { customer, purchaseId } = await place();
    await payWithTestCard(t.app, customer, { orderId: purchaseId }, purchaseId);
    const issued = (await invoiceOf(purchaseId))!.document;
    expect((await t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: { ...SHOP, shopName: 'Another Name', taxId: '' } })).statusCode).toBe(200);
    await t.database.db.updateTable('products').set({ name: 'Renamed filter', price_cents: 9999 }).where('id', '=', part.id).execute();
    expect((await invoiceOf(purchaseId))!.document).toBe(issued);
    expect(JSON.parse(issued)).toMatchObject({ shop: { name: 'Moto Parts Ltd' }, lines: [{ name: 'Oil Filter HF204', unitCents: 1250 }] });
    await t.database.db.updateTable('products').set({ name: 'Oil Filter HF204', price_cents: 1250 }).where('id', '=', part.id).execute();
    expect((await t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: SHOP })).statusCode).toBe(200);
  });

  it('is issued once for a purchase paid twice at the same moment (the confirmation and the webhook racing)', async () => {
    const { purchaseId } = await place(1);
    const results = await Promise.all([t.app.orders.markPaid(purchaseId, 'pi_racing'), t.app.orders.markPaid(purchaseId, 'pi_racing')]);
    expect(results.map((result) => result.changed).sort()).toEqual([false, true]);
    expect(await t.database.db.selectFrom('invoices').select('number').where('purchase_id', '=', purchaseId).execute()).toHaveLength(1);
  });

  it('numbers 50 purchases paid at once through two instances 1 to 50 after the last, without a gap or a repeat', async () => {
    const otherDatabase = createDatabase(t.testDatabase.config);
    const other = await buildApp({ config: t.app.config, database: otherDatabase, logger: false });
    try {
      const before = await t.database.db.selectFrom('document_counters').select('last_number').where('kind', '=', 'invoice').execute();
      const last = Math.max(0, ...before.map((row) => Number(row.last_number)));
      const purchases = await Promise.all(Array.from({ length: 50 }, () => place(1)));
      // In waves of twenty, ten on each instance: each instance's pool holds ten connections, and a
      // payment waiting longer than the pool's 3 s for one fails (on a loaded machine, 25 at once did).
      for (let wave = 0; wave < purchases.length; wave += 20) {
        await Promise.all(
          purchases.slice(wave, wave + 20).map(({ purchaseId }, offset) => (offset % 2 === 0 ? t.app : other).orders.markPaid(purchaseId, `pi_many_${wave + offset}`)),
        );
      }
      const numbers = await t.database.db.selectFrom('invoices').select('number').where('purchase_id', 'in', purchases.map((purchase) => purchase.purchaseId)).execute();
      expect(numbers.map((row) => sequenceOf(row.number)).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, index) => last + index + 1));
    } finally {
      await other.close();
      await otherDatabase.close();
    }
  });
});

describe('a credit note for every refund', () => {
  it('names its invoice and gives back what was refunded, once', async () => {
    const { customer, purchaseId } = await place(2);
    await payWithTestCard(t.app, customer, { orderId: purchaseId }, purchaseId);
    const refunded = await t.app.inject({ method: 'POST', url: `/api/orders/${purchaseId}/refund`, headers: admin.headers });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const invoice = (await invoiceOf(purchaseId))!;
    const notes = await t.database.db.selectFrom('credit_notes').selectAll().where('invoice_id', '=', invoice.id).execute();
    expect(notes).toHaveLength(1);
    const purchase = await t.database.db.selectFrom('purchases').select('total_cents').where('id', '=', purchaseId).executeTakeFirstOrThrow();
    // The purchase's only line: the whole payment, delivery and tax too.
    expect(Number(notes[0]!.amount_cents)).toBe(Number(purchase.total_cents));
    expect(notes[0]!.number).toMatch(/^CN-\d{4}-\d{5}$/);
    expect(JSON.parse(notes[0]!.document)).toMatchObject({ kind: 'credit-note', number: notes[0]!.number, creditNote: { invoiceNumber: invoice.number, amountCents: Number(purchase.total_cents), lines: ['Oil Filter HF204'] } });
    // The refund reported again (the provider's webhook) issues nothing more.
    const line = await t.database.db.selectFrom('orders').select('refund_id').where('purchase_id', '=', purchaseId).executeTakeFirstOrThrow();
    const found = { purchaseId, providerRefundId: line.refund_id!, amountCents: Number(purchase.total_cents), orderId: purchaseId, ledgerId: null, wholePayment: true };
    expect(await t.app.orders.recordFoundRefund(found)).toEqual([]);
    expect(await t.database.db.selectFrom('credit_notes').select('id').where('invoice_id', '=', invoice.id).execute()).toHaveLength(1);
  });
});

describe('a refund the provider declines', () => {
  it('issues no credit note, and takes no number', async () => {
    const { customer, purchaseId } = await place(1);
    // A card closed since the payment: the provider declines its refund.
    await payWithTestCard(t.app, customer, { orderId: purchaseId }, purchaseId, { number: '4000 0000 0000 5126', expiry: '12/34', cvc: '123' });
    const counter = () => t.database.db.selectFrom('document_counters').select('last_number').where('kind', '=', 'credit-note').executeTakeFirst();
    const before = await counter();
    const declined = await t.app.inject({ method: 'POST', url: `/api/orders/${purchaseId}/refund`, headers: admin.headers });
    expect(declined.statusCode).toBe(409);
    const invoice = (await invoiceOf(purchaseId))!;
    expect(await t.database.db.selectFrom('credit_notes').select('id').where('invoice_id', '=', invoice.id).execute()).toEqual([]);
    expect(await counter()).toEqual(before);
  });
});

describe('downloading them', () => {
  it("gives the owner and an admin the paid purchase's invoice, the same bytes every time, and nobody else", async () => {
    const { customer, purchaseId } = await place(1);
    const download = (headers?: Record<string, string>) => t.app.inject({ url: `/api/purchases/${purchaseId}/invoice`, ...(headers ? { headers } : {}) });
    // Not paid yet: none to give, and it says why.
    const unpaid = await download(customer.headers);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().error.message).toBe('This order is not paid yet: its invoice is issued with the payment');
    await payWithTestCard(t.app, customer, { orderId: purchaseId }, purchaseId);

    const first = await download(customer.headers);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    const { number } = (await invoiceOf(purchaseId))!;
    expect(first.headers['content-disposition']).toBe(`attachment; filename="${number}.pdf"`);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await download(admin.headers)).rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await download(customer.headers)).rawPayload.equals(first.rawPayload)).toBe(true);

    const stranger = await insertSignedInUser(t.database.db);
    expect((await download(stranger.headers)).statusCode).toBe(404);
    expect((await download()).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/purchases/not-an-id/invoice', headers: customer.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/purchases/${'f'.repeat(24)}/invoice`, headers: customer.headers })).statusCode).toBe(404);
  });

  it('says a purchase paid before the shop issued invoices has none', async () => {
    const { customer, purchaseId } = await place(1);
    // Paid as purchases were before migration 036: no invoice written with it.
    await t.database.db.updateTable('purchases').set({ status: 'paid', transaction_id: 'pi_before_invoices' }).where('id', '=', purchaseId).execute();
    const answer = await t.app.inject({ url: `/api/purchases/${purchaseId}/invoice`, headers: customer.headers });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.message).toBe('This order was paid before the shop issued invoices: please ask the shop for one');
  });

  it('says a cancelled purchase has no invoice', async () => {
    const { customer, purchaseId } = await place(1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${purchaseId}`, headers: customer.headers })).statusCode).toBe(200);
    const answer = await t.app.inject({ url: `/api/purchases/${purchaseId}/invoice`, headers: customer.headers });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.message).toBe('This order was cancelled, so it has no invoice');
  });

  it("gives the owner and an admin a refund's credit note, and nobody else", async () => {
    const { customer, purchaseId } = await place(1);
    await payWithTestCard(t.app, customer, { orderId: purchaseId }, purchaseId);
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${purchaseId}/refund`, headers: admin.headers })).statusCode).toBe(200);
    const { refund_id: refundId } = await t.database.db.selectFrom('orders').select('refund_id').where('purchase_id', '=', purchaseId).executeTakeFirstOrThrow();
    const download = (headers: Record<string, string>, id = refundId!) => t.app.inject({ url: `/api/refunds/${id}/credit-note`, headers });

    const note = await download(customer.headers);
    expect(note.statusCode).toBe(200);
    expect(note.headers['content-disposition']).toMatch(/^attachment; filename="CN-\d{4}-\d{5}\.pdf"$/);
    expect((await download(admin.headers)).rawPayload.equals(note.rawPayload)).toBe(true);
    expect((await download((await insertSignedInUser(t.database.db)).headers)).statusCode).toBe(404);
    expect((await download(customer.headers, 're_unknown')).statusCode).toBe(404);
    expect((await download(customer.headers, 'x'.repeat(101))).statusCode).toBe(400);
  });
});

