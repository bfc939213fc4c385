import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';

let t: TestApp;
let mt07: string;
let cb500f: string;
const part: Record<string, string> = {};

const get = async (url: string) => {
  const response = await t.app.inject({ url });
  return { status: response.statusCode, body: response.json() };
};
const names = (products: Array<{ name: string }>) => products.map((product) => product.name).sort();

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_CACHE_MS: '0' });
  const admin = await insertSignedInUser(t.database.db, { role: 'admin' });
  const addVehicle = async (vehicle: Record<string, unknown>) =>
    (await t.app.inject({ method: 'POST', url: '/api/vehicles', headers: admin.headers, payload: vehicle })).json().insertedId as string;
  mt07 = await addVehicle({ make: 'Yamaha', model: 'MT-07', yearFrom: 2014, yearTo: 2024, cc: 689 });
  cb500f = await addVehicle({ make: 'Honda', model: 'CB500F', yearFrom: 2013, yearTo: 2023, cc: 471 });
  for (const [key, name, universal] of [
    ['pads', 'Front Brake Pads', 0],
    ['plug', 'Iridium Spark Plug', 0],
    ['filter', 'Spin-On Oil Filter', 0],
    ['lube', 'Chain Lube Spray', 1],
    ['mirror', 'Bar-End Mirror', 0],
  ] as const) {
    part[key] = (await insertProduct(t.database.db, { name, universal })).id;
  }
  await t.database.db
    .insertInto('fitment')
    .values([
      // Pads: the whole MT-07 run. Plug: MT-07 up to 2020 only. Filter: the CB500F only. Mirror: no fitment data.
      { product_id: part.pads!, vehicle_id: mt07, year_from: null, year_to: null, note: 'front' },
      { product_id: part.plug!, vehicle_id: mt07, year_from: 2014, year_to: 2020, note: 'models up to 2020' },
      { product_id: part.filter!, vehicle_id: cb500f, year_from: null, year_to: null, note: '' },
    ])
    .execute();
});
afterAll(async () => t.close());

