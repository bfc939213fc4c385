import { GARAGE_MAX } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertSignedInUser } from '../../test/factories.js';

let t: TestApp;
type Rider = Awaited<ReturnType<typeof insertSignedInUser>>;
let alice: Rider;
let bob: Rider;
const vehicleIds: string[] = [];

beforeAll(async () => {
  // The race below adds 30 bikes at once; the limit of adds has its own test.
  t = await buildTestApp({ RATE_LIMIT_SCALE: '10' });
  alice = await insertSignedInUser(t.database.db);
  bob = await insertSignedInUser(t.database.db);
  const now = new Date().toISOString();
  for (let index = 0; index <= GARAGE_MAX; index++) {
    const id = newId();
    vehicleIds.push(id);
    await t.database.db
      .insertInto('vehicles')
      .values({ id, make: 'Yamaha', make_key: 'yamaha', model: `MT-0${index}`, model_key: `mt-0${index}`, year_from: 2014, year_to: 2024, cc: 689, created_at: now })
      .execute();
  }
});
afterAll(async () => t.close());

const add = (rider: Rider, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/garage', headers: rider.headers, payload: body });
const garage = async (rider: Rider) => (await t.app.inject({ url: '/api/garage', headers: rider.headers })).json() as Array<{ _id: string; model: string; year: number; active: boolean }>;

describe('My Garage', () => {
  it('keeps bikes per account, the first one active; adding the same bike again finds it; active moves when asked', async () => {
    const first = await add(alice, { vehicleId: vehicleIds[0], year: 2019 });
    expect(first.statusCode).toBe(201);
    expect(await garage(alice)).toEqual([expect.objectContaining({ model: 'MT-00', make: 'Yamaha', year: 2019, active: true })]);
    const again = await add(alice, { vehicleId: vehicleIds[0], year: 2019 });
    expect(again.json().insertedId).toBe(first.json().insertedId);
    await add(alice, { vehicleId: vehicleIds[1], year: 2020 });
    expect((await garage(alice)).map((bike) => bike.active)).toEqual([true, false]);
    await add(alice, { vehicleId: vehicleIds[1], year: 2020, active: true });
    expect((await garage(alice)).map((bike) => bike.active)).toEqual([false, true]);
    expect(await garage(bob)).toEqual([]);
  });

  it('refuses a vehicle the shop does not know or a year it was not made, with the reason under its field', async () => {
    const unknown = await add(alice, { vehicleId: 'f'.repeat(24), year: 2019 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.fieldErrors).toEqual({ vehicleId: ['Choose a bike the shop knows'] });
    const year = await add(alice, { vehicleId: vehicleIds[0], year: 2031 });
    expect(year.statusCode).toBe(422);
    expect(year.json().error.fieldErrors).toEqual({ year: ['The Yamaha MT-00 was made from 2014 to 2024'] });
    expect((await t.app.inject({ method: 'POST', url: '/api/garage', payload: { vehicleId: vehicleIds[0], year: 2019 } })).statusCode).toBe(401);
  });

  it(`holds at most ${GARAGE_MAX} bikes, with a clear message`, async () => {
    for (let index = 0; index < GARAGE_MAX; index++) expect((await add(bob, { vehicleId: vehicleIds[index], year: 2018 })).statusCode).toBe(201);
    const full = await add(bob, { vehicleId: vehicleIds[GARAGE_MAX], year: 2018 });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe(`Your garage holds at most ${GARAGE_MAX} bikes. Remove one to add another.`);
    expect(await garage(bob)).toHaveLength(GARAGE_MAX);
  });

  it("removes only the rider's own bike; removing the active one makes the newest other active", async () => {
    const [older, active] = await garage(alice);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/garage/${active!._id}`, headers: bob.headers })).statusCode).toBe(404);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/garage/${active!._id}`, headers: alice.headers });
    expect(removed.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await garage(alice)).toEqual([expect.objectContaining({ _id: older!._id, active: true })]);
  });

  it(`keeps at most ${GARAGE_MAX} bikes and exactly one active when 30 are added at once`, async () => {
    const rider = await insertSignedInUser(t.database.db);
    const bikes = vehicleIds.slice(1, 4).flatMap((vehicleId) => Array.from({ length: 10 }, (_, step) => ({ vehicleId, year: 2015 + step })));
    const answers = await Promise.all(bikes.map((bike, index) => add(rider, { ...bike, active: index % 2 === 0 })));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(GARAGE_MAX);
    expect(statuses.filter((status) => status === 409)).toHaveLength(bikes.length - GARAGE_MAX);
    const kept = await garage(rider);
    expect(kept).toHaveLength(GARAGE_MAX);
    expect(kept.filter((bike) => bike.active)).toHaveLength(1);
  });

  it('lets a vehicle deleted by the admin leave every garage', async () => {
    await t.database.db.deleteFrom('vehicles').where('id', '=', vehicleIds[0]!).execute();
    expect(await garage(alice)).toEqual([]);
  });
});
