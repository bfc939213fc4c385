import { serviceKitMessages } from '@shop/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProducts } from '../../db/seed/demo-products.js';
import { demoCatalogueRows, demoFitmentRows, demoServiceKits, demoVehicleRows, insertDemoServiceKits } from '../../db/seed/seed.js';
import { newId } from '../../lib/ids.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';

type Kit = { intervalKm: number; intervalMonths: number; lines: Array<Record<string, unknown>>; total: number };

describe('service kits', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof insertSignedInUser>>;
  let customer: Awaited<ReturnType<typeof insertSignedInUser>>;
  let mt07: string;
  let cb500f: string;
  const parts = {} as Record<'oil' | 'filter' | 'plug' | 'cheapPlug' | 'universalPlug' | 'otherBikePlug' | 'otherBikeFilter', { id: string; name: string }>;

  const url = (vehicleId: string) => `/api/vehicles/${vehicleId}/service-kit`;
  /** As the admin unless told otherwise; `null` sends no token. */
  const put = (vehicleId: string, payload: unknown, headers: Record<string, string> | null = admin.headers) =>
    t.app.inject({ method: 'PUT', url: url(vehicleId), ...(headers ? { headers } : {}), payload: payload as Record<string, unknown> });
  const read = async (vehicleId: string) => t.app.inject({ url: url(vehicleId) });
  const kitOf = async (vehicleId: string): Promise<Kit> => {
    const response = await read(vehicleId);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const category = async (name: string) => {
    const id = newId();
    await t.database.db.insertInto('categories').values({ id, name, name_key: name.toLowerCase(), created_at: new Date().toISOString() }).execute();
    return id;
  };
  const fit = (productId: string, vehicleId: string) => t.database.db.insertInto('fitment').values({ product_id: productId, vehicle_id: vehicleId, year_from: null, year_to: null, note: '' }).execute();
  const vehicle = async (make: string, model: string, cc: number) => {
    const added = await t.app.inject({ method: 'POST', url: '/api/vehicles', headers: admin.headers, payload: { make, model, yearFrom: 2014, yearTo: 2024, cc } });
    return added.json().insertedId as string;
  };
  const KIT = () => ({
    intervalKm: 10000,
    intervalMonths: 12,
    lines: [
      { productId: parts.oil.id, quantity: 3, note: '2.6 l with filter' },
      { productId: parts.filter.id, quantity: 1 },
      { productId: parts.plug.id, quantity: 2, note: 'one per cylinder' },
    ],
  });

  beforeAll(async () => {
    // Answers are not kept between calls here: a test writes straight to the database now and then.
    t = await buildTestApp({ PUBLIC_CACHE_MS: '0' });
    admin = await insertSignedInUser(t.database.db, { role: 'admin' });
    customer = await insertSignedInUser(t.database.db);
    mt07 = await vehicle('Yamaha', 'MT-07', 689);
    cb500f = await vehicle('Honda', 'CB500F', 471);
    const [oils, filters, ignition] = [await category('Oils & Fluids'), await category('Filters'), await category('Ignition')];
    const add = async (key: keyof typeof parts, row: Parameters<typeof insertProduct>[1], fits: string[] = []) => {
      // Each part its own photo, so the answer is seen to carry the right one.
      const product = await insertProduct(t.database.db, { img: `/images/${key}.webp`, ...row });
      for (const vehicleId of fits) await fit(product.id, vehicleId);
      parts[key] = { id: product.id, name: product.name };
    };
    await add('oil', { name: 'Engine Oil 10W-40, 1 L', category_id: oils, price_cents: 899, quantity: 100, minimum: 2, universal: 1 });
    await add('filter', { name: 'HF204 Oil Filter', category_id: filters, price_cents: 1299, quantity: 50, minimum: 1 }, [mt07]);
    await add('plug', { name: 'Iridium Spark Plug CR9EIX', category_id: ignition, price_cents: 1100, quantity: 1, minimum: 1 }, [mt07]);
    await add('cheapPlug', { name: 'Standard Spark Plug CR8E', category_id: ignition, price_cents: 700, quantity: 30, minimum: 3 }, [mt07, cb500f]);
    await add('universalPlug', { name: 'Any-Bike Spark Plug', category_id: ignition, price_cents: 1500, quantity: 30, minimum: 1, universal: 1 });
    await add('otherBikePlug', { name: 'Honda Spark Plug', category_id: ignition, price_cents: 300, quantity: 30, minimum: 1 }, [cb500f]);
    await add('otherBikeFilter', { name: 'Racing Oil Filter', category_id: filters, price_cents: 1999, quantity: 30, minimum: 1 }, [cb500f]);
  });
  afterAll(async () => t.close());

  it('answers 404 for a vehicle without a kit or one the shop does not know, and 400 for a malformed id', async () => {
    for (const vehicleId of [mt07, 'a'.repeat(24)]) {
      const response = await read(vehicleId);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Service kit was not found');
    }
    expect((await read('nope')).statusCode).toBe(400);
    expect((await put('b'.repeat(24), KIT())).statusCode).toBe(404);
  });

  it("sets a kit and reads it back with each part's price, photo, stock and minimum; a line out of stock offers the cheapest fitting part of its category in stock", async () => {
    const saved = await put(mt07, KIT());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      intervalKm: 10000,
      intervalMonths: 12,
      lines: [
        { productId: parts.oil.id, name: 'Engine Oil 10W-40, 1 L', quantity: 3, note: '2.6 l with filter', price: 8.99, inStock: true, minimum: 2, img: '/images/oil.webp', available: 100 },
        { productId: parts.filter.id, name: 'HF204 Oil Filter', quantity: 1, note: '', price: 12.99, inStock: true, minimum: 1, img: '/images/filter.webp', available: 50 },
        {
          productId: parts.plug.id,
          name: 'Iridium Spark Plug CR9EIX',
          quantity: 2,
          note: 'one per cylinder',
          price: 11,
          // One in stock, two wanted. The Honda plug is cheaper but fits another bike only; the universal one costs more.
          inStock: false,
          minimum: 1,
          img: '/images/plug.webp',
          available: 1,
          // What the cart needs of the stand-in: its photo, minimum order and stock.
          alternative: { productId: parts.cheapPlug.id, name: 'Standard Spark Plug CR8E', price: 7, img: '/images/cheapPlug.webp', minimum: 3, available: 30 },
        },
      ],
      total: 61.96,
    });
    expect(await kitOf(mt07)).toEqual(saved.json());
    // The vehicle list says which vehicles have a kit, so a garage asks only for those.
    const listed = (await t.app.inject({ url: '/api/vehicles' })).json() as Array<{ _id: string; serviceKit: boolean }>;
    expect(listed.find((vehicle) => vehicle._id === mt07)?.serviceKit).toBe(true);
    expect(listed.find((vehicle) => vehicle._id === cb500f)?.serviceKit).toBe(false);

    // Set again whole: the lines are replaced, not added to.
    const again = await put(mt07, { ...KIT(), intervalKm: 6000, lines: KIT().lines.slice(0, 2) });
    expect(again.json()).toMatchObject({ intervalKm: 6000, intervalMonths: 12, total: 39.96 });
    expect(again.json().lines).toHaveLength(2);
    expect((await put(mt07, KIT())).statusCode).toBe(200);
  });

  it('leaves a line out of stock without an alternative when no part of its category fits and is in stock', async () => {
    const emptied = await t.app.inject({ method: 'PUT', url: `/api/products/${parts.filter.id}`, headers: admin.headers, payload: { updatequantity: 0 } });
    expect(emptied.statusCode, emptied.body).toBe(200);
    const filterLine = (await kitOf(mt07)).lines[1]!;
    // The racing filter is in stock, but fits the CB500F only.
    expect(filterLine).toEqual({ productId: parts.filter.id, name: 'HF204 Oil Filter', quantity: 1, note: '', price: 12.99, inStock: false, minimum: 1, img: '/images/filter.webp', available: 0 });
    await t.app.inject({ method: 'PUT', url: `/api/products/${parts.filter.id}`, headers: admin.headers, payload: { updatequantity: 50 } });
    expect((await kitOf(mt07)).lines[1]!.inStock).toBe(true);
  });

  it('refuses every bad kit with a clear message under the field, and writes nothing of it', async () => {
    const before = await kitOf(mt07);
    const lineWith = (line: Record<string, unknown>) => ({ ...KIT(), lines: [{ productId: parts.oil.id, quantity: 1, ...line }] });
    const cases: Array<[unknown, string, string]> = [
      [lineWith({ quantity: 0 }), 'lines.0.quantity', serviceKitMessages.quantityInvalid],
      [lineWith({ quantity: -2 }), 'lines.0.quantity', serviceKitMessages.quantityInvalid],
      [lineWith({ quantity: 1.5 }), 'lines.0.quantity', serviceKitMessages.quantityInvalid],
      [lineWith({ quantity: 1001 }), 'lines.0.quantity', serviceKitMessages.quantityInvalid],
      [lineWith({ note: 'n'.repeat(61) }), 'lines.0.note', 'Note must be at most 60 characters'],
      [lineWith({ productId: 'nope' }), 'lines.0.productId', 'Not a valid id'],
      [{ ...KIT(), lines: Array.from({ length: 51 }, () => ({ productId: newId(), quantity: 1 })) }, 'lines', 'A service kit has at most 50 lines'],
      [{ ...KIT(), lines: [...KIT().lines, { productId: parts.oil.id, quantity: 1 }] }, 'lines.3.productId', 'This part is already in the kit'],
      [{ ...KIT(), intervalKm: 99 }, 'intervalKm', 'Interval (km) must be a whole number from 100 to 100,000'],
      [{ ...KIT(), intervalKm: 100001 }, 'intervalKm', 'Interval (km) must be a whole number from 100 to 100,000'],
      [{ ...KIT(), intervalMonths: 0 }, 'intervalMonths', 'Interval (months) must be a whole number from 1 to 120'],
      [{ ...KIT(), intervalMonths: 121 }, 'intervalMonths', 'Interval (months) must be a whole number from 1 to 120'],
      [{ intervalKm: 6000, intervalMonths: 12, lines: 'oil' }, 'lines', 'Lines must be a list of parts'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await put(mt07, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(422);
      expect(response.json().error.fieldErrors[field]).toEqual([message]);
    }
    expect(serviceKitMessages.quantityInvalid).toBe('Quantity must be a whole number from 1 to 1,000');

    // Parts the shop has but that do not fit, and parts it does not have: every such line named.
    const unfit = await put(mt07, {
      ...KIT(),
      lines: [...KIT().lines, { productId: parts.otherBikeFilter.id, quantity: 1 }, { productId: 'c'.repeat(24), quantity: 1 }, { productId: parts.universalPlug.id, quantity: 2 }],
    });
    expect(unfit.statusCode).toBe(422);
    expect(unfit.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Racing Oil Filter does not fit this vehicle',
      fieldErrors: { 'lines.3.productId': ['Racing Oil Filter does not fit this vehicle'], 'lines.4.productId': ['The shop has no such part'] },
    });
    expect(await kitOf(mt07)).toEqual(before);
  });

  it('lets only an admin set or delete a kit', async () => {
    const before = await kitOf(mt07);
    expect((await put(mt07, { ...KIT(), intervalKm: 500 }, customer.headers)).statusCode).toBe(403);
    expect((await put(mt07, { ...KIT(), intervalKm: 500 }, null)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: url(mt07), headers: customer.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: url(mt07) })).statusCode).toBe(401);
    expect(await kitOf(mt07)).toEqual(before);
  });

  it('keeps the line of a part deleted afterwards by its name, without a price, out of the total', async () => {
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/products/${parts.plug.id}`, headers: admin.headers });
    expect(removed.statusCode, removed.body).toBe(200);
    const kit = await kitOf(mt07);
    expect(kit.lines[2]).toEqual({ productId: null, name: 'Iridium Spark Plug CR9EIX', quantity: 2, note: 'one per cylinder', price: null, inStock: false });
    expect(kit.total).toBe(39.96);
    expect(kit.lines.slice(0, 2).map((line) => line.price)).toEqual([8.99, 12.99]);
  });

  it("deletes a kit (and a vehicle's deletion takes its kit with it)", async () => {
    const deleted = await t.app.inject({ method: 'DELETE', url: url(mt07), headers: admin.headers });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await read(mt07)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: url(mt07), headers: admin.headers })).statusCode).toBe(404);

    expect((await put(cb500f, { intervalKm: 12000, intervalMonths: 12, lines: [{ productId: parts.otherBikeFilter.id, quantity: 1 }] })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/vehicles/${cb500f}`, headers: admin.headers })).statusCode).toBe(200);
    expect((await read(cb500f)).statusCode).toBe(404);
    const left = await t.database.db.selectFrom('service_kit_lines').select('vehicle_id').where('vehicle_id', 'in', [mt07, cb500f]).execute();
    expect(left).toEqual([]);
  });
});

