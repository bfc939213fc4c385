import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertSignedInUser, storeTestImage } from '../../test/factories.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertSignedInUser>>;
let customer: Awaited<ReturnType<typeof insertSignedInUser>>;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_CACHE_MS: '0' });
  IMG = await storeTestImage(t.app);
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
  customer = await insertSignedInUser(t.database.db);
});
afterAll(async () => t.close());

let IMG = '';
const addCategory = (name: unknown, headers = admin.headers) => t.app.inject({ method: 'POST', url: '/api/categories', headers, payload: { name } as object });
const categories = async () => (await t.app.inject({ url: '/api/categories' })).json() as { _id: string; name: string; count: number }[];
const byName = async (name: string) => (await categories()).find((category) => category.name === name);
const addProduct = (body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: admin.headers,
    payload: { name: 'Brake Pads', decreption: 'Sintered', price: 20, quantity: 5, minimum: 1, img: IMG, ...body },
  });

describe('categories', () => {
  it("starts with 'Other', where a product sent without a category goes, with SPEC-2's fields empty", async () => {
    expect(await categories()).toEqual([expect.objectContaining({ name: 'Other', count: 0 })]);
  });

  it('adds categories; a name taken in any case or spacing is refused with 409', async () => {
    const added = await addCategory('Brakes');
    expect(added.statusCode).toBe(201);
    const taken = await addCategory('  brakes ');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe("There is already a category named 'brakes'");
    expect((await addCategory('')).statusCode).toBe(422);
    expect((await addCategory('x'.repeat(61))).statusCode).toBe(422);
    expect((await addCategory('two\nlines')).statusCode).toBe(422);
    expect((await categories()).map((category) => category.name)).toEqual(['Brakes', 'Other']);
  });

  it('counts the parts in each category, and a product can name its category in any case', async () => {
    await addCategory('Filters');
    const product = await addProduct({ category: 'filters', brand: 'HiFlo', partNumber: 'HF-204', oemNumbers: '15410-MCJ-505, 5GH-13440-00' });
    expect(product.statusCode).toBe(201);
    const shown = (await t.app.inject({ url: `/api/products/${product.json().insertedId}` })).json();
    expect(shown).toMatchObject({ category: 'Filters', brand: 'HiFlo', partNumber: 'HF-204', oemNumbers: ['15410-MCJ-505', '5GH-13440-00'] });
    expect((await byName('Filters'))?.count).toBe(1);
    const plain = await addProduct({});
    expect((await t.app.inject({ url: `/api/products/${plain.json().insertedId}` })).json()).toMatchObject({ category: 'Other', brand: '', partNumber: '', oemNumbers: [] });
  });

  it('refuses an unknown category, a bad part number and too many OEM numbers with 422, adding nothing', async () => {
    const before = (await t.app.inject({ url: '/api/productCount' })).json().count;
    const unknown = await addProduct({ category: 'Rockets' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.fieldErrors.category).toEqual(["Choose one of the shop's categories"]);
    expect((await addProduct({ partNumber: 'HF<204>' })).json().error.fieldErrors.partNumber).toEqual(['Use letters, digits, spaces, dots, dashes and slashes']);
    const many = await addProduct({ oemNumbers: Array.from({ length: 21 }, (_, index) => `OEM-${index}`) });
    expect(many.json().error.fieldErrors.oemNumbers).toEqual(['At most 20 OEM numbers']);
    expect((await t.app.inject({ url: '/api/productCount' })).json().count).toBe(before);
  });

  it('renames a category, its parts staying in it; never to a taken name', async () => {
    const filters = (await byName('Filters'))!;
    const renamed = await t.app.inject({ method: 'PATCH', url: `/api/categories/${filters._id}`, headers: admin.headers, payload: { name: 'Filters & Seals' } });
    expect(renamed.statusCode).toBe(200);
    expect((await byName('Filters & Seals'))?.count).toBe(1);
    const clash = await t.app.inject({ method: 'PATCH', url: `/api/categories/${filters._id}`, headers: admin.headers, payload: { name: 'BRAKES' } });
    expect(clash.statusCode).toBe(409);
  });

  it('deletes an empty category; one that holds parts, or Other, stays with 409 and a clear message', async () => {
    const brakes = (await byName('Brakes'))!;
    const filters = (await byName('Filters & Seals'))!;
    const other = (await byName('Other'))!;
    const holding = await t.app.inject({ method: 'DELETE', url: `/api/categories/${filters._id}`, headers: admin.headers });
    expect(holding.statusCode).toBe(409);
    expect(holding.json().error.message).toBe("'Filters & Seals' holds 1 part. Move it to another category first.");
    const keep = await t.app.inject({ method: 'DELETE', url: `/api/categories/${other._id}`, headers: admin.headers });
    expect(keep.statusCode).toBe(409);
    expect(keep.json().error.message).toMatch(/cannot be renamed or deleted/);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/categories/${brakes._id}`, headers: admin.headers })).statusCode).toBe(200);
    expect(await byName('Brakes')).toBeUndefined();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/categories/${brakes._id}`, headers: admin.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/categories/not-an-id', headers: admin.headers })).statusCode).toBe(400);
  });

  it('a category deleted while parts are added to it either stays, holding them, or goes with none added; never a 500', async () => {
    for (let round = 0; round < 6; round++) {
      const name = `Race ${round}`;
      const category = await addCategory(name);
      expect(category.statusCode).toBe(201);
      const [removal, ...adds] = await Promise.all([
        t.app.inject({ method: 'DELETE', url: `/api/categories/${category.json().insertedId}`, headers: admin.headers }),
        ...Array.from({ length: 4 }, () => addProduct({ category: name })),
      ]);
      const added = adds.filter((add) => add.statusCode === 201).length;
      for (const add of adds.filter((response) => response.statusCode !== 201)) {
        expect(add.statusCode, add.body).toBe(422);
        expect(add.json().error.fieldErrors.category).toEqual(["Choose one of the shop's categories"]);
      }
      if (removal.statusCode === 200) {
        expect(added).toBe(0);
        expect(await byName(name)).toBeUndefined();
      } else {
        expect(removal.statusCode, removal.body).toBe(409);
        expect(removal.json().error.message).toMatch(new RegExp(`^'${name}' holds \\d+ parts?\\. Move`));
        expect((await byName(name))?.count).toBe(added);
      }
    }
  });

  it('lets only admins change categories, before anything else', async () => {
    expect((await addCategory('Tyres', customer.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/categories', payload: { name: 'Tyres' } })).statusCode).toBe(401);
    expect(await byName('Tyres')).toBeUndefined();
  });
});

describe('moving the parts of a category', () => {
  /** As the admin unless `headers` says otherwise (null: a visitor). */
  const move = (from: string, body: unknown, headers: Record<string, string> | null = admin.headers) =>
    t.app.inject({ method: 'POST', url: `/api/categories/${from}/move`, ...(headers ? { headers } : {}), payload: body as object });
  const search = async (query: string) => (await t.app.inject({ url: `/api/search?${query}` })).json() as { total: number; products: { name: string; category: string }[] };
  let luggage: string;
  let bags: string;

  beforeAll(async () => {
    luggage = (await addCategory('Luggage')).json().insertedId;
    bags = (await addCategory('Bags')).json().insertedId;
    for (const name of ['Zephyr Tank Bag', 'Zephyr Tail Pack']) expect((await addProduct({ name, category: 'Luggage' })).statusCode).toBe(201);
  });

  it('answers a visitor 401 and a customer 403 before reading the body, moving nothing', async () => {
    for (const [headers, status] of [[null, 401], [customer.headers, 403]] as const) {
      for (const body of [{ to: bags }, { to: 42 }, {}]) {
        const refused = await move(luggage, body, headers);
        expect(refused.statusCode).toBe(status);
        expect(refused.json()).toMatchObject({ error: { code: status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN' }, requestId: expect.any(String) });
      }
    }
    expect((await byName('Luggage'))?.count).toBe(2);
  });

  it('refuses an unknown or malformed target, the category itself and an unknown category with the error envelope, moving nothing', async () => {
    const unknownTarget = await move(luggage, { to: 'f'.repeat(24) });
    expect(unknownTarget.statusCode).toBe(422);
    expect(unknownTarget.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: "Choose one of the shop's categories", fieldErrors: { to: ["Choose one of the shop's categories"] } },
      requestId: expect.any(String),
    });
    for (const body of [{ to: 'Bags' }, {}, { to: null }]) {
      const malformed = await move(luggage, body);
      expect(malformed.statusCode, malformed.body).toBe(422);
      expect(malformed.json().error.fieldErrors.to).toEqual(["Choose one of the shop's categories"]);
    }
    const itself = await move(luggage, { to: luggage });
    expect(itself.statusCode).toBe(422);
    expect(itself.json().error).toEqual({ code: 'VALIDATION_FAILED', message: "Choose a category other than 'Luggage'", fieldErrors: { to: ["Choose a category other than 'Luggage'"] } });
    const unknownSource = await move('e'.repeat(24), { to: bags });
    expect(unknownSource.statusCode).toBe(404);
    expect(unknownSource.json().error.code).toBe('NOT_FOUND');
    expect((await move('not-an-id', { to: bags })).statusCode).toBe(400);
    expect((await byName('Luggage'))?.count).toBe(2);
    expect((await byName('Bags'))?.count).toBe(0);
  });

  it('moves every part at once; search finds them under the new category, and the emptied one can be deleted', async () => {
    expect((await search('q=zephyr&category=Luggage')).total).toBe(2);
    const moved = await move(luggage, { to: bags });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ acknowledged: true, matchedCount: 2, modifiedCount: 2 });
    expect((await byName('Luggage'))?.count).toBe(0);
    expect((await byName('Bags'))?.count).toBe(2);
    const found = await search('q=zephyr');
    expect(found.products.map((product) => [product.name, product.category]).sort()).toEqual([
      ['Zephyr Tail Pack', 'Bags'],
      ['Zephyr Tank Bag', 'Bags'],
    ]);
    expect((await search('q=zephyr&category=Bags')).total).toBe(2);
    expect((await move(luggage, { to: bags })).json()).toEqual({ acknowledged: true, matchedCount: 0, modifiedCount: 0 });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/categories/${luggage}`, headers: admin.headers })).statusCode).toBe(200);
    expect((await move(bags, { to: luggage })).statusCode).toBe(422);
    expect((await byName('Bags'))?.count).toBe(2);
  });
});
