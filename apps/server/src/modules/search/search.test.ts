import type { Product, SearchAnswer } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createDatabase } from '../../db/database.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertDemoCatalogue, insertProduct, insertSignedInUser, storeTestImage } from '../../test/factories.js';
import { createSearchRepository } from './search.repository.js';
import { createSearchService } from './search.service.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertSignedInUser>>;
let IMG = '';

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_CACHE_MS: '0' });
  await insertDemoCatalogue(t.database.db);
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
  IMG = await storeTestImage(t.app);
});
afterAll(async () => t.close());

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([name, value]): [string, string] => [name, String(value)])).toString();
const searchRaw = (params: Record<string, string | number>) => t.app.inject({ url: `/api/search?${query(params)}` });
const search = async (params: Record<string, string | number>): Promise<SearchAnswer> => {
  const answer = await searchRaw(params);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};
const names = (products: Product[]) => products.map((product) => product.name);

/**
 * The golden queries: what a rider types, and the parts that must come first, in order. The
 * demo catalogue is the seed's, inserted in the seed's order on either database.
 */
const golden: Array<{ q: string; first: string[]; why: string }> = [
  { q: 'sprokit', first: ['Steel Rear Sprocket 520, 42 Teeth', 'Chain and Sprocket Kit 525, 16/45 Teeth'], why: 'two typos in a seven-letter word' },
  {
    q: 'oil filtr',
    first: ['Spin-On Oil Filter, 65 mm', 'Spin-On Oil Filter, 80 mm', 'Cartridge Oil Filter for Suzuki Twins', 'Racing Oil Filter with 17 mm Nut'],
    why: 'a typo in the second word',
  },
  { q: 'batery', first: ['AGM Maintenance-Free Battery 12 V, 8 Ah', 'AGM Battery 12 V, 8 Ah, YTX9-BS', 'Lithium Battery 12 V, Lightweight'], why: 'a missing letter' },
  {
    q: 'brake pad',
    first: ['Sintered Front Brake Pads (Pair)', 'Organic Rear Brake Pads (Pair)', 'Sintered Front Brake Pads HH, Radial Calipers (Pair)', 'Ceramic Scooter Brake Pads (Pair)'],
    why: 'a word completed to its plural',
  },
  { q: '10w40', first: ['Semi-Synthetic Engine Oil 10W-40, 4 L', 'Fully Synthetic Engine Oil 10W-40, 4 L', 'Engine Oil 10W-40, 1 L'], why: 'a grade written without its hyphen' },
  { q: 'HF204', first: ['Spin-On Oil Filter, 65 mm'], why: 'an exact part number first' },
  { q: 'hf204', first: ['Spin-On Oil Filter, 65 mm'], why: 'a part number in lower case' },
  { q: 'hf-204', first: ['Spin-On Oil Filter, 65 mm'], why: 'a part number with a hyphen' },
  { q: 'HF 204', first: ['Spin-On Oil Filter, 65 mm'], why: 'a part number with a space' },
  { q: '15410-MFJ-D01', first: ['Spin-On Oil Filter, 65 mm'], why: 'an OEM number it replaces' },
  { q: '15410mfjd01', first: ['Spin-On Oil Filter, 65 mm'], why: 'an OEM number without separators' },
  { q: 'YTX9-BS', first: ['AGM Battery 12 V, 8 Ah, YTX9-BS'], why: 'a battery type' },
  { q: 'ÓIL FÍLTER', first: ['Spin-On Oil Filter, 65 mm', 'Spin-On Oil Filter, 80 mm'], why: 'accents and capitals' },
  { q: 'SPARK PLUG', first: ['Iridium Spark Plug, 10 mm Thread', 'Standard Spark Plug, 10 mm Thread', 'Iridium Power Spark Plug, 12 mm Thread'], why: 'capitals' },
  { q: 'chaim', first: ['O-Ring Drive Chain 520 x 120 Links', 'Chain and Sprocket Kit 525, 16/45 Teeth'], why: 'one wrong letter' },
  { q: 'radiater hose', first: ['Silicone Radiator Hose Kit, 3 Pieces'], why: 'one wrong letter in the first word' },
  { q: 'progresive', first: ['Fork Springs, Progressive (Pair)'], why: 'two missing letters in a long word' },
  { q: 'exaust valv', first: ['Heat-Resistant Exhaust Valve, 5.5 mm Stem'], why: 'a typo and a word cut short' },
  { q: 'lithum batery', first: ['Lithium Battery 12 V, Lightweight'], why: 'a typo in each word' },
  { q: 'front brake disc', first: ['Floating Front Brake Disc 310 mm'], why: 'every word must match' },
  { q: 'NGK', first: ['Iridium Spark Plug, 10 mm Thread', 'Standard Spark Plug, 10 mm Thread'], why: 'a brand' },
  { q: 'anti-drain-back', first: ['Spin-On Oil Filter, 65 mm'], why: 'words of the description' },
  { q: 'xylophone', first: [], why: 'nothing to find' },
];

