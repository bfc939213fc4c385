import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertSignedInUser>>;
let customer: Awaited<ReturnType<typeof insertSignedInUser>>;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_CACHE_MS: '0' });
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
  customer = await insertSignedInUser(t.database.db);
});
afterAll(async () => t.close());

const add = (vehicle: Record<string, unknown>, headers = admin.headers) => t.app.inject({ method: 'POST', url: '/api/vehicles', headers, payload: vehicle });
const get = async (url: string) => (await t.app.inject({ url })).json();
const MT07 = { make: 'Yamaha', model: 'MT-07', yearFrom: 2014, yearTo: 2024, cc: 689 };

describe('vehicles', () => {
  it('lists makes, models of a make and the years of a model, whatever the case of the names', async () => {
    for (const vehicle of [
      MT07,
      { make: 'Yamaha', model: 'MT-09', yearFrom: 2014, yearTo: 2020, cc: 847 },
      { make: 'Yamaha', model: 'MT-09', yearFrom: 2021, yearTo: 2024, cc: 890 },
      { make: 'Honda', model: 'CB500F', yearFrom: 2013, yearTo: 2023, cc: 471 },
    ]) {
      expect((await add(vehicle)).statusCode).toBe(201);
    }
    expect(await get('/api/vehicles/makes')).toEqual(['Honda', 'Yamaha']);
    expect(await get('/api/vehicles/models?make=yamaha')).toEqual(['MT-07', 'MT-09']);
    const years = await get('/api/vehicles/years?make=Yamaha&model=mt-09');
    expect(years).toEqual(Array.from({ length: 11 }, (_, index) => 2014 + index));
    const mt09in2022 = await get('/api/vehicles?make=Yamaha&model=MT-09&year=2022');
    expect(mt09in2022).toEqual([expect.objectContaining({ make: 'Yamaha', model: 'MT-09', yearFrom: 2021, yearTo: 2024, cc: 890, variant: '', parts: 0 })]);
    // A make, model or year the shop does not know: nothing, never an error.
    expect(await get('/api/vehicles/models?make=Vincent')).toEqual([]);
    expect(await get('/api/vehicles/years?make=Yamaha&model=R7')).toEqual([]);
    expect(await get('/api/vehicles?make=Yamaha&model=MT-07&year=1999')).toEqual([]);
    expect((await t.app.inject({ url: '/api/vehicles?year=99' })).statusCode).toBe(400);
  });

  it('refuses the same vehicle twice, reversed or impossible years and engine sizes, and anyone but an admin', async () => {
    const twice = await add({ ...MT07, make: ' yamaha ', model: 'mt-07' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('This vehicle is already in the shop');
    const reversed = await add({ ...MT07, model: 'Tracer 7', yearFrom: 2024, yearTo: 2016 });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().error.fieldErrors.yearTo).toEqual(['Year to must not be before Year from']);
    expect((await add({ ...MT07, model: 'Old', yearFrom: 1850 })).statusCode).toBe(422);
    expect((await add({ ...MT07, model: 'Tiny', cc: 10 })).statusCode).toBe(422);
    expect((await add({ ...MT07, make: '' })).json().error.fieldErrors.make).toEqual(['Make is Required']);
    expect((await add({ ...MT07, model: 'XSR700' }, customer.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/vehicles', payload: MT07 })).statusCode).toBe(401);
  });

  it("answers a part's fitment with the part's own years where narrower; deleting a vehicle takes its fitment with it and says how many parts fitted", async () => {
    const [mt07] = await get('/api/vehicles?make=Yamaha&model=MT-07');
    const [cb500f] = await get('/api/vehicles?make=Honda&model=CB500F');
    const filter = await insertProduct(t.database.db, { name: 'Oil Filter HF204' });
    await t.database.db
      .insertInto('fitment')
      .values([
        { product_id: filter.id, vehicle_id: mt07._id, year_from: null, year_to: null, note: '' },
        { product_id: filter.id, vehicle_id: cb500f._id, year_from: 2016, year_to: 2018, note: 'ABS models only' },
      ])
      .execute();
    expect(await get(`/api/products/${filter.id}/fitment`)).toEqual({
      universal: false,
      vehicles: [
        { vehicleId: cb500f._id, make: 'Honda', model: 'CB500F', variant: '', yearFrom: 2016, yearTo: 2018, note: 'ABS models only' },
        { vehicleId: mt07._id, make: 'Yamaha', model: 'MT-07', variant: '', yearFrom: 2014, yearTo: 2024, note: '' },
      ],
    });
    const lube = await insertProduct(t.database.db, { name: 'Chain Lube', universal: 1 });
    expect(await get(`/api/products/${lube.id}/fitment`)).toEqual({ universal: true, vehicles: [] });
    expect((await t.app.inject({ url: `/api/products/${'f'.repeat(24)}/fitment` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/products/nope/fitment' })).statusCode).toBe(400);

    expect((await get('/api/vehicles?make=Honda&model=CB500F'))[0].parts).toBe(1);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/vehicles/${cb500f._id}`, headers: admin.headers });
    expect(removed.json()).toEqual({ acknowledged: true, deletedCount: 1, fitmentRemoved: 1 });
    expect((await get(`/api/products/${filter.id}/fitment`)).vehicles).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/vehicles/${cb500f._id}`, headers: admin.headers })).statusCode).toBe(404);
  });

  it("sets a part's fitment from make, model and years: every generation whose years meet the row's, narrower years kept, the rest refused row by row", async () => {
    const part = await insertProduct(t.database.db, { name: 'Front Sprocket 520' });
    const put = (body: Record<string, unknown>, headers = admin.headers) => t.app.inject({ method: 'PUT', url: `/api/products/${part.id}/fitment`, headers, payload: body });
    const saved = await put({
      universal: false,
      vehicles: [
        { make: 'yamaha', model: 'MT-09', yearFrom: 2019, yearTo: null, note: 'front' },
        { make: 'Yamaha', model: 'MT-07', yearFrom: '', yearTo: 2016, note: '' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const fitment = await get(`/api/products/${part.id}/fitment`);
    // The MT-09's row meets both generations: from 2019 on the first, the whole of the second.
    expect(fitment.vehicles.map((fit: Record<string, unknown>) => [fit.model, fit.yearFrom, fit.yearTo, fit.note])).toEqual([
      ['MT-07', 2014, 2016, ''],
      ['MT-09', 2019, 2020, 'front'],
      ['MT-09', 2021, 2024, 'front'],
    ]);
    // Saved again as it was read back: nothing changes.
    const again = await put({ universal: false, vehicles: fitment.vehicles.map(({ make, model, yearFrom, yearTo, note }: Record<string, unknown>) => ({ make, model, yearFrom, yearTo, note })) });
    expect(again.statusCode).toBe(200);
    expect(await get(`/api/products/${part.id}/fitment`)).toEqual(fitment);

    const refused = await put({
      universal: true,
      vehicles: [
        { make: 'Yamaha', model: 'R1' },
        { make: 'Yamaha', model: 'MT-07', yearFrom: 2001, yearTo: 2005 },
        { make: 'Yamaha', model: 'MT-07', yearFrom: 2015 },
        { make: 'Yamaha', model: 'MT-07', yearFrom: 2015 },
      ],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fieldErrors).toEqual({
      'vehicles.0.model': ['The shop does not know the Yamaha R1'],
      'vehicles.1.yearFrom': ['The Yamaha MT-07 was made from 2014 to 2024'],
      'vehicles.3.model': ['The Yamaha MT-07 is listed twice'],
    });
    // Nothing of a refused fitment is written.
    expect(await get(`/api/products/${part.id}/fitment`)).toEqual(fitment);
    const reversed = await put({ vehicles: [{ make: 'Yamaha', model: 'MT-07', yearFrom: 2020, yearTo: 2016 }] });
    expect(reversed.json().error.fieldErrors['vehicles.0.yearTo']).toEqual(['Year to must not be before Year from']);

    expect((await put({ universal: true })).statusCode).toBe(200);
    expect(await get(`/api/products/${part.id}/fitment`)).toEqual({ universal: true, vehicles: [] });
    expect((await t.app.inject({ method: 'PUT', url: `/api/products/${'c'.repeat(24)}/fitment`, headers: admin.headers, payload: { universal: true } })).statusCode).toBe(404);
    expect((await put({ universal: false }, customer.headers)).statusCode).toBe(403);
  });

  it('renames a vehicle, refusing a name another vehicle has', async () => {
    const [mt07] = await get('/api/vehicles?make=Yamaha&model=MT-07');
    const edit = (body: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: `/api/vehicles/${mt07._id}`, headers: admin.headers, payload: body });
    expect((await edit({ ...MT07, variant: 'ABS' })).statusCode).toBe(200);
    expect((await get('/api/vehicles?make=Yamaha&model=MT-07'))[0].variant).toBe('ABS');
    expect((await edit({ make: 'Yamaha', model: 'MT-09', yearFrom: 2014, yearTo: 2020, cc: 847 })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/vehicles/${'e'.repeat(24)}`, headers: admin.headers, payload: MT07 })).statusCode).toBe(404);
  });
});
