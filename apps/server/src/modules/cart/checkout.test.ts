import { type CheckoutAnswer, checkoutMessages, type Order, stockReason } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { selectOrders } from '../../test/purchases.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';
import { mailsTo as outboxMailsTo, waitFor } from '../../test/outbox.js';

let t: TestApp;
type Customer = Awaited<ReturnType<typeof insertSignedInUser>>;
type Part = Awaited<ReturnType<typeof insertProduct>>;

beforeAll(async () => {
  // A checkout counts as one unpaid order: five lines fit under a limit of two.
  t = await buildTestApp({ RATE_LIMIT_SCALE: '10', UNPAID_ORDERS_PER_ACCOUNT: '2', UNPAID_UNITS_PER_ACCOUNT: '1000' });
});
afterAll(async () => t.close());

const VISA = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const DECLINED = { number: '4000 0000 0000 0002', expiry: '12/34', cvc: '123' };
const DELIVERY = { location: '7 Throttle Lane, Leeds', phone: '+44 113 496 0000' };

const fillCart = async (customer: Customer, lines: Array<[Part, number]>) => {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/cart',
    headers: customer.headers,
    payload: { lines: lines.map(([part, quantity]) => ({ productId: part.id, quantity })) },
  });
  expect(response.statusCode).toBe(200);
};
const checkout = (customer: Customer, payload: object = DELIVERY) => t.app.inject({ method: 'POST', url: '/api/checkout', headers: customer.headers, payload });
const cartLines = async (customer: Customer) => (await t.app.inject({ url: '/api/cart', headers: customer.headers })).json().lines as unknown[];
const stockOf = async (part: Part) => (await t.database.db.selectFrom('products').select('quantity').where('id', '=', part.id).executeTakeFirstOrThrow()).quantity;
const ordersOf = (customer: Customer) => selectOrders(t.database.db).where('orders.user_id', '=', customer.id).orderBy('orders.number').execute();
const holdOf = (customer: Customer) => t.database.db.selectFrom('unpaid_holds').select(['orders', 'units']).where('user_id', '=', customer.id).executeTakeFirst();
const intentFor = (customer: Customer, payload: object) => t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: customer.headers, payload });
const confirmCard = (customer: Customer, clientSecret: string, card = VISA) =>
  t.app.inject({ method: 'POST', url: '/api/payments/test/confirm', headers: customer.headers, payload: { clientSecret, card } });
