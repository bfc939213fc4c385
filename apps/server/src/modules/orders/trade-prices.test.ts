import { type Cart, DEMO_TAX_RATES, type Quote } from '@shop/shared';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';
import { DELIVERY, payWithTestCard } from '../../test/purchases.js';
import { quantityPricesColumn } from '../products/products.plugin.js';
import type { Pricer } from './placement.js';

/**
 * One price from the quote to the invoice (SPEC-3 section 6, decision 044): a line's unit price
 * is the lowest of the list price less the buyer's trade discount (a workshop's) and the quantity
 * price for its pieces; the quote shows it, the cart answers it, the placement charges it (again
 * priced if anything it was computed from moved) and the invoice prints it.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertSignedInUser>>;
type Customer = Awaited<ReturnType<typeof insertSignedInUser>>;
type Line = { productId: string; quantity: number };
const CALIFORNIA = { country: 'US', region: 'CA', postcode: '94103' };
/** A list price of 10.00 with 8.50 from 10 pieces and 7.80 from 50. */
let filter = '';
/** A list price of 40.00 with 38.00 from 5 pieces: above a 12.5 % trade price (35.00). */
let chain = '';

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
  filter = (await insertProduct(t.database.db, { name: 'Oil filter HF204', price_cents: 1000, minimum: 1, quantity: 10_000, quantity_prices: tiers([10, 850], [50, 780]) })).id;
  chain = (await insertProduct(t.database.db, { name: 'Chain kit 520', price_cents: 4000, minimum: 1, quantity: 10_000, quantity_prices: tiers([5, 3800]) })).id;
  expect((await t.app.inject({ method: 'PUT', url: '/api/tax-rates', headers: admin.headers, payload: { rates: DEMO_TAX_RATES } })).statusCode).toBe(200);
});
afterAll(async () => t.close());

function tiers(...rows: Array<[number, number]>): string {
  return quantityPricesColumn(rows.map(([from, priceCents]) => ({ from, priceCents })));
}

/** Marks the customer a workshop with this trade discount in percent, or not one, as the admin does. */
async function setWorkshop(customer: Customer, workshop: boolean, tradeDiscount = 0) {
  const answer = await t.app.inject({ method: 'PUT', url: `/api/user/workshop/${encodeURIComponent(customer.email)}`, headers: admin.headers, payload: { workshop, tradeDiscount } });
  expect(answer.statusCode, answer.body).toBe(200);
}
async function newWorkshop(tradeDiscount = 12.5): Promise<Customer> {
  const customer = await insertSignedInUser(t.database.db);
  await setWorkshop(customer, true, tradeDiscount);
  return customer;
}

async function quoted(payload: object, customer?: Customer): Promise<Quote> {
  const answer = await t.app.inject({ method: 'POST', url: '/api/quote', headers: customer?.headers ?? {}, payload });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as Quote;
}
const unitPrices = async (lines: Line[], customer?: Customer) => (await quoted({ lines, country: 'US' }, customer)).lines.map((line) => line.unitPrice);

async function putCart(customer: Customer, lines: Line[]): Promise<Cart> {
  const answer = await t.app.inject({ method: 'PUT', url: '/api/cart', headers: customer.headers, payload: { lines } });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as Cart;
}
const cartOf = async (customer: Customer): Promise<Cart> => (await t.app.inject({ url: '/api/cart', headers: customer.headers })).json() as Cart;
const cartPrices = (cart: Cart) => cart.lines.map(({ price, seenPrice, lineTotal }) => ({ price, seenPrice, lineTotal }));

async function order(customer: Customer, line: Line, payload: object = {}) {
  const answer = await t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.headers, payload: { ...line, ...DELIVERY, ...CALIFORNIA, ...payload } });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as { insertedId: string; purchaseId: string; total: number; totalChanged: boolean };
}
async function checkout(customer: Customer, payload: object = {}) {
  const answer = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: customer.headers, payload: { ...DELIVERY, ...CALIFORNIA, ...payload } });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as { checkoutId: string; orderIds: string[]; total: number; totalChanged: boolean };
}

