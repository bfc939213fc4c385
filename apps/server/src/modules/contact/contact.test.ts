import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertSignedInUser } from '../../test/factories.js';
import { readOutbox } from '../../test/outbox.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const valid = { name: 'Ayesha Rahman', email: 'ayesha@example.com', phone: '+44 20 7946 0958', subject: 'Chain kit', message: 'Does the chain kit fit a 2019 MT-07?' };
const post = (payload: unknown, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress: ip });
const countMessages = async () =>
  Number((await t.database.db.selectFrom('contact_messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('POST /api/contact', () => {
  it('keeps the message and answers its id', async () => {
    const response = await post(valid, '10.0.0.2');
    expect(response.statusCode).toBe(201);
    const { insertedId } = response.json();
    const row = await t.database.db.selectFrom('contact_messages').selectAll().where('id', '=', insertedId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Ayesha Rahman', email: 'ayesha@example.com', subject: 'Chain kit' });
  });

  it('stores markup as plain text', async () => {
    const response = await post({ ...valid, message: '<script>alert(1)</script>' }, '10.0.0.3');
    expect(response.statusCode).toBe(201);
    const row = await t.database.db.selectFrom('contact_messages').select('message').where('id', '=', response.json().insertedId).executeTakeFirstOrThrow();
    expect(row.message).toBe('<script>alert(1)</script>');
  });

  it.each([
    [{ ...valid, name: '' }, 'name', 'Name is Required'],
    [{ ...valid, email: 'not-an-email' }, 'email', 'Please provide a valid email'],
    [{ ...valid, subject: '   ' }, 'subject', 'Subject is Required'],
    [{ ...valid, message: undefined }, 'message', 'Message is Required'],
    [{ ...valid, message: 'x'.repeat(5001) }, 'message', 'Must be at most 5000 characters'],
    [{ ...valid, name: 'x'.repeat(121) }, 'name', 'Must be at most 120 characters'],
    [{ ...valid, phone: 'call me maybe' }, 'phone', 'Please provide a valid phone number'],
    [{ ...valid, name: 'bad\u0000name' }, 'name', 'Contains characters that are not allowed'],
    [{ ...valid, message: 'line one\u0000' }, 'message', 'Contains characters that are not allowed'],
  ])('rejects invalid fields with 422 and stores nothing (%#)', async (payload, field, message) => {
    const before = await countMessages();
    const response = await post(payload, `10.0.1.${field.length}${message.length}`);
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fieldErrors[field]).toContain(message);
    expect(await countMessages()).toBe(before);
  });

  it('rejects a JSON array where an object belongs', async () => {
    const response = await post([valid], '10.0.0.5');
    expect(response.statusCode).toBe(422);
  });

  it('ignores fields it does not know', async () => {
    const response = await post({ ...valid, id: 'aaaaaaaaaaaaaaaaaaaaaaaa', created_at: '1999' }, '10.0.0.6');
    expect(response.statusCode).toBe(201);
    expect(response.json().insertedId).not.toBe('aaaaaaaaaaaaaaaaaaaaaaaa');
  });

  it('limits how often one address may write, with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 7; index++) statuses.push((await post(valid, '10.9.9.9')).statusCode);
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const limited = await post(valid, '10.9.9.9');
    expect(limited.json().error.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(valid, '10.9.9.10')).statusCode).toBe(201);
  });
});