const markPaid = (customer: Customer, orderId: string, transactionID: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/orders/${orderId}`, headers: customer.headers, payload: { order: {}, transactionID } });
const cancel = (customer: Customer, orderId: string) => t.app.inject({ method: 'DELETE', url: `/api/orders/${orderId}`, headers: customer.headers });
const mailsTo = (customer: Customer) => outboxMailsTo(t.app.config.mail.outboxDir, customer.email);

/** A service's worth of parts: oil, a filter with a minimum of two, plugs with a minimum of four, a washer. */
async function servicePartsIn(customer: Customer) {
  const oil = await insertProduct(t.database.db, { name: 'Engine oil 10W-40 4L', price_cents: 3999, minimum: 1, quantity: 20 });
  const filter = await insertProduct(t.database.db, { name: 'Oil filter HF204', price_cents: 899, minimum: 2, quantity: 20 });
  const plugs = await insertProduct(t.database.db, { name: 'Spark plug CR9EK', price_cents: 1050, minimum: 4, quantity: 20 });
  const washer = await insertProduct(t.database.db, { name: 'Sump plug washer', price_cents: 150, minimum: 1, quantity: 20 });
  await fillCart(customer, [
    [oil, 1],
    [filter, 2],
    [plugs, 4],
    [washer, 1],
  ]);
  return { oil, filter, plugs, washer };
}

describe('checkout', () => {
  it('orders every line of the cart at the shop’s prices as one checkout, empties the cart and sends one email', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const { oil, filter, plugs, washer } = await servicePartsIn(customer);
    // Repriced after it went in the cart: the shop charges its own price now.
    await t.database.db.updateTable('products').set({ price_cents: 4199 }).where('id', '=', oil.id).execute();

    const response = await checkout(customer, { ...DELIVERY, toolPrice: 1, name: 'Someone else' });
    expect(response.statusCode).toBe(201);
    const { checkoutId, orderIds } = response.json() as CheckoutAnswer;
    const orders = await ordersOf(customer);
    expect(orders.map((order) => order.id)).toEqual(orderIds);
    expect(orders.map((order) => [order.tool_name, order.quantity, order.unit_price_cents, order.total_cents, order.status, order.purchase_id])).toEqual([
      ['Engine oil 10W-40 4L', 1, 4199, 4199, 'waiting', checkoutId],
      ['Oil filter HF204', 2, 899, 1798, 'waiting', checkoutId],
      ['Spark plug CR9EK', 4, 1050, 4200, 'waiting', checkoutId],
      ['Sump plug washer', 1, 150, 150, 'waiting', checkoutId],
    ]);
    expect(orders.every((order) => order.location === DELIVERY.location && order.customer_name === customer.name)).toBe(true);
    expect([await stockOf(oil), await stockOf(filter), await stockOf(plugs), await stockOf(washer)]).toEqual([19, 18, 16, 19]);
    expect(await cartLines(customer)).toEqual([]);
    // One unpaid order and its eight pieces on the account's hold.
    expect(await holdOf(customer)).toEqual({ orders: 1, units: 8 });

    // Every line is still an order of SPEC's list, saying which checkout it belongs to.
    const listed = (await t.app.inject({ url: `/api/orders/${customer.email}`, headers: customer.headers })).json() as Order[];
    expect(listed.map((order) => order.checkoutId)).toEqual([checkoutId, checkoutId, checkoutId, checkoutId]);

    await waitFor(() => mailsTo(customer).length > 0);
    const [mail, ...more] = mailsTo(customer);
    expect(more).toEqual([]);
    // One purchase, one number: its first line's, and its lines listed under it.
    const purchaseNumber = `#${orders[0]!.number}`;
    expect(listed.map((order) => order.purchaseNumber)).toEqual(orders.map(() => orders[0]!.number));
    expect(mail).toContain(`Your Moto Parts order ${purchaseNumber} is waiting for payment`);
    expect(mail).toContain('1 x Engine oil 10W-40 4L at $41.99 = $41.99\n');
    expect(mail).toContain('4 x Spark plug CR9EK at $10.50 = $42.00');
    expect(mail).toContain(`Total: $103.47\nOrder number: ${purchaseNumber}`);
    for (const other of orders.slice(1)) expect(mail).not.toContain(`#${other.number}`);
  });

  it('counts as one unpaid order of the account, whatever its number of lines', async () => {
    const customer = await insertSignedInUser(t.database.db);
    await servicePartsIn(customer);
    await checkout(customer);
    await servicePartsIn(customer);
    expect((await checkout(customer)).statusCode).toBe(201);
    // The limit of two unpaid orders is reached by two checkouts of four lines each.
    await servicePartsIn(customer);
    const third = await checkout(customer);
    expect(third.statusCode).toBe(409);
    expect(third.json().error.code).toBe('TOO_MANY_UNPAID_ORDERS');
    expect(await cartLines(customer)).toHaveLength(4);
  });

  it('refuses an empty cart, a missing address or phone, and signed-out callers', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const empty = await checkout(customer);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().error).toMatchObject({ code: 'CART_EMPTY', message: checkoutMessages.empty });

    await servicePartsIn(customer);
    const missing = await checkout(customer, { location: ' ', phone: '' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().error.fieldErrors).sort()).toEqual(['location', 'phone']);
    expect((await t.app.inject({ method: 'POST', url: '/api/checkout', payload: DELIVERY })).statusCode).toBe(401);
    expect(await ordersOf(customer)).toEqual([]);
    expect(await cartLines(customer)).toHaveLength(4);
  });

  it('takes nothing when one line cannot be filled, and names that line’s part under its field', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const { oil, filter, plugs, washer } = await servicePartsIn(customer);
    const before = [await stockOf(oil), await stockOf(filter), await stockOf(plugs), await stockOf(washer)];

    // Plugs ran low after they went in the cart (the third line; the others are placed first or after).
    await t.database.db.updateTable('products').set({ quantity: 3, stock_reason: stockReason('set', 'Test') }).where('id', '=', plugs.id).execute();
    const low = await checkout(customer);
    expect(low.statusCode).toBe(409);
    expect(low.json().error).toMatchObject({ code: 'OUT_OF_STOCK', message: 'Spark plug CR9EK: 4 Peace is Not Available', fieldErrors: { 'lines.2.quantity': ['Spark plug CR9EK: 4 Peace is Not Available'] } });

    // The filter's minimum was raised above its line.
    await t.database.db.updateTable('products').set({ quantity: 20, minimum: 3, stock_reason: stockReason('set', 'Test') }).where('id', '=', filter.id).execute();
    await t.database.db.updateTable('products').set({ quantity: 20, stock_reason: stockReason('set', 'Test') }).where('id', '=', plugs.id).execute();
    const below = await checkout(customer);
    expect(below.statusCode).toBe(422);
    expect(below.json().error.fieldErrors).toEqual({ 'lines.1.quantity': ['Oil filter HF204: Please Order More Then 3 Peace'] });

    // The washer left the shop.
    await t.database.db.updateTable('products').set({ minimum: 2 }).where('id', '=', filter.id).execute();
    await t.database.db.deleteFrom('products').where('id', '=', washer.id).execute();
    const gone = await checkout(customer);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error).toMatchObject({ code: 'PART_GONE', fieldErrors: { 'lines.3.productId': [checkoutMessages.partGone('Sump plug washer')] } });

    expect(await ordersOf(customer)).toEqual([]);
    expect([await stockOf(oil), await stockOf(filter), await stockOf(plugs)]).toEqual(before.slice(0, 3));
    expect(await holdOf(customer)).toBeUndefined();
    expect(await cartLines(customer)).toHaveLength(4);
  });

  it('refuses a checkout whose total one payment cannot carry', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const bike = await insertProduct(t.database.db, { price_cents: 60_000_000, minimum: 1, quantity: 5 });
    const engine = await insertProduct(t.database.db, { price_cents: 50_000_000, minimum: 1, quantity: 5 });
    await fillCart(customer, [
      [bike, 1],
      [engine, 1],
    ]);
    const response = await checkout(customer);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe(checkoutMessages.totalTooLarge);
    expect([await stockOf(bike), await stockOf(engine)]).toEqual([5, 5]);
  });

  it('places one checkout when two tabs check out the same cart at once', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const { oil } = await servicePartsIn(customer);
    const answers = await Promise.all([checkout(customer), checkout(customer), checkout(customer)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await ordersOf(customer)).toHaveLength(4);
    expect(await stockOf(oil)).toBe(19);
  });

  it('is all or nothing under 50 checkouts competing for the last pieces of two parts', async () => {
    const forks = await insertProduct(t.database.db, { name: 'Fork seals', price_cents: 2500, minimum: 1, quantity: 60 });
    const pads = await insertProduct(t.database.db, { name: 'Brake pads', price_cents: 3000, minimum: 1, quantity: 35 });
    const oil = await insertProduct(t.database.db, { name: 'Fork oil', price_cents: 1200, minimum: 1, quantity: 1000 });
    const customers = await Promise.all(Array.from({ length: 50 }, () => insertSignedInUser(t.database.db)));
    const wants = customers.map((_customer, index) => ({ forks: (index % 3) + 1, pads: (index % 2) + 1 }));
    for (const [index, customer] of customers.entries()) {
      await fillCart(customer, [
        [oil, 1],
        [pads, wants[index]!.pads],
        [forks, wants[index]!.forks],
      ]);
    }

    const answers = await Promise.all(customers.map((customer) => checkout(customer)));
    expect(answers.every((answer) => answer.statusCode === 201 || answer.json().error.code === 'OUT_OF_STOCK')).toBe(true);
    let forksSold = 0;
    let padsSold = 0;
    let placed = 0;
    for (const [index, customer] of customers.entries()) {
      const orders = await ordersOf(customer);
      if (answers[index]!.statusCode === 201) {
        placed++;
        expect(orders.map((order) => order.id).sort()).toEqual([...(answers[index]!.json() as CheckoutAnswer).orderIds].sort());
        forksSold += wants[index]!.forks;
        padsSold += wants[index]!.pads;
        expect(await cartLines(customer)).toEqual([]);
      } else {
        // Fully refused: no order, the cart kept.
        expect(orders).toEqual([]);
        expect(await cartLines(customer)).toHaveLength(3);
      }
    }
    expect(placed).toBeGreaterThan(10);
    expect(placed).toBeLessThan(50);
    expect(await stockOf(forks)).toBe(60 - forksSold);
    expect(await stockOf(pads)).toBe(35 - padsSold);
    expect(await stockOf(oil)).toBe(1000 - placed);
    expect(await stockOf(forks)).toBeGreaterThanOrEqual(0);
    expect(await stockOf(pads)).toBeGreaterThanOrEqual(0);
  });
});