describe('GET /api/search: the golden queries', () => {
  it.each(golden)('$q ($why)', async ({ q, first }) => {
    const answer = await search({ q, size: 48 });
    expect(names(answer.products).slice(0, first.length)).toEqual(first);
    if (first.length === 0) expect(answer.total).toBe(0);
    expect(answer.total).toBe(answer.products.length);
  });

  it('finds a whole category by its name, and only what every word matches', async () => {
    const suspension = await search({ q: 'suspension', size: 48 });
    expect(suspension.products.every((product) => product.category === 'Suspension')).toBe(true);
    expect(suspension.total).toBe(suspension.facets.category.find((facet) => facet.value === 'Suspension')?.count);
    const tyre = await search({ q: 'tyre front', size: 48 });
    expect(tyre.products[0]!.name).toBe('Sport Touring Tyre 120/70 ZR17, Front');
    expect(tyre.products.every((product) => /tyre/i.test(product.name + product.decreption + product.category))).toBe(true);
  });
});

describe('GET /api/search: filters, facets, sorts and pages', () => {
  it('counts, beside each category and brand, exactly the parts that filter gives', async () => {
    const all = await search({ q: 'oil' });
    expect(all.facets.category.length).toBeGreaterThan(1);
    for (const { value, count } of all.facets.category) expect((await search({ q: 'oil', category: value })).total).toBe(count);
    for (const { value, count } of all.facets.brand) expect((await search({ q: 'oil', brand: value })).total).toBe(count);
    expect(all.facets.category.reduce((sum, facet) => sum + facet.count, 0)).toBe(all.total);
  });

  it("keeps a facet's other values choosable while it is set, and counts them under the other filters", async () => {
    const filters = await search({ q: 'oil', category: 'Filters' });
    expect(filters.products.every((product) => product.category === 'Filters')).toBe(true);
    expect(filters.facets.category.map((facet) => facet.value)).toContain('Oils & Fluids');
    expect(filters.facets.brand.reduce((sum, facet) => sum + facet.count, 0)).toBe(filters.total);
    // Case and spacing of a filter value do not matter.
    expect((await search({ q: 'oil', category: ' filters ' })).total).toBe(filters.total);
  });

  it("'In stock only' leaves out parts below their minimum order", async () => {
    const everything = await search({ size: 48, page: 1 });
    const all = await search({ size: 48 });
    const outOfStock = [...all.products, ...everything.products].filter((product) => product.quantity < product.minimum);
    expect(outOfStock.length).toBeGreaterThan(0);
    const inStock = await search({ inStock: 'true', size: 48 });
    expect(inStock.total).toBe(all.total - outOfStock.length);
    expect(inStock.products.some((product) => product.quantity < product.minimum)).toBe(false);
  });

  it('sorts by price both ways and by newest, keeping catalogue order among equals', async () => {
    const prices = (products: Product[]) => products.map((product) => product.price);
    const ascending = await search({ q: 'brake', sort: 'price-asc', size: 48 });
    expect(prices(ascending.products)).toEqual([...prices(ascending.products)].sort((a, b) => a - b));
    const descending = await search({ q: 'brake', sort: 'price-desc', size: 48 });
    expect(prices(descending.products)).toEqual([...prices(descending.products)].sort((a, b) => b - a));
    const catalogue = await search({ size: 48 });
    const newest = await search({ sort: 'newest', size: 48, page: 0 });
    // Newest first: the catalogue's last part, whichever the demo seed adds last.
    const last = await search({ size: 1, page: catalogue.total - 1 });
    expect(newest.products[0]!.name).toBe(last.products[0]!.name);
    expect(catalogue.products[0]!.name).toBe('Sintered Front Brake Pads (Pair)');
  });

  it('pages through the same list: pages of 12 by default, at most 48, and past the end an empty page', async () => {
    const whole = await search({ q: 'oil', size: 48 });
    const first = await search({ q: 'oil' });
    expect(first.products).toHaveLength(Math.min(12, whole.total));
    const pages: Product[] = [];
    for (let page = 0; page * 5 < whole.total; page++) pages.push(...(await search({ q: 'oil', size: 5, page })).products);
    expect(names(pages)).toEqual(names(whole.products));
    const beyond = await search({ q: 'oil', page: 40 });
    expect(beyond).toMatchObject({ total: whole.total, products: [] });
  });
});

