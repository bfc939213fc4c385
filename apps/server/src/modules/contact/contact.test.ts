import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';

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
