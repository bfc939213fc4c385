import { accountControlMessages as texts, accountMessages } from '@shop/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { confirmEmailAddress, createUser, signIn, type SignedInUser } from '../../test/auth-helpers.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';
import { mailsTo, readOutbox, waitFor } from '../../test/outbox.js';
import { payWithTestCard } from '../../test/purchases.js';

let t: TestApp;
let admin: SignedInUser;
let address = 0;

/** Each call from its own client address, so the sign-in limit these routes share counts only where a test means it to. */
const call = (options: { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; headers?: Record<string, string>; payload?: object; remoteAddress?: string }) =>
  t.app.inject({ ...options, remoteAddress: options.remoteAddress ?? `10.77.${Math.floor(++address / 250)}.${address % 250}` });

const placeOrder = async (customer: { headers: Record<string, string> }, productId: string, quantity = 1) => {
  const response = await call({ method: 'POST', url: '/api/orders', headers: customer.headers, payload: { productId, quantity, location: '12 Kings Road, London', phone: '+44 7700 900123' } });
  expect(response.statusCode).toBe(201);
  return response.json().insertedId as string;
};
const stockOf = async (productId: string) => (await t.database.db.selectFrom('products').select('quantity').where('id', '=', productId).executeTakeFirstOrThrow()).quantity;
const userRow = (email: string) => t.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
const linkIn = (mail: string) => /(https?:\/\/\S+\/api\/account\/email\/confirm\?token=[A-Za-z0-9_-]+)/.exec(mail)?.[1];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, t.database.db, { name: 'Boss', admin: true });
});
afterAll(async () => t.close());