describe('GET /api/search: bad input', () => {
  it('refuses a text over 200 characters, a size over 48, a bad page or sort or flag with the error envelope', async () => {
    for (const [params, message] of [
      [{ q: 'a'.repeat(201) }, 'Search text must be at most 200 characters'],
      [{ q: 'b'.repeat(500) }, 'Search text must be at most 200 characters'],
      [{ size: 49 }, 'size must be a whole number from 1 to 48'],
      [{ size: 0 }, 'size must be a whole number from 1 to 48'],
      [{ page: -1 }, 'page must be a whole number from 0'],
      [{ page: 'two' }, 'page must be a whole number from 0'],
      [{ sort: 'cheapest' }, 'sort must be one of relevance, price-asc, price-desc, newest'],
      [{ inStock: 'maybe' }, 'inStock must be true or false'],
    ] as const) {
      const answer = await searchRaw(params);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.message).toContain(message);
    }
  });

  it('treats query syntax, emoji, control characters and one letter as text: never an error', async () => {
    for (const q of ['"', '*', 'NEAR(', 'OR', '-', ':', '\\', "'; drop table products; --", 'oil* "filter"', '🏍️🔧', '\u0000\u0001', 'a', 'é']) {
      const answer = await searchRaw({ q });
      expect(answer.statusCode, q).toBe(200);
    }
    expect((await search({ q: '*' })).total).toBe(0);
    expect((await search({ q: 'oil* "filter"' })).products[0]?.name).toBe('Spin-On Oil Filter, 65 mm');
  });

  it('answers an empty list for a category or brand the shop does not have, with the facets still there', async () => {
    const unknown = await search({ q: 'oil', category: 'Spaceships' });
    expect(unknown.total).toBe(0);
    expect(unknown.products).toEqual([]);
    expect(unknown.facets.category.length).toBeGreaterThan(0);
    expect((await search({ brand: 'Nobody' })).total).toBe(0);
  });
});