/** A purchase as recorded: its lines' unit prices and totals, and its amounts, in cents. */
async function recorded(purchaseId: string) {
  const purchase = await t.database.db.selectFrom('purchases').selectAll().where('id', '=', purchaseId).executeTakeFirstOrThrow();
  const lines = await t.database.db.selectFrom('orders').select(['product_id', 'unit_price_cents', 'quantity', 'total_cents']).where('purchase_id', '=', purchaseId).orderBy('number').execute();
  return {
    lines: lines.map((line) => ({ productId: line.product_id, quantity: line.quantity, unitCents: Number(line.unit_price_cents), totalCents: Number(line.total_cents) })),
    subtotalCents: Number(purchase.subtotal_cents),
    discountCents: Number(purchase.discount_cents),
    shippingCents: Number(purchase.shipping_cents),
    taxCents: Number(purchase.tax_cents),
    totalCents: Number(purchase.total_cents),
  };
}
const cents = (dollars: number) => Math.round(dollars * 100);
/** What the quote answered, as the purchase records it. */
const asRecorded = (quote: Quote) => ({
  lines: quote.lines.map((line) => ({ productId: line.productId, quantity: line.quantity, unitCents: cents(line.unitPrice), totalCents: cents(line.lineTotal) })),
  subtotalCents: cents(quote.subtotal),
  discountCents: cents(quote.discount),
  shippingCents: cents(quote.shipping),
  taxCents: cents(quote.tax),
  totalCents: cents(quote.total),
});

describe('prices per role and quantity', () => {
  it('a visitor and a customer pay the list price, or the quantity price once a line reaches it', async () => {
    const customer = await insertSignedInUser(t.database.db);
    for (const who of [undefined, customer]) {
      expect(await unitPrices([{ productId: filter, quantity: 1 }, { productId: chain, quantity: 4 }], who)).toEqual([10, 40]);
      expect(await unitPrices([{ productId: filter, quantity: 10 }, { productId: chain, quantity: 5 }], who)).toEqual([8.5, 38]);
      expect(await unitPrices([{ productId: filter, quantity: 49 }], who)).toEqual([8.5]);
      expect(await unitPrices([{ productId: filter, quantity: 50 }], who)).toEqual([7.8]);
    }
    // A visitor's cart (kept on the device) is totalled by the quote, at its quantity prices.
    const visitor = await quoted({ lines: [{ productId: filter, quantity: 12 }, { productId: chain, quantity: 1 }], country: 'US' });
    expect(visitor.lines.map((line) => line.lineTotal)).toEqual([102, 40]);
    expect(visitor.subtotal).toBe(142);
  });

  it('a workshop pays the lowest of its trade price and the quantity price', async () => {
    const workshop = await newWorkshop(12.5);
    // One piece: 10.00 less 12.5 % (1.25) and 40.00 less 5.00.
    expect(await unitPrices([{ productId: filter, quantity: 1 }, { productId: chain, quantity: 1 }], workshop)).toEqual([8.75, 35]);
    // The quantity price below the trade price (8.50 < 8.75); the trade price below the quantity price (35.00 < 38.00).
    expect(await unitPrices([{ productId: filter, quantity: 10 }, { productId: chain, quantity: 5 }], workshop)).toEqual([8.5, 35]);
    expect(await unitPrices([{ productId: filter, quantity: 50 }], workshop)).toEqual([7.8]);
    // The discount is rounded half up to the cent: 3.3 % of 10.00 is 0.33, of 40.00 1.32.
    const odd = await newWorkshop(3.3);
    expect(await unitPrices([{ productId: filter, quantity: 1 }, { productId: chain, quantity: 1 }], odd)).toEqual([9.67, 38.68]);
  });

  it("the cart answers each line at the buyer's price for its pieces, and a quantity price reached is no repricing", async () => {
    const workshop = await newWorkshop(12.5);
    const customer = await insertSignedInUser(t.database.db);
    const lines = [{ productId: filter, quantity: 10 }, { productId: chain, quantity: 1 }];
    const workshops = await putCart(workshop, lines);
    expect(cartPrices(workshops)).toEqual([{ price: 8.5, seenPrice: 8.5, lineTotal: 85 }, { price: 35, seenPrice: 35, lineTotal: 35 }]);
    expect(workshops.total).toBe(120);
    expect(await cartOf(workshop)).toEqual(workshops);
    const customers = await putCart(customer, lines);
    expect(cartPrices(customers)).toEqual([{ price: 8.5, seenPrice: 8.5, lineTotal: 85 }, { price: 40, seenPrice: 40, lineTotal: 40 }]);
    expect(customers.total).toBe(125);

    // Fewer pieces: the trade price again, seen as such.
    const fewer = await putCart(workshop, [{ productId: filter, quantity: 2 }, { productId: chain, quantity: 1 }]);
    expect(cartPrices(fewer)).toEqual([{ price: 8.75, seenPrice: 8.75, lineTotal: 17.5 }, { price: 35, seenPrice: 35, lineTotal: 35 }]);
    // The cart's quote (a bearer and no lines) prices the same lines the same.
    const quote = await quoted({ country: 'US' }, workshop);
    expect(quote.lines.map((line) => [line.unitPrice, line.lineTotal])).toEqual([[8.75, 17.5], [35, 35]]);
    expect(quote.subtotal).toBe(fewer.total);
  });
});