describe('POST /api/account/password', () => {
  it('changes the password: this session keeps working, every other session and token ends', async () => {
    const rider = await createUser(t.app, t.database.db, { name: 'Petra' });
    const other = await signIn(t.app, rider.email, rider.password);
    expect((await call({ url: '/api/account', headers: other.headers })).statusCode).toBe(200);

    const changed = await call({ method: 'POST', url: '/api/account/password', headers: rider.headers, payload: { currentPassword: rider.password, newPassword: 'a-new-secret-9' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: texts.passwordChanged });

    expect((await call({ url: '/api/account', headers: rider.headers })).json()).toEqual({ email: rider.email, hasPassword: true });
    expect((await call({ url: '/api/account', headers: other.headers })).statusCode).toBe(401);
    // The other browser's cookie session is gone too.
    expect((await call({ url: '/api/auth/get-session', headers: { cookie: other.cookie } })).json()).toBeNull();
    await expect(signIn(t.app, rider.email, rider.password)).rejects.toThrow(/401/);
    expect((await signIn(t.app, rider.email, 'a-new-secret-9')).token).toBeTruthy();
  });

  it('refuses a wrong current password, the same password and a short one, each under its field', async () => {
    const rider = await createUser(t.app, t.database.db);
    const wrong = await call({ method: 'POST', url: '/api/account/password', headers: rider.headers, payload: { currentPassword: 'not-it-at-all', newPassword: 'a-new-secret-9' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ message: texts.currentPasswordWrong, fieldErrors: { currentPassword: [texts.currentPasswordWrong] } });

    const same = await call({ method: 'POST', url: '/api/account/password', headers: rider.headers, payload: { currentPassword: rider.password, newPassword: rider.password } });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fieldErrors).toEqual({ newPassword: [texts.samePassword] });
    // The same text typed as both, but not the password: the current one is what is wrong.
    const sameWrong = await call({ method: 'POST', url: '/api/account/password', headers: rider.headers, payload: { currentPassword: 'guess-guess', newPassword: 'guess-guess' } });
    expect(sameWrong.json().error.fieldErrors).toEqual({ currentPassword: [texts.currentPasswordWrong] });

    const short = await call({ method: 'POST', url: '/api/account/password', headers: rider.headers, payload: { currentPassword: rider.password, newPassword: 'abc' } });
    expect(short.statusCode).toBe(422);
    expect(short.json().error.fieldErrors.newPassword).toEqual([accountMessages.passwordShort]);
    const missing = await call({ method: 'POST', url: '/api/account/password', headers: rider.headers, payload: { newPassword: 'a-new-secret-9' } });
    expect(missing.json().error.fieldErrors.currentPassword).toEqual([texts.currentPasswordRequired]);
    // Nothing changed: the password still signs in.
    expect((await signIn(t.app, rider.email, rider.password)).token).toBeTruthy();
  });

  it('counts password guesses with sign-in: the same address is refused at both once the sign-in limit is spent', async () => {
    const rider = await createUser(t.app, t.database.db);
    const from = '10.99.1.1';
    for (let i = 0; i < 10; i++) {
      const guess = await call({ method: 'POST', url: '/api/account/password', headers: rider.headers, payload: { currentPassword: `guess-${i}-x`, newPassword: 'a-new-secret-9' }, remoteAddress: from });
      expect(guess.statusCode).toBe(400);
    }
    const refused = await call({ method: 'POST', url: '/api/account/password', headers: rider.headers, payload: { currentPassword: rider.password, newPassword: 'a-new-secret-9' }, remoteAddress: from });
    expect(refused.statusCode).toBe(429);
    const signInThere = await call({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: t.app.config.publicUrl }, payload: { email: rider.email, password: rider.password }, remoteAddress: from });
    expect(signInThere.statusCode).toBe(429);
    // Another address still works.
    expect((await call({ method: 'POST', url: '/api/account/password', headers: rider.headers, payload: { currentPassword: rider.password, newPassword: 'a-new-secret-9' } })).statusCode).toBe(200);
  }, 60_000);

  it('tells an account made with Google that it has no password (409), and a visitor to sign in (401)', async () => {
    const google = await insertSignedInUser(t.database.db);
    expect((await call({ url: '/api/account', headers: google.headers })).json()).toMatchObject({ hasPassword: false });
    const refused = await call({ method: 'POST', url: '/api/account/password', headers: google.headers, payload: { currentPassword: 'anything-1', newPassword: 'a-new-secret-9' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(texts.noPassword);
    expect((await call({ method: 'POST', url: '/api/account/password', payload: { currentPassword: 'x', newPassword: 'y' } })).statusCode).toBe(401);
  });
});

describe('POST /api/account/email', () => {
  it('refuses the same address and one another account uses, under the field', async () => {
    const rider = await createUser(t.app, t.database.db);
    const same = await call({ method: 'POST', url: '/api/account/email', headers: rider.headers, payload: { newEmail: rider.email.toUpperCase() } });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fieldErrors).toEqual({ newEmail: [texts.emailSame] });
    const taken = await call({ method: 'POST', url: '/api/account/email', headers: rider.headers, payload: { newEmail: admin.email } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fieldErrors).toEqual({ newEmail: [texts.emailTaken] });
  });

  it('sends a link to the new address; opening it changes the email, tells the old address and moves waiting purchases only', async () => {
    const rider = await createUser(t.app, t.database.db, { name: 'Mover' });
    await confirmEmailAddress(t.app, rider.email);
    const part = await insertProduct(t.database.db, { price_cents: 1500, quantity: 10, minimum: 1 });
    const paid = await placeOrder(rider, part.id);
    await payWithTestCard(t.app, rider, { orderId: paid }, paid);
    const waiting = await placeOrder(rider, part.id);

    const newEmail = `moved-${Date.now()}@example.com`;
    const asked = await call({ method: 'POST', url: '/api/account/email', headers: rider.headers, payload: { newEmail } });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: texts.emailLinkSent(newEmail) });
    // Nothing changes before the link is opened.
    expect((await userRow(rider.email))?.email).toBe(rider.email);

    let link: string | undefined;
    await waitFor(() => Boolean((link = mailsTo(t.app.config.mail.outboxDir, newEmail).map(linkIn).find(Boolean))));
    const url = new URL(link!);
    const opened = await call({ url: url.pathname + url.search });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/?emailConfirmation=change');

    const row = await t.database.db.selectFrom('users').select(['email', 'email_verified']).where('name', '=', 'Mover').executeTakeFirstOrThrow();
    expect(row.email).toBe(newEmail);
    expect(Boolean(row.email_verified)).toBe(true);
    const purchases = await t.database.db.selectFrom('purchases').select(['id', 'email']).where('id', 'in', [paid, waiting]).execute();
    expect(Object.fromEntries(purchases.map((p) => [p.id, p.email]))).toEqual({ [paid]: rider.email, [waiting]: newEmail });

    await waitFor(() => mailsTo(t.app.config.mail.outboxDir, rider.email).some((mail) => mail.includes('Your Moto Parts email address was changed') && mail.includes(newEmail)));
    expect((await signIn(t.app, newEmail, rider.password)).token).toBeTruthy();
    await expect(signIn(t.app, rider.email, rider.password)).rejects.toThrow(/401/);

    // A link works once.
    const again = await call({ url: url.pathname + url.search });
    expect(again.headers.location).toBe('/?emailConfirmation=change&error=INVALID_TOKEN');
  });

  it('says so when the new address was taken before the link was opened, and only the newest link works', async () => {
    const rider = await createUser(t.app, t.database.db);
    const first = `first-${Date.now()}@example.com`;
    const second = `second-${Date.now()}@example.com`;
    expect((await call({ method: 'POST', url: '/api/account/email', headers: rider.headers, payload: { newEmail: first } })).statusCode).toBe(200);
    expect((await call({ method: 'POST', url: '/api/account/email', headers: rider.headers, payload: { newEmail: second } })).statusCode).toBe(200);
    let firstLink: string | undefined;
    let secondLink: string | undefined;
    await waitFor(() => Boolean((firstLink = mailsTo(t.app.config.mail.outboxDir, first).map(linkIn).find(Boolean)) && (secondLink = mailsTo(t.app.config.mail.outboxDir, second).map(linkIn).find(Boolean))));
    const stale = new URL(firstLink!);
    expect((await call({ url: stale.pathname + stale.search })).headers.location).toBe('/?emailConfirmation=change&error=INVALID_TOKEN');
    await createUser(t.app, t.database.db, { email: second });
    const taken = new URL(secondLink!);
    expect((await call({ url: taken.pathname + taken.search })).headers.location).toBe('/?emailConfirmation=change&error=EMAIL_TAKEN');
    expect((await userRow(rider.email))?.email).toBe(rider.email);
  });
});

/** Every row of every table, as text, but for the books kept by law (invoices and credit notes print the buyer as issued). */
async function tablesHolding(needles: string[]): Promise<string[]> {
  const { db, dialect } = t.database;
  const names =
    dialect === 'postgres'
      ? (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)).rows;
  const holding: string[] = [];
  for (const { name } of names) {
    if (name === 'invoices' || name === 'credit_notes' || name.startsWith('kysely_')) continue;
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)).rows;
    const text = JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)).toLowerCase();
    if (needles.some((needle) => text.includes(needle.toLowerCase()))) holding.push(name);
  }
  return holding;
}