describe('GET /api/search: the index follows the catalogue', () => {
  const addProduct = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/products', headers: admin.headers, payload: { decreption: 'Test', price: 20, quantity: 5, minimum: 1, img: IMG, ...body } });

  it('finds a part as soon as it is added, by its new name once renamed, and no more once deleted', async () => {
    const added = await addProduct({ name: 'Carburettor Rebuild Kit', category: 'Engine', brand: 'Keyster', partNumber: 'KY-0042' });
    expect(added.statusCode).toBe(201);
    const id = added.json().insertedId as string;
    expect(names((await search({ q: 'carburetor' })).products)).toEqual(['Carburettor Rebuild Kit']);
    expect(names((await search({ q: 'ky0042' })).products)).toEqual(['Carburettor Rebuild Kit']);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/product/${id}`,
      headers: admin.headers,
      payload: { decreption: 'Jets, needle and float valve', price: 20, quantity: 5, minimum: 1, brand: 'Tourmax' },
    });
    expect(edited.statusCode).toBe(200);
    expect(names((await search({ q: 'float valve' })).products)).toEqual(['Carburettor Rebuild Kit']);
    expect(names((await search({ q: 'keyster' })).products)).not.toContain('Carburettor Rebuild Kit');
    expect(names((await search({ q: 'tourmax' })).products)).toEqual(['Carburettor Rebuild Kit']);

    const stock = await t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: admin.headers, payload: { updatequantity: 0, quantitySeen: 5 } });
    expect(stock.statusCode).toBe(200);
    expect((await search({ q: 'carburettor', inStock: 'true' })).total).toBe(0);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: admin.headers })).statusCode).toBe(200);
    expect((await search({ q: 'carburettor' })).total).toBe(0);
  });

  it('answers a search asked again after a change with the change in it: new text, new price, out of stock', async () => {
    const ids = async (params: Record<string, string | number>) => (await search(params)).products.map((product) => product._id);
    const first = await addProduct({ name: 'Gearbox Sprocket Bolt, Short', price: 3 });
    const second = await addProduct({ name: 'Gearbox Sprocket Bolt, Long', price: 4 });
    const [short, long] = [first.json().insertedId as string, second.json().insertedId as string];
    // Each search is asked before its write, and again after it.
    expect(await ids({ q: 'gearbox sprocket bolt', sort: 'price-asc' })).toEqual([short, long]);
    expect(await ids({ q: 'gearbox sprocket bolt', inStock: 'true' })).toHaveLength(2);
    expect(await ids({ q: 'gearbox trimmed' })).toEqual([]);

    const edit = (id: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/product/${id}`, headers: admin.headers, payload: { decreption: 'Test', price: 3, quantity: 5, minimum: 1, ...payload } });
    expect((await edit(long, { price: 2 })).statusCode).toBe(200);
    expect(await ids({ q: 'gearbox sprocket bolt', sort: 'price-asc' })).toEqual([long, short]);
    const stock = await t.app.inject({ method: 'PUT', url: `/api/products/${short}`, headers: admin.headers, payload: { updatequantity: 0, quantitySeen: 5 } });
    expect(stock.statusCode).toBe(200);
    expect(await ids({ q: 'gearbox sprocket bolt', inStock: 'true' })).toEqual([long]);
    expect((await edit(short, { decreption: 'Trimmed to fit the short cover' })).statusCode).toBe(200);
    expect(await ids({ q: 'gearbox trimmed' })).toEqual([short]);
  });

  it('finds the parts of a renamed category by its new name', async () => {
    const cooling = (await t.app.inject({ url: '/api/categories' })).json().find((category: { name: string }) => category.name === 'Cooling');
    const renamed = await t.app.inject({ method: 'PATCH', url: `/api/categories/${cooling._id}`, headers: admin.headers, payload: { name: 'Radiators' } });
    expect(renamed.statusCode).toBe(200);
    const answer = await search({ category: 'Radiators' });
    expect(answer.total).toBe(cooling.count);
    expect((await search({ q: 'radiators' })).total).toBeGreaterThan(0);
  });

  it('shows a write made through another instance on the same database within a second', async () => {
    const otherDatabase = createDatabase(t.testDatabase.config);
    const other = await buildApp({ config: t.app.config, database: otherDatabase, logger: false });
    try {
      const before = await other.inject({ url: '/api/search?q=windscreen' });
      expect(before.json().total).toBe(0);
      expect((await addProduct({ name: 'Touring Windscreen, Tinted' })).statusCode).toBe(201);
      const addedAt = Date.now();
      let total = 0;
      while (Date.now() - addedAt < 2000 && total === 0) {
        total = (await other.inject({ url: '/api/search?q=windscreen' })).json().total;
        if (total === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(total).toBe(1);
      expect(Date.now() - addedAt).toBeLessThan(1000);
      // A part without a brand is no brand of its own in the facets.
      expect((await search({ q: 'windscreen' })).facets.brand).toEqual([]);
    } finally {
      await other.close();
      await otherDatabase.close();
    }
  });
});

describe('search index after a long quiet spell', () => {
  it('builds itself afresh when the changes it missed were pruned from the log meanwhile', async () => {
    const service = createSearchService({
      repository: createSearchRepository(t.database),
      catalogue: t.app.catalogue,
      vehicles: t.app.vehicles,
      log: t.app.log,
      timing: { syncAfterMs: 0, keepChangesMs: 200 },
    });
    const find = async (q: string) => (await service.search({ q, sort: 'relevance' })).total;
    expect(await find('gasket')).toBeGreaterThan(0);
    // Quiet for longer than half the log's lifetime; a part comes and its change is pruned.
    await new Promise((resolve) => setTimeout(resolve, 150));
    await insertProduct(t.database.db, { name: 'Exhaust Gasket Ring' });
    await t.database.db.deleteFrom('catalogue_changes').execute();
    await insertProduct(t.database.db, { name: 'Exhaust Gasket Clip' });
    await find('gasket');
    let total = 0;
    for (let tries = 0; tries < 50 && total < 2; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      total = (await service.search({ q: 'exhaust gasket', sort: 'relevance' })).total;
    }
    expect(total).toBe(2);
  });
});
