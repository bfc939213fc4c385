import { nextServiceText } from '@shop/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../../lib/ids.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertSignedInUser } from '../../test/factories.js';

/** A garage bike's odometer readings, 'Service done' and the next service (SPEC-3 section 5), on the shop's clock (America/New_York). */

let t: TestApp;
type Rider = Awaited<ReturnType<typeof insertSignedInUser>>;
let alice: Rider;
let bob: Rider;
let withKit: string;
let withoutKit: string;

interface Bike {
  _id: string;
  odometerKm: number | null;
  odometerOn: string | null;
  serviceDue: boolean;
  kmPerDay: number | null;
  lastService: { doneOn: string; km: number } | null;
  nextService: { km: number; date: string } | null;
  readings: Array<{ _id: string; km: number; readOn: string }>;
  services: Array<{ _id: string; doneOn: string; km: number }>;
}

const KM_MESSAGE = 'Odometer (km) must be a whole number from 0 to 2,000,000';
/** 03:00 UTC on 21 Nov is still 20 Nov, 22:00, in New York. */
const NOW = '2026-11-21T03:00:00Z';

beforeAll(async () => {
  // The readings below come faster than a rider writes them; the limit is the same as adding bikes'.
  t = await buildTestApp({ RATE_LIMIT_SCALE: '10' });
  alice = await insertSignedInUser(t.database.db);
  bob = await insertSignedInUser(t.database.db);
  const now = new Date().toISOString();
  [withKit, withoutKit] = [newId(), newId()];
  for (const [id, model] of [
    [withKit, 'MT-07'],
    [withoutKit, 'XSR700'],
  ] as const) {
    await t.database.db
      .insertInto('vehicles')
      .values({ id, make: 'Yamaha', make_key: 'yamaha', model, model_key: model.toLowerCase(), year_from: 2014, year_to: 2024, cc: 689, created_at: now })
      .execute();
  }
  await t.database.db.insertInto('service_kits').values({ vehicle_id: withKit, interval_km: 6000, interval_months: 12, updated_at: now }).execute();
  expect((await t.app.settings.current()).timeZone).toBe('America/New_York');
});
afterAll(async () => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const at = (time: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(time));
};
const addBike = async (rider: Rider, vehicleId: string, year: number): Promise<string> => {
  const added = await t.app.inject({ method: 'POST', url: '/api/garage', headers: rider.headers, payload: { vehicleId, year } });
  expect(added.statusCode).toBe(201);
  return added.json().insertedId as string;
};
const post = (rider: Rider, bikeId: string, what: 'readings' | 'services', payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/garage/${bikeId}/${what}`, headers: rider.headers, payload: payload as object });
const bikeOf = async (rider: Rider, bikeId: string): Promise<Bike> => {
  const answer = await t.app.inject({ url: '/api/garage', headers: rider.headers });
  expect(answer.statusCode).toBe(200);
  return (answer.json() as Bike[]).find((bike) => bike._id === bikeId)!;
};
const refusal = async (answer: Promise<{ statusCode: number; json: () => { error: { fieldErrors?: unknown } } }>) => {
  const response = await answer;
  expect(response.statusCode).toBe(422);
  return response.json().error.fieldErrors;
};

describe('odometer readings', () => {
  it('keeps readings in order, today by the shop clock unless a day is given, and refuses one that goes back or lies in the future', async () => {
    at(NOW);
    const bike = await addBike(alice, withoutKit, 2019);
    expect(await bikeOf(alice, bike)).toMatchObject({ odometerKm: null, kmPerDay: null, lastService: null, nextService: null, readings: [], services: [] });

    expect((await post(alice, bike, 'readings', { km: 12_400, readOn: '2026-11-03' })).statusCode).toBe(201);
    expect(await refusal(post(alice, bike, 'readings', { km: 12_000, readOn: '2026-11-10' }))).toEqual({
      km: ['The odometer cannot go back: the last reading was 12,400 km on 3 Nov 2026'],
    });
    expect((await bikeOf(alice, bike)).kmPerDay).toBeNull();

    // No day: today in New York, the 20th, though it is the 21st in UTC.
    expect((await post(alice, bike, 'readings', { km: 13_000 })).statusCode).toBe(201);
    expect(await refusal(post(alice, bike, 'readings', { km: 13_100, readOn: '2026-11-21' }))).toEqual({ readOn: ['The date cannot be in the future'] });
    // A day between two readings takes a km between theirs.
    expect(await refusal(post(alice, bike, 'readings', { km: 13_500, readOn: '2026-11-10' }))).toEqual({
      km: ['The odometer cannot go back: a later reading was 13,000 km on 20 Nov 2026'],
    });
    for (const km of [-1, 12.5, 2_000_001, '13200', null]) expect(await refusal(post(alice, bike, 'readings', { km }))).toEqual({ km: [KM_MESSAGE] });
    expect(await refusal(post(alice, bike, 'readings', { km: 13_200, readOn: '2026-02-30' }))).toEqual({ readOn: ['Please enter a date as YYYY-MM-DD'] });

    const after = await bikeOf(alice, bike);
    expect(after.readings.map(({ km, readOn }) => ({ km, readOn }))).toEqual([
      { km: 13_000, readOn: '2026-11-20' },
      { km: 12_400, readOn: '2026-11-03' },
    ]);
    // (13,000 - 12,400) km in 17 days; the vehicle has no service kit, so no next service.
    expect(after).toMatchObject({ odometerKm: 13_000, kmPerDay: 35.3, lastService: null, nextService: null });
    expect((await t.app.inject({ method: 'POST', url: `/api/garage/${bike}/readings`, payload: { km: 13_200 } })).statusCode).toBe(401);
  });

  it("counts the next service from the last one, by km and by months, with the vehicle's kit interval", async () => {
    at(NOW);
    const bike = await addBike(alice, withKit, 2019);
    // Nothing recorded: from 0 km on the day the bike was added (New York's 20 Nov).
    expect(await bikeOf(alice, bike)).toMatchObject({ odometerKm: null, lastService: null, nextService: { km: 6000, date: '2027-11-20' } });

    await post(alice, bike, 'readings', { km: 12_000, readOn: '2026-10-01' });
    expect((await bikeOf(alice, bike)).nextService).toEqual({ km: 18_000, date: '2027-10-01' });

    await post(alice, bike, 'readings', { km: 12_930, readOn: '2026-11-01' });
    expect(await refusal(post(alice, bike, 'services', { doneOn: '2026-11-21', km: 13_000 }))).toEqual({ doneOn: ['The date cannot be in the future'] });
    expect(await refusal(post(alice, bike, 'services', { doneOn: '2026-10-15', km: 13_000 }))).toEqual({
      km: ['The odometer cannot go back: a later reading was 12,930 km on 1 Nov 2026'],
    });
    expect(await refusal(post(alice, bike, 'services', { km: 12_400 }))).toEqual({ doneOn: ['Please enter a date as YYYY-MM-DD'] });
    const done = await post(alice, bike, 'services', { doneOn: '2026-10-15', km: 12_400 });
    expect(done.statusCode).toBe(201);

    const after = await bikeOf(alice, bike);
    expect(after).toMatchObject({
      odometerKm: 12_930,
      kmPerDay: 30,
      lastService: { doneOn: '2026-10-15', km: 12_400 },
      nextService: { km: 18_400, date: '2027-10-15' },
      services: [{ _id: done.json().insertedId, doneOn: '2026-10-15', km: 12_400 }],
    });
    expect(nextServiceText(after.nextService!)).toBe('Next service at 18,400 km or by 15 Oct 2027, whichever comes first');
    expect(after).toMatchObject({ odometerOn: '2026-11-01', serviceDue: false });
    // Serviced on 20 Dec 2025: due by 20 Dec 2026, 30 days after New York's 20 Nov; serviced a day later, not yet due.
    const older = await addBike(alice, withKit, 2015);
    expect((await post(alice, older, 'services', { doneOn: '2025-12-20', km: 100 })).statusCode).toBe(201);
    expect(await bikeOf(alice, older)).toMatchObject({ nextService: { km: 6100, date: '2026-12-20' }, serviceDue: true });
    expect((await post(alice, older, 'services', { doneOn: '2025-12-21', km: 100 })).statusCode).toBe(201);
    expect(await bikeOf(alice, older)).toMatchObject({ nextService: { km: 6100, date: '2026-12-21' }, serviceDue: false });
    expect(await refusal(post(alice, bike, 'readings', { km: 12_300, readOn: '2026-10-20' }))).toEqual({
      km: ['The odometer cannot go back: the last service was at 12,400 km on 15 Oct 2026'],
    });

    // A later service on the last day of a month: the months land on the last day of a shorter one.
    await t.database.db.updateTable('service_kits').set({ interval_months: 4 }).where('vehicle_id', '=', withKit).execute();
    expect((await post(alice, bike, 'services', { doneOn: '2026-10-31', km: 12_900 })).statusCode).toBe(201);
    expect(await bikeOf(alice, bike)).toMatchObject({ odometerKm: 12_930, lastService: { doneOn: '2026-10-31', km: 12_900 }, nextService: { km: 18_900, date: '2027-02-28' } });
    await t.database.db.updateTable('service_kits').set({ interval_months: 12 }).where('vehicle_id', '=', withKit).execute();
  });

  it("answers 404 for another account's bike and its entries, writing and removing nothing", async () => {
    const bike = await addBike(alice, withoutKit, 2020);
    await post(alice, bike, 'readings', { km: 500, readOn: '2026-01-05' });
    const { readings } = await bikeOf(alice, bike);
    for (const [what, payload] of [
      ['readings', { km: 600, readOn: '2026-01-06' }],
      ['services', { doneOn: '2026-01-06', km: 600 }],
    ] as const) {
      const answer = await post(bob, bike, what, payload);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.message).toBe('Bike was not found');
    }
    // A day in the future on someone else's bike still answers only that it is not found.
    expect((await post(bob, bike, 'readings', { km: 600, readOn: '2099-01-01' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/garage/${bike}/readings/${readings[0]!._id}`, headers: bob.headers })).statusCode).toBe(404);
    // Bob's own bike does not reach Alice's reading either.
    const bobsBike = await addBike(bob, withoutKit, 2020);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/garage/${bobsBike}/readings/${readings[0]!._id}`, headers: bob.headers })).statusCode).toBe(404);
    expect((await bikeOf(alice, bike)).readings).toEqual(readings);
    expect((await bikeOf(bob, bobsBike)).readings).toEqual([]);
  });

  it('removes a reading or a service by id, once', async () => {
    const bike = await addBike(alice, withKit, 2021);
    const reading = (await post(alice, bike, 'readings', { km: 100, readOn: '2026-01-05' })).json().insertedId as string;
    const service = (await post(alice, bike, 'services', { doneOn: '2026-01-06', km: 150 })).json().insertedId as string;
    const remove = (what: string, id: string) => t.app.inject({ method: 'DELETE', url: `/api/garage/${bike}/${what}/${id}`, headers: alice.headers });
    // An id of the other kind is not found.
    expect((await remove('services', reading)).statusCode).toBe(404);
    expect((await remove('readings', reading)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await remove('readings', reading)).statusCode).toBe(404);
    expect((await remove('services', service)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await bikeOf(alice, bike)).toMatchObject({ readings: [], services: [], odometerKm: null, lastService: null });
  });

  it("turns 'Email me when a service is due' on and off, off at first, for the rider's own bike only", async () => {
    const bike = await addBike(alice, withKit, 2023);
    const reminders = async () => ((await t.app.inject({ url: '/api/garage', headers: alice.headers })).json() as Array<{ _id: string; reminders: boolean }>).find((each) => each._id === bike)!.reminders;
    const patch = (rider: Rider, payload: unknown) => t.app.inject({ method: 'PATCH', url: `/api/garage/${bike}`, headers: rider.headers, payload: payload as object });
    expect(await reminders()).toBe(false);
    expect((await patch(alice, { reminders: true })).json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect(await reminders()).toBe(true);
    expect((await patch(bob, { reminders: false })).statusCode).toBe(404);
    expect(await refusal(patch(alice, { reminders: 'yes' }))).toEqual({ reminders: ['Reminders must be on (true) or off (false)'] });
    expect(await reminders()).toBe(true);
    expect((await patch(alice, { reminders: false })).statusCode).toBe(200);
    expect(await reminders()).toBe(false);
  });

  it('lets a removed bike take its readings and services with it', async () => {
    const bike = await addBike(alice, withKit, 2022);
    await post(alice, bike, 'readings', { km: 100, readOn: '2026-01-05' });
    await post(alice, bike, 'services', { doneOn: '2026-01-06', km: 150 });
    const count = async (table: 'garage_readings' | 'garage_services') =>
      (await t.database.db.selectFrom(table).select('id').where('bike_id', '=', bike).execute()).length;
    expect([await count('garage_readings'), await count('garage_services')]).toEqual([1, 1]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/garage/${bike}`, headers: alice.headers })).statusCode).toBe(200);
    expect([await count('garage_readings'), await count('garage_services')]).toEqual([0, 0]);
  });
});