describe('the catalogue for a bike (vehicle and year on the list, the count and search)', () => {
  it("lists only the parts that fit the bike in that year or every bike, each with its verdict, the vehicle's first and last years included", async () => {
    for (const year of [2014, 2020]) {
      const page = await get(`/api/products?page=0&size=10&vehicle=${mt07}&year=${year}`);
      expect(page.status).toBe(200);
      expect(names(page.body)).toEqual(['Chain Lube Spray', 'Front Brake Pads', 'Iridium Spark Plug']);
      expect(Object.fromEntries(page.body.map((product: { name: string; fit: string }) => [product.name, product.fit]))).toEqual({
        'Chain Lube Spray': 'universal',
        'Front Brake Pads': 'fits',
        'Iridium Spark Plug': 'fits',
      });
      expect((await get(`/api/productCount?vehicle=${mt07}&year=${year}`)).body).toEqual({ count: 3 });
    }
    // Past the plug's narrower years; the vehicle's last year.
    expect(names((await get(`/api/products?page=0&size=10&vehicle=${mt07}&year=2024`)).body)).toEqual(['Chain Lube Spray', 'Front Brake Pads']);
    expect((await get(`/api/productCount?vehicle=${mt07}&year=2021`)).body).toEqual({ count: 2 });
    // Without a bike, everything as before.
    expect((await get('/api/productCount')).body).toEqual({ count: 5 });
    expect((await get('/api/products?page=0&size=10')).body.every((product: object) => !('fit' in product))).toBe(true);
  });

  it('pages follow the filtered count, in catalogue order', async () => {
    const first = await get(`/api/products?page=0&size=2&vehicle=${mt07}&year=2019`);
    const second = await get(`/api/products?page=1&size=2&vehicle=${mt07}&year=2019`);
    expect(first.body.map((product: { name: string }) => product.name)).toEqual(['Front Brake Pads', 'Iridium Spark Plug']);
    expect(second.body.map((product: { name: string }) => product.name)).toEqual(['Chain Lube Spray']);
    expect((await get(`/api/products?page=2&size=2&vehicle=${mt07}&year=2019`)).body).toEqual([]);
  });

  it("with show=all lists every part, each saying whether it fits, fits every bike, has no data or fits other bikes only", async () => {
    const page = await get(`/api/products?page=0&size=10&vehicle=${cb500f}&year=2016&show=all`);
    expect(Object.fromEntries(page.body.map((product: { name: string; fit: string }) => [product.name, product.fit]))).toEqual({
      'Front Brake Pads': 'no',
      'Iridium Spark Plug': 'no',
      'Spin-On Oil Filter': 'fits',
      'Chain Lube Spray': 'universal',
      'Bar-End Mirror': 'unknown',
    });
  });

  it('searches within the parts that fit, with facets of those parts', async () => {
    const found = await get(`/api/search?q=brake&vehicle=${cb500f}&year=2016`);
    expect(found.body.total).toBe(0);
    const forMt07 = await get(`/api/search?q=brake%20pads&vehicle=${mt07}&year=2016`);
    expect(forMt07.body.products.map((product: { name: string; fit: string }) => [product.name, product.fit])).toEqual([['Front Brake Pads', 'fits']]);
    const everything = await get(`/api/search?vehicle=${cb500f}&year=2016`);
    expect(names(everything.body.products)).toEqual(['Chain Lube Spray', 'Spin-On Oil Filter']);
    expect(everything.body.facets.category.reduce((sum: number, facet: { count: number }) => sum + facet.count, 0)).toBe(2);
  });

  it("follows fitment written since: a row added, a part made universal, a vehicle's years shortened", async () => {
    await t.database.db.insertInto('fitment').values({ product_id: part.mirror!, vehicle_id: cb500f, year_from: 2019, year_to: null, note: '' }).execute();
    await t.database.db.updateTable('products').set({ universal: 1 }).where('id', '=', part.plug!).execute();
    t.app.catalogueSearch.changedHere();
    expect(names((await get(`/api/products?page=0&size=10&vehicle=${cb500f}&year=2019`)).body)).toEqual([
      'Bar-End Mirror',
      'Chain Lube Spray',
      'Iridium Spark Plug',
      'Spin-On Oil Filter',
    ]);
    expect((await get(`/api/productCount?vehicle=${cb500f}&year=2018`)).body).toEqual({ count: 3 });
    await t.database.db.updateTable('vehicles').set({ year_to: 2017 }).where('id', '=', cb500f).execute();
    t.app.catalogueSearch.changedHere();
    // The filter's row has no years of its own: the vehicle's shorter run is its run now.
    expect((await get(`/api/products?page=0&size=10&vehicle=${cb500f}&year=2017&show=all`)).body.find((p: { name: string }) => p.name === 'Spin-On Oil Filter').fit).toBe('fits');
  });

  it('refuses a vehicle the shop does not know, a year the bike was not made, a vehicle without a year, and a malformed id', async () => {
    const unknown = await get(`/api/products?page=0&size=10&vehicle=${'a'.repeat(24)}&year=2019`);
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.fieldErrors.vehicle).toEqual(['Choose a bike the shop knows']);
    const outside = await get(`/api/productCount?vehicle=${mt07}&year=2013`);
    expect(outside.status).toBe(422);
    expect(outside.body.error.fieldErrors.year).toEqual(['The Yamaha MT-07 was made from 2014 to 2024']);
    const alone = await get(`/api/search?vehicle=${mt07}`);
    expect(alone.status).toBe(400);
    expect(alone.body.error.message).toMatch(/vehicle and year go together/);
    expect((await get(`/api/products?page=0&size=10&vehicle=nope&year=2019`)).status).toBe(400);
    expect((await get(`/api/products?page=0&size=10&vehicle=${mt07}&year=19`)).status).toBe(400);
    expect((await get(`/api/products?page=0&size=10&vehicle=${mt07}&year=2019&show=some`)).status).toBe(400);
  });
});