describe('the placement charges exactly what the quote showed', () => {
  it("a workshop's one-part order: the quote's unit price, lines and total", async () => {
    const workshop = await newWorkshop(12.5);
    for (const line of [{ productId: filter, quantity: 3 }, { productId: filter, quantity: 20 }, { productId: chain, quantity: 6 }]) {
      const quote = await quoted({ lines: [line], ...CALIFORNIA }, workshop);
      const placed = await order(workshop, line, { expectedTotal: quote.total });
      expect(placed).toMatchObject({ total: quote.total, totalChanged: false });
      expect(await recorded(placed.purchaseId)).toEqual(asRecorded(quote));
    }
    // 3 x 8.75, 20 x 8.50 and 6 x 35.00.
    const charged = await t.database.db.selectFrom('orders').select('unit_price_cents').where('user_id', '=', workshop.id).orderBy('number').execute();
    expect(charged.map((row) => Number(row.unit_price_cents))).toEqual([875, 850, 3500]);
  });

  it("a checkout of a workshop's cart, and of a customer's: the quote's lines and total", async () => {
    for (const buyer of [await newWorkshop(12.5), await insertSignedInUser(t.database.db)]) {
      await putCart(buyer, [{ productId: filter, quantity: 50 }, { productId: chain, quantity: 2 }]);
      const quote = await quoted({ ...CALIFORNIA }, buyer);
      const placed = await checkout(buyer, { expectedTotal: quote.total });
      expect(placed).toMatchObject({ total: quote.total, totalChanged: false });
      expect(await recorded(placed.checkoutId)).toEqual(asRecorded(quote));
    }
  });
});

