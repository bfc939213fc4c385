import { stockReason } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';

let t: TestApp;
let adminHeaders: Record<string, string>;
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
  adminHeaders = (await insertSignedInUser(t.database.db, { role: 'admin' })).headers;
  const addVehicle = async (vehicle: Record<string, unknown>) =>
    (await t.app.inject({ method: 'POST', url: '/api/vehicles', headers: adminHeaders, payload: vehicle })).json().insertedId as string;
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
      // The mirror has no fitment data: left out, and counted.
      expect((await get(`/api/productCount?vehicle=${mt07}&year=${year}`)).body).toEqual({ count: 3, unconfirmed: 1 });
    }
    // Past the plug's narrower years; the vehicle's last year.
    expect(names((await get(`/api/products?page=0&size=10&vehicle=${mt07}&year=2024`)).body)).toEqual(['Chain Lube Spray', 'Front Brake Pads']);
    expect((await get(`/api/productCount?vehicle=${mt07}&year=2021`)).body).toEqual({ count: 2, unconfirmed: 1 });
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

  it('counts the parts that match but have no fitment data, and lists them alone with show=unconfirmed: paged, faceted, each "unknown"', async () => {
    const grips = (await insertProduct(t.database.db, { name: 'Heated Grips', brand: 'Oxford' })).id;
    const mount = (await insertProduct(t.database.db, { name: 'Phone Mount', brand: 'Quad Lock', quantity: 0 })).id;
    t.app.catalogueSearch.changedHere();
    const bike = `vehicle=${cb500f}&year=2016`;

    // The search tells what the bike left out of the same words and filters.
    expect((await get(`/api/search?${bike}`)).body).toMatchObject({ total: 2, unconfirmed: 3 });
    expect((await get(`/api/search?${bike}&inStock=true`)).body).toMatchObject({ total: 2, unconfirmed: 2 });
    expect((await get(`/api/search?${bike}&brand=Oxford`)).body).toMatchObject({ total: 0, unconfirmed: 1 });
    const mirror = (await get(`/api/search?q=mirror&${bike}`)).body;
    expect(mirror).toEqual({ total: 0, products: [], facets: { category: [], brand: [] }, unconfirmed: 1 });
    expect((await get(`/api/search?q=spin%20filter&${bike}`)).body).toMatchObject({ total: 1, unconfirmed: 0 });
    expect((await get(`/api/productCount?${bike}`)).body).toEqual({ count: 2, unconfirmed: 3 });
    // Not without a bike, nor beside the other lists.
    expect((await get('/api/search?q=mirror')).body).not.toHaveProperty('unconfirmed');
    expect((await get(`/api/productCount?${bike}&show=all`)).body).toEqual({ count: 7 });

    // The list of them, in catalogue order, page by page, as the count says.
    expect((await get(`/api/productCount?${bike}&show=unconfirmed`)).body).toEqual({ count: 3 });
    const first = await get(`/api/products?page=0&size=2&${bike}&show=unconfirmed`);
    const second = await get(`/api/products?page=1&size=2&${bike}&show=unconfirmed`);
    expect([...first.body, ...second.body].map((product: { _id: string; fit: string }) => [product._id, product.fit])).toEqual([
      [part.mirror, 'unknown'],
      [grips, 'unknown'],
      [mount, 'unknown'],
    ]);
    // The same for any bike: no data is no data.
    expect((await get(`/api/productCount?vehicle=${mt07}&year=2019&show=unconfirmed`)).body).toEqual({ count: 3 });

    // Search within them: words, filters and facets of those parts only.
    const found = (await get(`/api/search?${bike}&show=unconfirmed&sort=price-asc`)).body;
    expect(names(found.products)).toEqual(['Bar-End Mirror', 'Heated Grips', 'Phone Mount']);
    expect(found.products.every((product: { fit: string }) => product.fit === 'unknown')).toBe(true);
    expect(found.total).toBe(3);
    expect(found).not.toHaveProperty('unconfirmed');
    expect(found.facets.brand).toEqual([
      { value: 'Oxford', count: 1 },
      { value: 'Quad Lock', count: 1 },
    ]);
    expect(found.facets.category).toEqual([{ value: 'Other', count: 3 }]);
    const grip = (await get(`/api/search?q=heated%20grip&${bike}&show=unconfirmed`)).body;
    expect(grip.products.map((product: { _id: string }) => product._id)).toEqual([grips]);
    expect((await get(`/api/search?${bike}&show=unconfirmed&inStock=true`)).body.total).toBe(2);
    expect((await get(`/api/search?q=spin%20filter&${bike}&show=unconfirmed`)).body.total).toBe(0);

    await t.database.db.deleteFrom('products').where('id', 'in', [grips, mount]).execute();
    t.app.catalogueSearch.changedHere();
    expect((await get(`/api/productCount?${bike}`)).body).toEqual({ count: 2, unconfirmed: 1 });
  });

  it('when nothing fits and nothing lacks data, says how many parts match without the bike, so no page says none match while some do', async () => {
    const bike = `vehicle=${cb500f}&year=2016`;
    // The pads fit the MT-07 only.
    expect((await get(`/api/search?q=brake%20pads&${bike}`)).body).toEqual({ total: 0, products: [], facets: { category: [], brand: [] }, unconfirmed: 0, withoutBike: 1 });
    expect((await get(`/api/search?q=xylophone&${bike}`)).body).toMatchObject({ total: 0, unconfirmed: 0, withoutBike: 0 });
    // With the filters kept: out of stock, the pads match nothing at all.
    await t.database.db.updateTable('products').set({ quantity: 0, stock_reason: stockReason('set', 'Test') }).where('id', '=', part.pads!).execute();
    t.app.catalogueSearch.changedHere();
    expect((await get(`/api/search?q=brake%20pads&inStock=true&${bike}`)).body).toMatchObject({ total: 0, unconfirmed: 0, withoutBike: 0 });
    await t.database.db.updateTable('products').set({ quantity: 50, stock_reason: stockReason('set', 'Test') }).where('id', '=', part.pads!).execute();
    t.app.catalogueSearch.changedHere();
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
    // The mirror has fitment data now: nothing is left out unconfirmed.
    expect((await get(`/api/productCount?vehicle=${cb500f}&year=2018`)).body).toEqual({ count: 3, unconfirmed: 0 });
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
    const show = await get(`/api/products?page=0&size=10&vehicle=${mt07}&year=2019&show=some`);
    expect(show.status).toBe(400);
    expect(show.body.error.message).toContain("show must be 'fitting', 'all' or 'unconfirmed'");
    expect((await get(`/api/search?vehicle=${mt07}&year=2019&show=unconfirmd`)).status).toBe(400);
  });

  it("the count, for a bike nothing fits and no part without data, says how many parts the catalogue holds", async () => {
    const z650 = (
      await t.app.inject({ method: 'POST', url: '/api/vehicles', headers: adminHeaders, payload: { make: 'Kawasaki', model: 'Z650', yearFrom: 2017, yearTo: 2024, cc: 649 } })
    ).json().insertedId as string;
    // The lube and the plug fit named bikes only now (the plug has its MT-07 row): every part has fitment data.
    await t.database.db.updateTable('products').set({ universal: 0 }).where('id', 'in', [part.lube!, part.plug!]).execute();
    await t.database.db.insertInto('fitment').values({ product_id: part.lube!, vehicle_id: mt07, year_from: null, year_to: null, note: '' }).execute();
    t.app.catalogueSearch.changedHere();
    expect((await get(`/api/productCount?vehicle=${z650}&year=2020`)).body).toEqual({ count: 0, unconfirmed: 0, withoutBike: 5 });
    expect((await get(`/api/products?page=0&size=10&vehicle=${z650}&year=2020`)).body).toEqual([]);
    expect((await get(`/api/search?vehicle=${z650}&year=2020`)).body).toMatchObject({ total: 0, unconfirmed: 0, withoutBike: 5 });
  });
});