describe('the shop hears of every message', () => {
  const emailsTo = (address: string) => readOutbox(t.app.config.mail.outboxDir).filter((mail) => new RegExp(`^To: ${address}$`, 'mi').test(mail));

  it("emails it to the shop's first admin when SHOP_EMAIL is not set, with Reply-To the visitor", async () => {
    const admin = await insertSignedInUser(t.database.db, { role: 'admin' });
    const response = await post({ ...valid, subject: 'Fits a 2019 MT-07?', email: 'rider-7@example.com' }, '10.0.2.1');
    expect(response.statusCode).toBe(201);
    await expect.poll(() => emailsTo(admin.email).length).toBe(1);
    const [mail] = emailsTo(admin.email);
    expect(mail).toMatch(/^Subject: Contact form: Fits a 2019 MT-07\?$/m);
    expect(mail).toMatch(/^Reply-To: rider-7@example.com$/m);
    expect(mail).toContain('Does the chain kit fit a 2019 MT-07?');
    expect(mail).toContain('/dashbord/messages');
  });

  it('emails SHOP_EMAIL when it is set', async () => {
    const shop = await buildTestApp({ SHOP_EMAIL: 'counter@motoparts.example' });
    try {
      expect((await shop.app.inject({ method: 'POST', url: '/api/contact', payload: valid })).statusCode).toBe(201);
      await expect.poll(() => readOutbox(shop.app.config.mail.outboxDir).filter((mail) => /^To: counter@motoparts.example$/m.test(mail)).length).toBe(1);
    } finally {
      await shop.close();
    }
  });
});

describe('the Messages inbox (admin)', () => {
  let admin: Awaited<ReturnType<typeof insertSignedInUser>>;
  let customer: Awaited<ReturnType<typeof insertSignedInUser>>;
  beforeAll(async () => {
    admin = await insertSignedInUser(t.database.db, { role: 'admin' });
    customer = await insertSignedInUser(t.database.db);
  });
  const inbox = (query = '', headers = admin.headers) => t.app.inject({ url: `/api/contact-messages${query}`, headers });
  const mark = (id: string, payload: unknown, headers = admin.headers) =>
    t.app.inject({ method: 'PATCH', url: `/api/contact-messages/${id}`, headers, payload: payload as object });

  it('lists the newest first, a page at a time, with the total and how many are unread', async () => {
    const ids: string[] = [];
    for (const subject of ['first', 'second', 'third']) ids.push((await post({ ...valid, subject }, `10.0.3.${ids.length}`)).json().insertedId);
    const page = await inbox('?page=0&size=2');
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.messages.map((message: { subject: string }) => message.subject)).toEqual(['third', 'second']);
    expect(body.messages[0]).toMatchObject({ _id: ids[2], name: valid.name, email: valid.email, phone: valid.phone, message: valid.message, read: false });
    expect(body.total).toBeGreaterThanOrEqual(3);
    expect(body.unread).toBe(body.total);
    expect((await inbox('?page=1&size=2')).json().messages[0].subject).toBe('first');
  });

  it('marks a message read and unread again; the unread count follows', async () => {
    const id = (await post({ ...valid, subject: 'to read' }, '10.0.4.1')).json().insertedId as string;
    const unreadBefore = (await inbox('/unread')).json().unread as number;
    expect((await mark(id, { read: true })).statusCode).toBe(200);
    expect((await inbox('/unread')).json().unread).toBe(unreadBefore - 1);
    expect((await inbox()).json().messages.find((message: { _id: string }) => message._id === id).read).toBe(true);
    expect((await mark(id, { read: false })).statusCode).toBe(200);
    expect((await inbox('/unread')).json().unread).toBe(unreadBefore);
  });

  it('is for admins only, before anything else', async () => {
    const id = (await post({ ...valid, subject: 'private' }, '10.0.5.1')).json().insertedId as string;
    expect((await inbox('', customer.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/contact-messages' })).statusCode).toBe(401);
    expect((await inbox('/unread', customer.headers)).statusCode).toBe(403);
    expect((await mark(id, { read: true }, customer.headers)).statusCode).toBe(403);
    expect((await mark(id, 'not json at all', customer.headers)).statusCode).toBe(403);
    const row = await t.database.db.selectFrom('contact_messages').select('read_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.read_at).toBeNull();
  });

  it('refuses bad input with the error envelope', async () => {
    const badPage = await inbox('?page=-1');
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().error.message).toMatch(/page must be a whole number from 0/);
    expect((await inbox('?size=1000')).statusCode).toBe(400);
    const unknown = await mark('a'.repeat(24), { read: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Message was not found');
    expect((await mark('not-an-id', { read: true })).statusCode).toBe(400);
    const id = (await post({ ...valid, subject: 'bad body' }, '10.0.6.1')).json().insertedId as string;
    const bad = await mark(id, { read: 'yes' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fieldErrors.read).toContain('read must be true or false');
  });
});