describe('paying a checkout', () => {
  it('one payment of the checkout’s total pays every line once, through the confirmation and the webhook in either order', async () => {
    const customer = await insertSignedInUser(t.database.db);
    await servicePartsIn(customer);
    const { checkoutId, orderIds } = (await checkout(customer)).json() as CheckoutAnswer;
    const intent = await intentFor(customer, { checkoutId, price: 0.01 });
    expect(intent.statusCode).toBe(200);
    const { clientSecret } = intent.json();
    const intentId = clientSecret.split('_secret_')[0];
    const row = await t.database.db.selectFrom('test_payment_intents').selectAll().where('id', '=', intentId).executeTakeFirstOrThrow();
    // The total of the four lines, whatever the client said.
    expect(row.amount_cents).toBe(3999 + 1798 + 4200 + 150);
    // Asking again, or by one of its orders, gives the same intent.
    expect((await intentFor(customer, { checkoutId })).json().clientSecret).toBe(clientSecret);
    expect((await intentFor(customer, { orderId: orderIds[2] })).json().clientSecret).toBe(clientSecret);

    const paid = await confirmCard(customer, clientSecret);
    expect(paid.json().status).toBe('succeeded');
    // The webhook (from test mode) and the page's confirmation of any line arrive in any order, repeated.
    const confirmations = await Promise.all([markPaid(customer, orderIds[3]!, intentId), markPaid(customer, orderIds[0]!, intentId), markPaid(customer, orderIds[0]!, intentId)]);
    expect(confirmations.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    await waitFor(async () => (await t.database.db.selectFrom('webhook_events').select('id').execute()).length > 0);
    const orders = await ordersOf(customer);
    expect(orders.map((order) => [order.status, order.transaction_id])).toEqual(orderIds.map(() => ['paid', intentId]));
    expect(await holdOf(customer)).toEqual({ orders: 0, units: 0 });
    await waitFor(() => mailsTo(customer).some((mail) => mail.includes('Payment received')));
    const receipts = mailsTo(customer).filter((mail) => mail.includes('Payment received'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toContain('Total: $101.47');
    // A paid checkout is not paid again.
    expect((await intentFor(customer, { checkoutId })).json().error.message).toBe('This checkout is already paid');
  });

  it('a declined card leaves every line unpaid', async () => {
    const customer = await insertSignedInUser(t.database.db);
    await servicePartsIn(customer);
    const { checkoutId } = (await checkout(customer)).json() as CheckoutAnswer;
    const { clientSecret } = (await intentFor(customer, { checkoutId })).json();
    expect((await confirmCard(customer, clientSecret, DECLINED)).statusCode).toBe(402);
    expect((await ordersOf(customer)).map((order) => order.status)).toEqual(['waiting', 'waiting', 'waiting', 'waiting']);
  });

  it('refuses someone else’s checkout, an unknown one, both ids at once, and a payment of another amount', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const other = await insertSignedInUser(t.database.db);
    await servicePartsIn(customer);
    const { checkoutId, orderIds } = (await checkout(customer)).json() as CheckoutAnswer;
    expect((await intentFor(other, { checkoutId })).statusCode).toBe(403);
    expect((await intentFor(customer, { checkoutId: '0'.repeat(24) })).statusCode).toBe(404);
    expect((await intentFor(customer, { checkoutId, orderId: orderIds[0] })).statusCode).toBe(422);
    expect((await intentFor(customer, {})).statusCode).toBe(422);

    const { clientSecret } = (await intentFor(customer, { checkoutId })).json();
    const intentId = clientSecret.split('_secret_')[0];
    await t.database.db.updateTable('test_payment_intents').set({ amount_cents: 4200, status: 'succeeded' }).where('id', '=', intentId).execute();
    const short = await markPaid(customer, orderIds[1]!, intentId);
    expect(short.statusCode).toBe(409);
    expect(short.json().error.message).toBe('The amount paid does not match the checkout total');
    expect((await markPaid(other, orderIds[1]!, intentId)).statusCode).toBe(403);
    expect((await ordersOf(customer)).every((order) => order.status === 'waiting')).toBe(true);
  });

  it('refuses to pay a checkout one of whose orders was cancelled', async () => {
    const customer = await insertSignedInUser(t.database.db);
    await servicePartsIn(customer);
    const { checkoutId, orderIds } = (await checkout(customer)).json() as CheckoutAnswer;
    await t.database.db.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', orderIds[1]!).execute();
    await t.database.db.updateTable('purchases').set({ status: 'cancelled' }).where('id', '=', checkoutId).execute();
    const response = await intentFor(customer, { checkoutId });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('This checkout was cancelled');
  });
});

describe('cancelling a checkout', () => {
  it('cancels every line and gives all stock back once, under parallel cancels of its lines', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const parts = await servicePartsIn(customer);
    const { checkoutId, orderIds } = (await checkout(customer)).json() as CheckoutAnswer;
    const { clientSecret } = (await intentFor(customer, { checkoutId })).json();
    const answers = await Promise.all([...orderIds, ...orderIds].map((id) => cancel(customer, id)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(7);
    expect((await ordersOf(customer)).map((order) => order.status)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
    expect(await Promise.all(Object.values(parts).map(stockOf))).toEqual([20, 20, 20, 20]);
    expect(await holdOf(customer)).toEqual({ orders: 0, units: 0 });
    // Its payment can no longer be made.
    expect((await confirmCard(customer, clientSecret)).statusCode).toBe(409);
    await waitFor(() => mailsTo(customer).some((mail) => mail.includes('cancelled')));
    expect(mailsTo(customer).filter((mail) => mail.includes('is cancelled'))).toHaveLength(1);
  });

  it('the unpaid sweeper cancels a stale checkout as one', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const parts = await servicePartsIn(customer);
    await checkout(customer);
    const old = new Date(Date.now() - 49 * 3600_000).toISOString();
    await t.database.db.updateTable('orders').set({ created_at: old }).where('user_id', '=', customer.id).execute();
    await t.database.db.updateTable('purchases').set({ created_at: old }).where('user_id', '=', customer.id).execute();
    expect(await t.app.orders.sweepUnpaid(48 * 3600_000)).toBe(1);
    expect((await ordersOf(customer)).map((order) => order.status)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
    expect(await Promise.all(Object.values(parts).map(stockOf))).toEqual([20, 20, 20, 20]);
  });

  it('an admin ships a paid checkout line by line', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const admin = await insertSignedInUser(t.database.db, { role: 'admin' });
    await servicePartsIn(customer);
    const { checkoutId, orderIds } = (await checkout(customer)).json() as CheckoutAnswer;
    const { clientSecret } = (await intentFor(customer, { checkoutId })).json();
    await confirmCard(customer, clientSecret);
    await markPaid(customer, orderIds[0]!, clientSecret.split('_secret_')[0]);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/shiftorders/${orderIds[1]}`, headers: admin.headers })).statusCode).toBe(200);
    expect((await ordersOf(customer)).map((order) => order.status)).toEqual(['paid', 'shipped', 'paid', 'paid']);
    // A shipped line does not make its paid checkout payable again, nor cancellable.
    expect((await cancel(customer, orderIds[0]!)).statusCode).toBe(409);
    expect((await intentFor(customer, { checkoutId })).json().error.message).toBe('This checkout is already paid');
  });
});