describe('GET /api/account/export', () => {
  it("downloads the person's data as one JSON file: every section, nobody else's, no secrets", async () => {
    const rider = await createUser(t.app, t.database.db, { name: 'Exporter' });
    const other = await createUser(t.app, t.database.db, { name: 'Someone Else' });
    const riderId = (await userRow(rider.email))!.id;
    const otherId = (await userRow(other.email))!.id;
    const part = await insertProduct(t.database.db, { name: 'Air Filter', price_cents: 2000, quantity: 10, minimum: 1 });
    const vehicleId = newId();
    const stamp = new Date().toISOString();
    await t.database.db.insertInto('vehicles').values({ id: vehicleId, make: 'Honda', make_key: 'honda', model: 'CB500F', model_key: 'cb500f', year_from: 2019, year_to: 2023, cc: 471, created_at: stamp }).execute();
    for (const [userId, name] of [[riderId, 'Exporter Home'], [otherId, 'Other Home']] as const) {
      await t.database.db
        .insertInto('addresses')
        .values({ id: newId(), user_id: userId, full_name: name, line1: '1 Road', postcode: 'LS1 1AA', country: 'GB', region: null, phone: '+44 7700 900000', created_at: stamp, updated_at: stamp })
        .execute();
      await t.database.db.insertInto('garage_bikes').values({ id: newId(), user_id: userId, vehicle_id: vehicleId, year: 2020, created_at: stamp }).execute();
      await t.database.db.insertInto('cart_lines').values({ user_id: userId, product_id: part.id, quantity: 2, name: 'Air Filter', price_cents: 2000, position: 1 }).execute();
      await t.database.db.insertInto('stock_alerts').values({ user_id: userId, product_id: part.id, created_at: stamp, claimed_until: null }).execute();
    }
    const order = await placeOrder(rider, part.id, 2);
    await payWithTestCard(t.app, rider, { orderId: order }, order);
    await placeOrder(other, part.id);
    await t.database.db.insertInto('reviews').values({ id: newId(), user_id: riderId, name: 'Exporter', email: rider.email, review: 'Fits well', ratings: 5, img: '', created_at: stamp, product_id: part.id, order_id: order }).execute();
    await t.database.db
      .insertInto('returns')
      .values({ id: newId(), order_id: order, purchase_id: order, user_id: riderId, product_id: part.id, quantity: 1, reason: 'Damaged', comment: 'Cracked', status: 'requested', restocked: sql`false`, created_at: stamp, updated_at: stamp })
      .execute();

    const response = await call({ url: '/api/account/export', headers: rider.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="moto-parts-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json();
    expect(Object.keys(data)).toEqual(['exportedAt', 'profile', 'signInMethods', 'addresses', 'garage', 'cart', 'orders', 'reviews', 'returns', 'stockAlerts']);
    expect(data.profile).toMatchObject({ name: 'Exporter', email: rider.email, role: 'user' });
    expect(data.signInMethods).toEqual([expect.objectContaining({ method: 'email and password' })]);
    expect(data.addresses).toEqual([expect.objectContaining({ fullName: 'Exporter Home', postcode: 'LS1 1AA' })]);
    expect(data.garage).toEqual([expect.objectContaining({ make: 'Honda', model: 'CB500F', year: 2020 })]);
    expect(data.cart).toEqual([{ productId: part.id, name: 'Air Filter', quantity: 2, price: 20 }]);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({ status: 'paid', total: 40, invoice: expect.stringMatching(/^INV-/), buyer: { email: rider.email } });
    expect(data.orders[0].lines).toEqual([expect.objectContaining({ part: 'Air Filter', quantity: 2, unitPrice: 20, total: 40, status: 'paid' })]);
    expect(data.reviews).toEqual([expect.objectContaining({ review: 'Fits well', ratings: 5 })]);
    expect(data.returns).toEqual([expect.objectContaining({ reason: 'Damaged', comment: 'Cracked', quantity: 1 })]);
    expect(data.stockAlerts).toEqual([expect.objectContaining({ productId: part.id, part: 'Air Filter' })]);

    expect(response.body).not.toContain(other.email);
    expect(response.body).not.toContain(otherId);
    expect(response.body).not.toContain('Other Home');
    expect(response.body).not.toContain(rider.token);
    const secrets = await t.database.db.selectFrom('accounts').select('password').where('user_id', '=', riderId).executeTakeFirstOrThrow();
    expect(response.body).not.toContain(secrets.password!);
    expect(response.body).not.toMatch(/"\w*(password|token|secret)\w*":/i);
    expect((await call({ url: '/api/account/export' })).statusCode).toBe(401);
  });
});

/** An account made with Google (no password), signed in `minutesAgo`. */
async function googleAccount(minutesAgo = 0) {
  const google = await insertSignedInUser(t.database.db, { name: 'Google Rider' });
  const signedInAt = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  await t.database.db.updateTable('sessions').set({ created_at: signedInAt }).where('token', '=', google.token).execute();
  await t.database.db
    .insertInto('accounts')
    .values({ id: newId(), account_id: `google-${google.id}`, provider_id: 'google', user_id: google.id, access_token: 'google-access', refresh_token: null, id_token: null, access_token_expires_at: null, refresh_token_expires_at: null, scope: 'openid email', password: null, created_at: signedInAt, updated_at: signedInAt })
    .execute();
  return google;
}

describe('DELETE /api/account', () => {
  it('asks an account with a password for it: none sent is 422 under the field, and nothing is erased', async () => {
    const rider = await createUser(t.app, t.database.db);
    for (const payload of [undefined, {}]) {
      const missing = await call({ method: 'DELETE', url: '/api/account', headers: rider.headers, ...(payload ? { payload } : {}) });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().error.fieldErrors).toEqual({ password: [accountMessages.passwordRequired] });
    }
    expect((await call({ url: '/api/account', headers: rider.headers })).statusCode).toBe(200);
  });

  it('deletes an account made with Google on a sign-in of the last 10 minutes, without a password', async () => {
    const google = await googleAccount(2);
    const other = await insertSignedInUser(t.database.db);
    const part = await insertProduct(t.database.db, { price_cents: 1000, quantity: 5, minimum: 1 });
    await placeOrder(google, part.id, 2);
    expect(await stockOf(part.id)).toBe(3);

    const deleted = await call({ method: 'DELETE', url: '/api/account', headers: google.headers });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: texts.deleted });
    expect((await call({ url: '/api/account', headers: google.headers })).statusCode).toBe(401);
    expect(await stockOf(part.id)).toBe(5);
    expect(await tablesHolding([google.id, google.email])).toEqual([]);
    // Only that account went.
    expect((await call({ url: '/api/account', headers: other.headers })).statusCode).toBe(200);
  });

  it('refuses an account made with Google whose sign-in is older than 10 minutes, whatever password it sends', async () => {
    const google = await googleAccount(11);
    for (const payload of [undefined, { password: 'anything-1' }]) {
      const refused = await call({ method: 'DELETE', url: '/api/account', headers: google.headers, ...(payload ? { payload } : {}) });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'SIGN_IN_AGAIN', message: texts.signInAgainToDelete });
    }
    expect(await userRow(google.email)).toBeDefined();
    expect((await call({ url: '/api/account', headers: google.headers })).json()).toEqual({ email: google.email, hasPassword: false });

    // A fresh sign-in of the same account confirms it.
    const fresh = newId();
    const stamp = new Date().toISOString();
    await t.database.db
      .insertInto('sessions')
      .values({ id: newId(), token: fresh, user_id: google.id, expires_at: new Date(Date.now() + 3600_000).toISOString(), created_at: stamp, updated_at: stamp, ip_address: null, user_agent: null })
      .execute();
    const deleted = await call({ method: 'DELETE', url: '/api/account', headers: { authorization: `Bearer ${fresh}` } });
    expect(deleted.statusCode).toBe(200);
    expect(await userRow(google.email)).toBeUndefined();
  });

  it('refuses a wrong password, and an account whose refund is under way', async () => {
    const rider = await createUser(t.app, t.database.db);
    const wrong = await call({ method: 'DELETE', url: '/api/account', headers: rider.headers, payload: { password: 'not-mine-at-all' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fieldErrors).toEqual({ password: [texts.passwordWrong] });

    const part = await insertProduct(t.database.db, { price_cents: 1000, quantity: 5, minimum: 1 });
    const order = await placeOrder(rider, part.id);
    await payWithTestCard(t.app, rider, { orderId: order }, order);
    await t.database.db.updateTable('orders').set({ refund_claimed_until: new Date(Date.now() + 60_000).toISOString() }).where('id', '=', order).execute();
    const claimed = await call({ method: 'DELETE', url: '/api/account', headers: rider.headers, payload: { password: rider.password } });
    expect(claimed.statusCode).toBe(409);
    expect(claimed.json().error.message).toBe(texts.refundUnderWay);
    await t.database.db.updateTable('orders').set({ refund_claimed_until: null }).where('id', '=', order).execute();

    await t.database.db
      .insertInto('refunds')
      .values({ id: newId(), purchase_id: order, order_id: order, amount_cents: 500, tax_cents: 0, shipping_cents: 0, restock_quantity: 0, return_id: null, provider_refund_id: null, failure_reason: null, created_by: null, completed_at: null, status: 'pending', idempotency_key: `k-${newId()}`, created_at: new Date().toISOString() })
      .execute();
    const pending = await call({ method: 'DELETE', url: '/api/account', headers: rider.headers, payload: { password: rider.password } });
    expect(pending.statusCode).toBe(409);
    expect(await userRow(rider.email)).toBeDefined();
    expect((await call({ url: '/api/account', headers: rider.headers })).statusCode).toBe(200);
  });

  it('erases the person and keeps the books: unpaid cancelled with stock back, paid kept without contact, reviews anonymous, nothing else left', async () => {
    const rider = await createUser(t.app, t.database.db, { name: 'Leaving Rider' });
    await confirmEmailAddress(t.app, rider.email);
    const second = await signIn(t.app, rider.email, rider.password);
    const riderId = (await userRow(rider.email))!.id;
    const part = await insertProduct(t.database.db, { name: 'Brake Pads', price_cents: 2500, quantity: 20, minimum: 1 });
    const stamp = new Date().toISOString();

    const paid = await placeOrder(rider, part.id, 2);
    await payWithTestCard(t.app, rider, { orderId: paid }, paid);
    const cancelled = await placeOrder(rider, part.id, 1);
    expect((await call({ method: 'DELETE', url: `/api/orders/${cancelled}`, headers: rider.headers })).statusCode).toBe(200);
    const waiting = await placeOrder(rider, part.id, 3);
    expect(await stockOf(part.id)).toBe(15);
    const invoiceBefore = await t.database.db.selectFrom('invoices').selectAll().where('purchase_id', '=', paid).executeTakeFirstOrThrow();
    const salesBefore = await t.database.db.selectFrom('sales_days').selectAll().orderBy('day').execute();

    await t.database.db
      .insertInto('addresses')
      .values({ id: newId(), user_id: riderId, full_name: 'Leaving Rider', line1: '1 Road', postcode: 'LS1 1AA', country: 'GB', region: null, phone: '+44 7700 900001', created_at: stamp, updated_at: stamp })
      .execute();
    await t.database.db.insertInto('cart_lines').values({ user_id: riderId, product_id: part.id, quantity: 1, name: 'Brake Pads', price_cents: 2500, position: 1 }).execute();
    await t.database.db.insertInto('stock_alerts').values({ user_id: riderId, product_id: part.id, created_at: stamp, claimed_until: null }).execute();
    await t.database.db.insertInto('contact_messages').values({ id: newId(), name: 'Leaving Rider', email: rider.email, phone: '', subject: 'Hi', message: 'Hello', created_at: stamp, read_at: null }).execute();
    await t.database.db.updateTable('users').set({ image: '/images/leaving-rider.webp', phone: '+44 7700 900001' }).where('id', '=', riderId).execute();
    await t.database.db.insertInto('reviews').values({ id: newId(), user_id: riderId, name: 'Leaving Rider', email: rider.email, review: 'Good pads', ratings: 4, img: '/images/leaving-rider.webp', created_at: stamp, product_id: part.id, order_id: paid }).execute();
    await t.database.db
      .insertInto('returns')
      .values({ id: newId(), order_id: paid, purchase_id: paid, user_id: riderId, product_id: part.id, quantity: 1, reason: 'Other', comment: 'Call me on 07700 900001', status: 'rejected', restocked: sql`false`, created_at: stamp, updated_at: stamp })
      .execute();

    const deleted = await call({ method: 'DELETE', url: '/api/account', headers: rider.headers, payload: { password: rider.password } });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: texts.deleted });

    // Sessions, cookie and bearer alike, end.
    expect((await call({ url: '/api/account', headers: rider.headers })).statusCode).toBe(401);
    expect((await call({ url: '/api/account', headers: second.headers })).statusCode).toBe(401);
    expect((await call({ url: '/api/auth/get-session', headers: { cookie: rider.cookie } })).json()).toBeNull();
    await expect(signIn(t.app, rider.email, rider.password)).rejects.toThrow(/401/);

    // The unpaid purchase is cancelled and its stock is back, once.
    const statuses = await t.database.db.selectFrom('purchases').select(['id', 'status', 'customer_name', 'location', 'email', 'phone', 'user_id']).where('id', 'in', [paid, cancelled, waiting]).execute();
    const byId = Object.fromEntries(statuses.map((row) => [row.id, row]));
    expect(byId[waiting]).toMatchObject({ status: 'cancelled', customer_name: '', location: '', email: '', phone: '' });
    expect(byId[cancelled]).toMatchObject({ status: 'cancelled', customer_name: '', location: '', email: '', phone: '' });
    expect(await stockOf(part.id)).toBe(18);
    // The paid purchase stays for the books, with what its invoice printed and no way to reach the person.
    expect(byId[paid]).toMatchObject({ status: 'paid', customer_name: 'Leaving Rider', location: '12 Kings Road, London', email: '', phone: '' });
    expect(await t.database.db.selectFrom('invoices').selectAll().where('purchase_id', '=', paid).executeTakeFirstOrThrow()).toEqual(invoiceBefore);
    expect(await t.database.db.selectFrom('sales_days').selectAll().orderBy('day').execute()).toEqual(salesBefore);
    const kept = await t.database.db.selectFrom('orders').select(['status', 'total_cents']).where('purchase_id', '=', paid).execute();
    expect(kept).toEqual([{ status: 'paid', total_cents: 5000 }]);

    const review = await t.database.db.selectFrom('reviews').selectAll().where('order_id', '=', paid).executeTakeFirstOrThrow();
    expect(review).toMatchObject({ user_id: null, name: 'A former customer', email: '', img: '', review: 'Good pads', ratings: 4 });

    // No table but the invoices holds the person's id, email, phone or photo.
    expect(await tablesHolding([riderId, rider.email, '900001', 'leaving-rider.webp'])).toEqual([]);

    // A later email of a kept purchase (shipping it) goes nowhere, quietly.
    expect((await call({ method: 'PATCH', url: `/api/shiftorders/${paid}`, headers: admin.headers, payload: {} })).statusCode).toBe(200);
    const queued = await t.database.db.selectFrom('order_mail_outbox').select('kind').where('order_id', '=', paid).execute();
    expect(queued.map((mail) => mail.kind)).toContain('shipped');
    // The shop's own mail round takes it and finds nobody to write to.
    const queuedFor = async () => t.database.db.selectFrom('order_mail_outbox').select('kind').where('order_id', '=', paid).execute();
    await waitFor(async () => (await queuedFor()).length === 0);
    expect(readOutbox(t.app.config.mail.outboxDir).filter((mail) => /^To: *$/m.test(mail) || (mail.includes(`To: ${rider.email}`) && /shipped|on its way/i.test(mail)))).toEqual([]);
    expect(await queuedFor()).toEqual([]);

    // The address signs up again as a new account that sees none of it.
    const again = await createUser(t.app, t.database.db, { email: rider.email, name: 'New Rider' });
    expect((await userRow(rider.email))!.id).not.toBe(riderId);
    const myOrders = await call({ url: `/api/orders/${encodeURIComponent(rider.email)}`, headers: again.headers });
    expect(myOrders.statusCode).toBe(200);
    expect(JSON.stringify(myOrders.json())).not.toContain(paid);
    const exported = (await call({ url: '/api/account/export', headers: again.headers })).json();
    expect(exported).toMatchObject({ addresses: [], garage: [], cart: [], orders: [], reviews: [], returns: [], stockAlerts: [] });
  });
});