/** The cylinders of the demo bikes with a kit. */
const CYLINDERS: Record<string, number> = { CB125F: 1, PCX125: 1, CB500F: 2, 'MT-07': 2, Z650: 2, SV650: 2, CB650R: 4, Z900: 4 };

describe("the demo seed's service kits", () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof insertSignedInUser>>;

  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_CACHE_MS: '0' });
    admin = await insertSignedInUser(t.database.db, { role: 'admin' });
    const { db } = t.database;
    const { categories, products } = demoCatalogueRows(
      demoProducts.map(() => '/images/test.webp'),
      Date.now(),
    );
    await db.insertInto('categories').values(categories).execute();
    await db.insertInto('products').values(products).execute();
    await db.insertInto('vehicles').values(demoVehicleRows(Date.now())).execute();
    await db.insertInto('fitment').values(await demoFitmentRows(db, products)).execute();
    await insertDemoServiceKits(db);
  });
  afterAll(async () => t.close());

  it('holds kits for at least five bikes, among them a single, a twin and a four, each line a part that fits the bike or every bike', async () => {
    const { db } = t.database;
    const kits = await db.selectFrom('service_kits').innerJoin('vehicles', 'vehicles.id', 'service_kits.vehicle_id').select(['vehicles.id', 'vehicles.model']).execute();
    expect(kits.length).toBeGreaterThanOrEqual(5);
    expect(kits.map((kit) => kit.model).sort()).toEqual(Object.keys(demoServiceKits).sort());
    const models = kits.map((kit) => kit.model);
    for (const model of ['CB125F', 'CB500F', 'CB650R']) expect(models).toContain(model);

    for (const kit of kits) {
      const lines = await db
        .selectFrom('service_kit_lines')
        .innerJoin('products', 'products.id', 'service_kit_lines.product_id')
        .select(['products.id', 'products.name', 'products.universal', 'service_kit_lines.quantity', 'service_kit_lines.note'])
        .select(sql<number>`(select count(*) from fitment where fitment.product_id = products.id and fitment.vehicle_id = ${kit.id})`.as('fits'))
        .where('service_kit_lines.vehicle_id', '=', kit.id)
        .execute();
      expect(lines.length, kit.model).toBeGreaterThanOrEqual(2);
      for (const line of lines) expect(Number(line.universal) === 1 || Number(line.fits) > 0, `${kit.model}: ${line.name}`).toBe(true);
      // A spark plug per cylinder: one for a single, two for a twin, four for a four.
      const plugs = lines.find((line) => /Spark Plug/.test(line.name));
      expect(plugs?.quantity, kit.model).toBe(CYLINDERS[kit.model]);

      // The kit answers, and saving it back as it reads passes the admin's checks unchanged.
      const answer = (await t.app.inject({ url: `/api/vehicles/${kit.id}/service-kit` })).json() as Kit;
      expect(answer.lines.every((line) => line.productId !== null && line.inStock === true)).toBe(true);
      const saved = await t.app.inject({
        method: 'PUT',
        url: `/api/vehicles/${kit.id}/service-kit`,
        headers: admin.headers,
        payload: { intervalKm: answer.intervalKm, intervalMonths: answer.intervalMonths, lines: answer.lines.map(({ productId, quantity, note }) => ({ productId, quantity, note })) },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual(answer);
    }
  });
});