describe('a price input moved between the quote and the placement', () => {
  it('charges the new price, priced again, and says the total changed: the list price, the quantity prices, the trade discount', async () => {
    const part = (await insertProduct(t.database.db, { price_cents: 2000, minimum: 1, quantity: 10_000, quantity_prices: tiers([10, 1800]) })).id;
    const workshop = await newWorkshop(10);
    const line = { productId: part, quantity: 10 };
    /** Quotes, moves something, places: the charge matches a new quote, not the first one. */
    const afterMove = async (move: () => Promise<unknown>, unitCents: number) => {
      const before = await quoted({ lines: [line], ...CALIFORNIA }, workshop);
      await move();
      const placed = await order(workshop, line, { expectedTotal: before.total });
      const now = await quoted({ lines: [line], ...CALIFORNIA }, workshop);
      expect(placed).toMatchObject({ total: now.total, totalChanged: now.total !== before.total });
      expect(await recorded(placed.purchaseId)).toEqual(asRecorded(now));
      expect((await recorded(placed.purchaseId)).lines[0]!.unitCents).toBe(unitCents);
      return { before, now, placed };
    };
    // 10 pieces: the quantity price 18.00 ties the trade price (20.00 less 10 %).
    expect((await quoted({ lines: [line], country: 'US' }, workshop)).lines[0]!.unitPrice).toBe(18);
    const listRaised = await afterMove(() => t.database.db.updateTable('products').set({ price_cents: 2400 }).where('id', '=', part).execute(), 1800);
    // The trade price moved to 21.60, but the quantity price 18.00 still wins: the same total.
    expect(listRaised.placed.totalChanged).toBe(false);
    const tiersLowered = await afterMove(() => t.database.db.updateTable('products').set({ quantity_prices: tiers([10, 1700]) }).where('id', '=', part).execute(), 1700);
    expect(tiersLowered.placed.totalChanged).toBe(true);
    const tiersGone = await afterMove(() => t.database.db.updateTable('products').set({ quantity_prices: tiers() }).where('id', '=', part).execute(), 2160);
    expect(tiersGone.placed.totalChanged).toBe(true);
    const discountRaised = await afterMove(() => setWorkshop(workshop, true, 25), 1800);
    expect(discountRaised.placed.totalChanged).toBe(true);
    const notWorkshop = await afterMove(() => setWorkshop(workshop, false), 2400);
    expect(notWorkshop.placed.totalChanged).toBe(true);
  });

  it('a checkout charges the new prices when a list price, quantity prices or the trade discount moved after the quote', async () => {
    const parts = await Promise.all([1000, 3000].map(async (price_cents) => (await insertProduct(t.database.db, { price_cents, minimum: 1, quantity: 10_000, quantity_prices: tiers([5, price_cents - 100]) })).id));
    const workshop = await newWorkshop(5);
    const moves: Array<() => Promise<unknown>> = [
      // 28.50 (30.00 less 5 %) to 29.00, the quantity price now below 30.40.
      () => t.database.db.updateTable('products').set({ price_cents: 3200 }).where('id', '=', parts[1]!).execute(),
      () => t.database.db.updateTable('products').set({ quantity_prices: tiers([5, 2500]) }).where('id', '=', parts[1]!).execute(),
      () => setWorkshop(workshop, true, 20),
      () => setWorkshop(workshop, false),
    ];
    for (const move of moves) {
      await putCart(workshop, [{ productId: parts[0]!, quantity: 5 }, { productId: parts[1]!, quantity: 5 }]);
      const before = await quoted({ ...CALIFORNIA }, workshop);
      await move();
      const placed = await checkout(workshop, { expectedTotal: before.total });
      await putCart(workshop, [{ productId: parts[0]!, quantity: 5 }, { productId: parts[1]!, quantity: 5 }]);
      const now = await quoted({ ...CALIFORNIA }, workshop);
      expect(now.total).not.toBe(before.total);
      expect(placed).toMatchObject({ total: now.total, totalChanged: true });
      expect(await recorded(placed.checkoutId)).toEqual(asRecorded(now));
      await putCart(workshop, []);
    }
  });

  it('the placement statement itself refuses a list price or quantity prices moved after its pricing, and it is priced again', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const buyer = { userId: customer.id, customerName: customer.name, email: customer.email, ...DELIVERY, clientAddress: '127.0.0.1' };
    const moves = [
      { set: { price_cents: 1500 }, unitCents: 1500 },
      { set: { quantity_prices: tiers([2, 1200]) }, unitCents: 1200 },
    ];
    for (const { set, unitCents } of moves) {
      const part = (await insertProduct(t.database.db, { price_cents: 1300, minimum: 1, quantity: 100 })).id;
      const lines = [{ productId: part, quantity: 2 }];
      // The admin's edit lands between the pricing and the statement (the pricing is what it was).
      const prices: number[] = [];
      const movedAfterPricing = (pricer: Pricer): Pricer => async (found) => {
        const pricing = await pricer(found);
        prices.push(pricing.lines[0]!.priceCents);
        if (prices.length === 1) await t.database.db.updateTable('products').set(set).where('id', '=', part).execute();
        return pricing;
      };
      const { order: placed } = await t.app.orders.place({ ...buyer, ...lines[0]! }, movedAfterPricing(t.app.quote.pricerFor({ ...CALIFORNIA, userId: customer.id, tradeDiscount: 0, lines })));
      expect({ prices, charged: Number(placed.unit_price_cents) }).toEqual({ prices: [1300, unitCents], charged: unitCents });

      await t.database.db.updateTable('products').set({ price_cents: 1300, quantity_prices: tiers() }).where('id', '=', part).execute();
      prices.length = 0;
      await putCart(customer, lines);
      const checkedOut = await t.app.cart.checkout({ id: customer.id, name: customer.name, email: customer.email }, DELIVERY, '127.0.0.1', movedAfterPricing(t.app.quote.pricerFor({ ...CALIFORNIA, userId: customer.id, tradeDiscount: 0, lines })));
      expect({ prices, charged: checkedOut.orders.map((row) => Number(row.unit_price_cents)) }).toEqual({ prices: [1300, unitCents], charged: [unitCents] });
    }
  });

  it('the placement statement itself refuses a trade discount that is no longer the buyer’s, and prices again with the one it found', async () => {
    // Priced as the request began (a workshop at 12.5 %), placed after the admin took the flag away.
    const customer = await insertSignedInUser(t.database.db);
    const options = { ...CALIFORNIA, userId: customer.id, tradeDiscount: 1250 };
    const buyer = { userId: customer.id, customerName: customer.name, email: customer.email, ...DELIVERY, clientAddress: '127.0.0.1' };
    const { order: placed, pricing } = await t.app.orders.place({ ...buyer, productId: filter, quantity: 2 }, t.app.quote.pricerFor({ ...options, lines: [{ productId: filter, quantity: 2 }] }));
    expect({ unitCents: Number(placed.unit_price_cents), totalCents: Number(placed.total_cents), tradeDiscount: pricing.tradeDiscount }).toEqual({ unitCents: 1000, totalCents: 2000, tradeDiscount: 0 });

    // And a workshop whose discount the request did not know yet.
    const workshop = await newWorkshop(20);
    await putCart(workshop, [{ productId: filter, quantity: 2 }, { productId: chain, quantity: 1 }]);
    const stale = t.app.quote.pricerFor({ ...CALIFORNIA, userId: workshop.id, tradeDiscount: 0, lines: [{ productId: filter, quantity: 2 }, { productId: chain, quantity: 1 }] });
    const checkedOut = await t.app.cart.checkout({ id: workshop.id, name: 'Workshop', email: workshop.email }, DELIVERY, '127.0.0.1', stale);
    expect(checkedOut.orders.map((row) => Number(row.unit_price_cents))).toEqual([800, 3200]);
    expect(checkedOut.pricing.tradeDiscount).toBe(2000);
    const now = await quoted({ lines: [{ productId: filter, quantity: 2 }, { productId: chain, quantity: 1 }], ...CALIFORNIA }, workshop);
    expect(await recorded(checkedOut.checkoutId)).toEqual(asRecorded(now));
  });
});