describe('DELETE /api/user/admin/:email', () => {
  it('removes a person by the same rule: erased, paid purchases kept without contact, reviews anonymous', async () => {
    const dave = await createUser(t.app, t.database.db, { name: 'Dave Removed' });
    const daveId = (await userRow(dave.email))!.id;
    const part = await insertProduct(t.database.db, { price_cents: 1200, quantity: 10, minimum: 1 });
    const paid = await placeOrder(dave, part.id, 1);
    await payWithTestCard(t.app, dave, { orderId: paid }, paid);
    const waiting = await placeOrder(dave, part.id, 4);
    await t.database.db.insertInto('reviews').values({ id: newId(), user_id: daveId, name: 'Dave Removed', email: dave.email, review: 'ok', ratings: 3, img: '', created_at: new Date().toISOString(), product_id: part.id, order_id: paid }).execute();

    const removed = await call({ method: 'DELETE', url: `/api/user/admin/${dave.email}`, headers: admin.headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await call({ url: '/api/account', headers: dave.headers })).statusCode).toBe(401);
    expect(await stockOf(part.id)).toBe(9);
    const purchases = await t.database.db.selectFrom('purchases').select(['id', 'status', 'email', 'customer_name']).where('id', 'in', [paid, waiting]).execute();
    expect(Object.fromEntries(purchases.map((row) => [row.id, [row.status, row.email, row.customer_name]]))).toEqual({ [paid]: ['paid', '', 'Dave Removed'], [waiting]: ['cancelled', '', ''] });
    expect((await t.database.db.selectFrom('reviews').select('name').where('order_id', '=', paid).executeTakeFirstOrThrow()).name).toBe('A former customer');
    // Only the activity log names him: its one entry of the removal, the shop's record of which admin removed whom.
    expect(await tablesHolding([daveId, dave.email])).toEqual(['activity']);
    const entries = await t.database.db.selectFrom('activity').select(['action', 'record_id', 'record_label', 'actor_email']).where('search_text', 'like', `%${dave.email}%`).execute();
    expect(entries).toEqual([{ action: 'user.deleted', record_id: daveId, record_label: `Dave Removed (${dave.email})`, actor_email: admin.email }]);
  });

  it('keeps its refusals: not oneself, and answers 404 for nobody', async () => {
    const self = await call({ method: 'DELETE', url: `/api/user/admin/${admin.email}`, headers: admin.headers });
    expect(self.statusCode).toBe(409);
    expect((await call({ method: 'DELETE', url: '/api/user/admin/nobody-here@example.com', headers: admin.headers })).statusCode).toBe(404);
  });
});
