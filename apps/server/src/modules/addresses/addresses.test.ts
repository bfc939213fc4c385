import { ADDRESSES_MAX, type Address } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertSignedInUser } from '../../test/factories.js';

let t: TestApp;
type Customer = Awaited<ReturnType<typeof insertSignedInUser>>;
let admin: Customer;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
});
afterAll(async () => t.close());

const HOME = { fullName: 'Ada Rider', line1: '1 Market Street', line2: 'Unit 4', city: 'San Francisco', region: 'CA', postcode: '94105', country: 'US', phone: '+1 415 555 0100' };
const WORK = { fullName: 'Ada Rider', line1: '5 Rue Grimaldi', postcode: '98000', country: 'MC', phone: '+377 93 15 00 00' };

const add = (customer: Customer | null, body: unknown) => t.app.inject({ method: 'POST', url: '/api/addresses', headers: customer?.headers ?? {}, payload: body as object });
const change = (customer: Customer | null, id: string, body: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/addresses/${id}`, headers: customer?.headers ?? {}, payload: body as object });
const remove = (customer: Customer | null, id: string) => t.app.inject({ method: 'DELETE', url: `/api/addresses/${id}`, headers: customer?.headers ?? {} });
const addresses = async (customer: Customer) => {
  const answer = await t.app.inject({ url: '/api/addresses', headers: customer.headers });
  expect(answer.statusCode).toBe(200);
  return answer.json() as Address[];
};
const stored = async (customer: Customer) => t.database.db.selectFrom('addresses').selectAll().where('user_id', '=', customer.id).execute();
const defaults = async (customer: Customer) => (await stored(customer)).filter((row) => row.is_default === 1).length;

describe('My Addresses', () => {
  it('saves, lists, changes and removes a customer\'s addresses, the first one the default', async () => {
    const ada = await insertSignedInUser(t.database.db);
    expect(await addresses(ada)).toEqual([]);

    const first = await add(ada, HOME);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ acknowledged: true, insertedId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    const homeId = first.json().insertedId as string;
    const workId = (await add(ada, WORK)).json().insertedId as string;
    expect(await addresses(ada)).toEqual([
      { _id: homeId, ...HOME, isDefault: true },
      { _id: workId, ...WORK, line2: '', city: '', region: null, isDefault: false },
    ]);

    const changed = await change(ada, homeId, { ...HOME, line2: '', postcode: '94107' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect((await addresses(ada))[0]).toEqual({ _id: homeId, ...HOME, line2: '', postcode: '94107', isDefault: true });

    const removed = await remove(ada, workId);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await addresses(ada)).map((address) => address._id)).toEqual([homeId]);
    expect(await t.app.addressBook.defaultOf(ada.id)).toMatchObject({ _id: homeId, postcode: '94107' });
  });

  it('keeps one default: the one sent as the default takes it, the first saved has it, removing it hands it to the oldest left', async () => {
    const ada = await insertSignedInUser(t.database.db);
    const ids: string[] = [];
    for (const postcode of ['10001', '10002', '10003']) ids.push((await add(ada, { ...HOME, region: 'NY', postcode })).json().insertedId);
    const [oldest, middle, newest] = ids as [string, string, string];

    // A new address sent as the default.
    const fourth = (await add(ada, { ...WORK, isDefault: true })).json().insertedId as string;
    expect((await addresses(ada)).map((address) => [address._id, address.isDefault])).toEqual([
      [fourth, true],
      [oldest, false],
      [middle, false],
      [newest, false],
    ]);

    // 'Make default' on an address saved before; isDefault: false never leaves none.
    expect((await change(ada, newest, { ...HOME, postcode: '10003', isDefault: true })).statusCode).toBe(200);
    expect((await change(ada, newest, { ...HOME, postcode: '10003', isDefault: false })).statusCode).toBe(200);
    expect((await addresses(ada))[0]).toMatchObject({ _id: newest, isDefault: true });
    expect(await defaults(ada)).toBe(1);

    // Removing the default: the oldest remaining one takes over.
    await remove(ada, newest);
    expect((await addresses(ada))[0]).toMatchObject({ _id: oldest, isDefault: true });
    await remove(ada, oldest);
    expect((await addresses(ada))[0]).toMatchObject({ _id: middle, isDefault: true });
    expect(await defaults(ada)).toBe(1);
  });

  it('keeps one default when many addresses are made the default at once', async () => {
    const ada = await insertSignedInUser(t.database.db);
    const ids: string[] = [];
    for (let index = 0; index < 6; index++) ids.push((await add(ada, { ...HOME, postcode: `9410${index}` })).json().insertedId);
    const answers = await Promise.all([
      ...ids.map((id, index) => change(ada, id, { ...HOME, postcode: `9410${index}`, isDefault: true })),
      ...ids.slice(0, 3).map((id) => remove(ada, id)),
    ]);
    expect(answers.map((answer) => answer.statusCode).filter((status) => status !== 200 && status !== 404)).toEqual([]);
    expect(await stored(ada)).toHaveLength(3);
    expect(await defaults(ada)).toBe(1);
  });

  it(`keeps at most ${ADDRESSES_MAX} addresses, counted under concurrency, with a clear message`, async () => {
    const ada = await insertSignedInUser(t.database.db);
    for (let index = 0; index < ADDRESSES_MAX - 1; index++) expect((await add(ada, { ...HOME, postcode: `941${index}` })).statusCode).toBe(201);

    // Two at once with nine saved: one of them is the tenth, the other is refused.
    const pair = await Promise.all([add(ada, WORK), add(ada, { ...WORK, isDefault: true })]);
    expect(pair.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const refused = pair.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().error).toEqual({ code: 'CONFLICT', message: 'You can keep at most 10 addresses' });
    expect(await stored(ada)).toHaveLength(ADDRESSES_MAX);

    // Many more at once from an empty book: exactly ten kept, exactly one default.
    const bea = await insertSignedInUser(t.database.db);
    const burst = await Promise.all(Array.from({ length: 16 }, (_, index) => add(bea, { ...HOME, postcode: `9${index}`, isDefault: index % 2 === 0 })));
    expect(burst.filter((answer) => answer.statusCode === 201)).toHaveLength(ADDRESSES_MAX);
    expect(burst.filter((answer) => answer.statusCode === 409)).toHaveLength(16 - ADDRESSES_MAX);
    expect(await stored(bea)).toHaveLength(ADDRESSES_MAX);
    expect(await defaults(bea)).toBe(1);
  });

  it("answers someone else's address as an unknown one, and a visitor 401 before anything", async () => {
    const ada = await insertSignedInUser(t.database.db);
    const bea = await insertSignedInUser(t.database.db);
    const adasHome = (await add(ada, HOME)).json().insertedId as string;
    const unknown = 'f'.repeat(24);

    for (const caller of [bea, admin]) {
      for (const id of [adasHome, unknown]) {
        const put = await change(caller, id, WORK);
        expect(put.statusCode).toBe(404);
        expect(put.json().error).toEqual({ code: 'NOT_FOUND', message: 'Address was not found' });
        expect((await remove(caller, id)).statusCode).toBe(404);
      }
      expect(await addresses(caller)).toEqual([]);
    }
    expect(await addresses(ada)).toEqual([{ _id: adasHome, ...HOME, isDefault: true }]);

    expect((await t.app.inject({ url: '/api/addresses' })).statusCode).toBe(401);
    expect((await add(null, { nonsense: true })).statusCode).toBe(401);
    expect((await change(null, adasHome, { nonsense: true })).statusCode).toBe(401);
    expect((await remove(null, adasHome)).statusCode).toBe(401);
    expect((await stored(ada)).map((row) => row.postcode)).toEqual(['94105']);
  });

  it('refuses bad input with its message under the field, and writes nothing', async () => {
    const ada = await insertSignedInUser(t.database.db);
    const refusals: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ ...HOME, postcode: '9'.repeat(200) }, { postcode: ['Please enter a valid postcode'] }],
      [{ ...HOME, postcode: '<script>alert(1)</script>' }, { postcode: ['Please enter a valid postcode'] }],
      [{ ...HOME, postcode: '' }, { postcode: ['Postcode is Required'] }],
      [{ ...HOME, country: 'XX' }, { country: ['Please choose a country'] }],
      [{ ...HOME, region: undefined }, { region: ['Please choose a region'] }],
      [{ ...HOME, region: 'ZZ' }, { region: ['Please choose a region'] }],
      [{ ...HOME, fullName: '  ' }, { fullName: ['Full name is Required'] }],
      [{ ...HOME, line1: '' }, { line1: ['Address line 1 is Required'] }],
      [{ ...HOME, line1: '1 Market Street\nSan Francisco' }, { line1: ['Must be on one line'] }],
      [{ ...HOME, city: 'x'.repeat(101) }, { city: ['Must be at most 100 characters'] }],
      [{ ...HOME, line1: 'x'.repeat(290), line2: 'Unit 4' }, { line1: ['Address lines and city can be at most 300 characters together'] }],
      [{ ...HOME, phone: 'call me' }, { phone: ['Please provide a valid phone number'] }],
      [{ ...HOME, isDefault: 'yes' }, { isDefault: [expect.any(String)] }],
    ];
    for (const [body, fieldErrors] of refusals) {
      const answer = await add(ada, body);
      expect(answer.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(answer.json().error.fieldErrors).toEqual(fieldErrors);
    }
    const malformed = await t.app.inject({ method: 'POST', url: '/api/addresses', headers: { ...ada.headers, 'content-type': 'application/json' }, payload: '{"fullName": ' });
    expect(malformed.statusCode).toBe(400);
    expect(await stored(ada)).toEqual([]);

    // The same rules on a change, which leaves the address as it was.
    const id = (await add(ada, HOME)).json().insertedId as string;
    const refusedChange = await change(ada, id, { ...HOME, postcode: '<b>94105</b>' });
    expect(refusedChange.statusCode).toBe(422);
    expect(refusedChange.json().error.fieldErrors).toEqual({ postcode: ['Please enter a valid postcode'] });
    expect((await change(ada, 'not-an-id', HOME)).statusCode).toBe(400);
    expect(await addresses(ada)).toEqual([{ _id: id, ...HOME, isDefault: true }]);
  });

  it('ignores a region sent for a country without regions, and keeps a region code in capitals', async () => {
    const ada = await insertSignedInUser(t.database.db);
    await add(ada, { ...WORK, region: 'Côte d’Azur' });
    await add(ada, { ...HOME, region: ' ca ', country: 'us', postcode: 'sw1a-1aa' });
    expect((await addresses(ada)).map(({ region, country, postcode }) => ({ region, country, postcode }))).toEqual([
      { region: null, country: 'MC', postcode: '98000' },
      { region: 'CA', country: 'US', postcode: 'SW1A-1AA' },
    ]);
  });

  it('takes 30 adds a minute per account, refused ones included, then answers 429', async () => {
    const ada = await insertSignedInUser(t.database.db);
    const answers = [];
    for (let index = 0; index < 30; index++) answers.push((await add(ada, { ...WORK, postcode: `98${index}` })).statusCode);
    expect(answers.filter((status) => status === 201)).toHaveLength(ADDRESSES_MAX);
    expect(answers.filter((status) => status === 409)).toHaveLength(30 - ADDRESSES_MAX);
    const refused = await add(ada, WORK);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await add(await insertSignedInUser(t.database.db), WORK)).statusCode).toBe(201);
  });

  it('lets the addresses go with their account', async () => {
    const ada = await insertSignedInUser(t.database.db);
    await add(ada, HOME);
    await add(ada, WORK);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/user/admin/${encodeURIComponent(ada.email)}`, headers: admin.headers });
    expect(removed.statusCode).toBe(200);
    expect(await stored(ada)).toEqual([]);
  });
});