describe('a workshop flag removed while its cart holds trade prices', () => {
  it('the next cart answer shows the list prices, each line still saying the price it was seen at, and the checkout charges them', async () => {
    const workshop = await newWorkshop(12.5);
    const held = await putCart(workshop, [{ productId: filter, quantity: 2 }, { productId: chain, quantity: 1 }]);
    expect(cartPrices(held)).toEqual([{ price: 8.75, seenPrice: 8.75, lineTotal: 17.5 }, { price: 35, seenPrice: 35, lineTotal: 35 }]);

    await setWorkshop(workshop, false);
    const cart = await cartOf(workshop);
    expect(cartPrices(cart)).toEqual([{ price: 10, seenPrice: 8.75, lineTotal: 20 }, { price: 40, seenPrice: 35, lineTotal: 40 }]);
    expect(cart.total).toBe(60);
    // Changing a line's pieces keeps its repricing visible; the other line stays as it was seen.
    const more = await putCart(workshop, [{ productId: filter, quantity: 3 }, { productId: chain, quantity: 1 }]);
    expect(cartPrices(more)).toEqual([{ price: 10, seenPrice: 8.75, lineTotal: 30 }, { price: 40, seenPrice: 35, lineTotal: 40 }]);

    const quote = await quoted({ ...CALIFORNIA }, workshop);
    expect(quote.subtotal).toBe(70);
    const placed = await checkout(workshop, { expectedTotal: quote.total });
    expect(placed).toMatchObject({ total: quote.total, totalChanged: false });
    expect((await recorded(placed.checkoutId)).lines.map((line) => line.unitCents)).toEqual([1000, 4000]);
  });
});

describe("a workshop's invoice", () => {
  it('shows the unit price charged: the trade price', async () => {
    const workshop = await newWorkshop(12.5);
    await putCart(workshop, [{ productId: filter, quantity: 2 }, { productId: chain, quantity: 5 }]);
    const quote = await quoted({ ...CALIFORNIA }, workshop);
    const placed = await checkout(workshop, { expectedTotal: quote.total });
    await payWithTestCard(t.app, workshop, { checkoutId: placed.checkoutId }, placed.orderIds[0]!);

    const invoice = await t.database.db.selectFrom('invoices').select('document').where('purchase_id', '=', placed.checkoutId).executeTakeFirstOrThrow();
    const document = JSON.parse(invoice.document) as { lines: Array<{ quantity: number; unitCents: number; totalCents: number }>; totalCents: number };
    expect(document.lines.map(({ quantity, unitCents, totalCents }) => ({ quantity, unitCents, totalCents }))).toEqual([
      { quantity: 2, unitCents: 875, totalCents: 1750 },
      { quantity: 5, unitCents: 3500, totalCents: 17500 },
    ]);
    expect(document.totalCents).toBe(cents(quote.total));

    const pdf = await t.app.inject({ url: `/api/purchases/${placed.checkoutId}/invoice`, headers: workshop.headers });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Oil filter HF204');
    expect(text).toMatch(/2\s*\$8\.75\s*\$17\.50/);
    expect(text).toMatch(/5\s*\$35\.00\s*\$175\.00/);
  });
});

/** A PDF's text, its pieces joined by spaces. */
async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join(' ');
}
