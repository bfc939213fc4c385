import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertSignedInUser } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe("a garage bike's odometer in 'Download my data'", () => {
  it("writes each bike's readings and services, oldest first, and none of another account's", async () => {
    const rider = await insertSignedInUser(t.database.db);
    const other = await insertSignedInUser(t.database.db);
    const vehicleId = newId();
    const stamp = new Date().toISOString();
    await t.database.db.insertInto('vehicles').values({ id: vehicleId, make: 'Honda', make_key: 'honda', model: 'CB500F', model_key: 'cb500f', year_from: 2019, year_to: 2023, cc: 471, created_at: stamp }).execute();
    const bikes: string[] = [];
    for (const [owner, year] of [
      [rider, 2020],
      [rider, 2021],
      [other, 2020],
    ] as const) {
      const added = await t.app.inject({ method: 'POST', url: '/api/garage', headers: owner.headers, payload: { vehicleId, year } });
      bikes.push(added.json().insertedId as string);
    }
    const post = (headers: Record<string, string>, bikeId: string, what: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/garage/${bikeId}/${what}`, headers, payload }).then((answer) => expect(answer.statusCode).toBe(201));
    await post(rider.headers, bikes[0]!, 'readings', { km: 13_000, readOn: '2026-11-20' });
    await post(rider.headers, bikes[0]!, 'readings', { km: 12_400, readOn: '2026-11-03' });
    await post(rider.headers, bikes[0]!, 'services', { doneOn: '2026-11-10', km: 12_600 });
    await post(other.headers, bikes[2]!, 'readings', { km: 99, readOn: '2026-11-03' });

    const response = await t.app.inject({ url: '/api/account/export', headers: rider.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().garage).toEqual([
      expect.objectContaining({
        year: 2020,
        readings: [
          { km: 12_400, readOn: '2026-11-03' },
          { km: 13_000, readOn: '2026-11-20' },
        ],
        services: [{ doneOn: '2026-11-10', km: 12_600 }],
      }),
      expect.objectContaining({ year: 2021, readings: [], services: [] }),
    ]);
  });
});
