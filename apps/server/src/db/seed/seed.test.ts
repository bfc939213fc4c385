import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskImageStorage, type ImageStorage } from '../../lib/image-storage.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { createDatabase, type ShopDatabase } from '../database.js';
import { demoProducts } from './demo-products.js';
import { demoFitment, demoOemModels, demoServiceGaps, demoUniversalParts, demoVehicles, type ServiceNeed, serviceNeeds } from './demo-vehicles.js';
import { type DemoImages, renderDemoImages, seedDemo } from './seed.js';

/** The demo's pictures, drawn once for every seed of this file (drawing is most of a seed's time). */
let drawing: Promise<DemoImages> | undefined;
const demoImages = () => (drawing ??= renderDemoImages());

describe('seedDemo', () => {
  let database: ShopDatabase;
  let testDatabase: TestDatabase | undefined;
  let storage: ImageStorage;
  let directory: string;
  let firstRun: { products: number; reviews: number };

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'seed-test-'));
    storage = createDiskImageStorage(directory);
    // The PostgreSQL pass checks the cross-instance lock path too.
    testDatabase = process.env.TEST_DIALECT === 'postgres' ? await createTestDatabase() : undefined;
    database = createDatabase(testDatabase?.config ?? { dialect: 'sqlite', file: ':memory:' });
    await database.migrate();
    firstRun = await seedDemo(database.db, storage, undefined, demoImages);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    await testDatabase?.drop();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  const fileOf = (publicPath: string): string => {
    expect(publicPath).toMatch(/^\/images\/[0-9a-f]+\.webp$/);
    return path.join(directory, path.basename(publicPath));
  };

  const expectWebp = async (publicPath: string, maxBytes: number): Promise<void> => {
    const file = fileOf(publicPath);
    const { size } = await stat(file);
    expect(size).toBeGreaterThan(0);
    expect(size).toBeLessThan(maxBytes);
    expect((await sharp(file).metadata()).format).toBe('webp');
  };

  it('adds the demo tax rates: California, New York and Texas, delivery taxed in the last two', async () => {
    const rates = await database.db.selectFrom('tax_rates').select(['country', 'region', 'name', 'rate_millipercent', 'applies_to_delivery']).orderBy('position').execute();
    expect(rates.map((rate) => ({ ...rate, applies_to_delivery: Number(rate.applies_to_delivery) }))).toEqual([
      { country: 'US', region: 'CA', name: 'Sales tax', rate_millipercent: 7250, applies_to_delivery: 0 },
      { country: 'US', region: 'NY', name: 'Sales tax', rate_millipercent: 4000, applies_to_delivery: 1 },
      { country: 'US', region: 'TX', name: 'Sales tax', rate_millipercent: 6250, applies_to_delivery: 1 },
    ]);
    // Counted as a change of the rates, so instances already running read them.
    expect(Number((await database.db.selectFrom('data_revisions').select('revision').where('name', '=', 'tax_rates').executeTakeFirstOrThrow()).revision)).toBe(2);
  });

  it('inserts the catalogue in array order with the out-of-stock parts off the first page', async () => {
    const products = await database.db.selectFrom('products').selectAll().orderBy('id').execute();
    expect(firstRun.products).toBe(products.length);
    expect(products.length).toBeGreaterThanOrEqual(24);
    expect(products.map((product) => product.name)).toEqual(demoProducts.map((product) => product.name));

    const outOfStock = products.flatMap((product, index) => (product.quantity < product.minimum ? [index] : []));
    expect(outOfStock.length).toBeGreaterThanOrEqual(2);
    expect(Math.min(...outOfStock)).toBeGreaterThanOrEqual(6);
    expect(new Set(outOfStock.map((index) => Math.floor(index / 6))).size).toBeGreaterThan(1);

    const createdAt = products.map((product) => product.created_at);
    expect([...createdAt].sort()).toEqual(createdAt);
    for (const product of products) {
      expect(Number.isInteger(product.price_cents)).toBe(true);
      expect(product.price_cents).toBeGreaterThan(0);
      expect(product.minimum).toBeGreaterThanOrEqual(1);
      expect(product.name.length).toBeLessThanOrEqual(80);
      expect(product.description.length).toBeGreaterThanOrEqual(80);
      expect(product.description.length).toBeLessThanOrEqual(220);
      expect(new Date(product.created_at).toISOString()).toBe(product.created_at);
    }
  });

  it('gives the oil filter, the spark plug and the chain lube quantity prices below their list prices, and no other part any', async () => {
    const products = await database.db.selectFrom('products').select(['part_number', 'price_cents', 'quantity_prices']).orderBy('id').execute();
    const withPrices = Object.fromEntries(products.filter((product) => product.quantity_prices !== '[]').map((product) => [product.part_number, product.quantity_prices]));
    expect(withPrices).toEqual({ CR9EIX: '[[10,1149],[50,1049]]', HF204: '[[10,799],[50,719]]', 'C2-400': '[[12,1290]]' });
    for (const product of products) {
      const tiers = JSON.parse(product.quantity_prices) as Array<[number, number]>;
      tiers.forEach(([from, priceCents], index) => {
        expect(priceCents).toBeLessThan(index === 0 ? product.price_cents : tiers[index - 1]![1]);
        expect(from).toBeGreaterThan(index === 0 ? 1 : tiers[index - 1]![0]);
      });
    }
  });

  it('stores a real WebP image for every product', async () => {
    const products = await database.db.selectFrom('products').select('img').execute();
    for (const product of products) await expectWebp(product.img, 40 * 1024);
    // Each part is drawn differently enough to get its own content-addressed file.
    expect(new Set(products.map((product) => product.img)).size).toBe(products.length);
  });

  it('inserts real motorbikes: at least eight makes and thirty models with their years', async () => {
    const vehicles = await database.db.selectFrom('vehicles').selectAll().execute();
    expect(new Set(vehicles.map((vehicle) => vehicle.make)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(vehicles.map((vehicle) => `${vehicle.make} ${vehicle.model}`)).size).toBeGreaterThanOrEqual(30);
    expect(vehicles.find((vehicle) => vehicle.model === 'MT-07')).toMatchObject({ make: 'Yamaha', year_from: 2014, year_to: 2024 });
    for (const vehicle of vehicles) expect(vehicle.year_to).toBeGreaterThanOrEqual(vehicle.year_from);
  });

  it('gives the demo parts fitment: brake pads, filters, chains and plugs fit some bikes and not others; care products and tools fit every bike', async () => {
    const fitsMt07 = await database.db
      .selectFrom('fitment')
      .innerJoin('vehicles', 'vehicles.id', 'fitment.vehicle_id')
      .innerJoin('products', 'products.id', 'fitment.product_id')
      .select(['products.part_number', 'fitment.year_to'])
      .where('vehicles.model', '=', 'MT-07')
      .execute();
    const mt07Parts = fitsMt07.map((row) => row.part_number);
    // Front pads for the MT-07 and others that do not fit it, in the same category.
    expect(mt07Parts).toEqual(expect.arrayContaining(['07BB37SA', 'FA174', 'HF204', '520VX3-120', 'CR9EIX']));
    expect(mt07Parts).not.toContain('FA196HH');
    // The plug fits the MT-07 up to 2020 only.
    expect(fitsMt07.find((row) => row.part_number === 'CR9EIX')?.year_to).toBe(2020);
    const universal = await database.db.selectFrom('products').select('part_number').where('universal', '=', 1).execute();
    expect(universal.map((row) => row.part_number)).toEqual(expect.arrayContaining(['C2-400', 'TW-6060', 'OX207', 'RBF-600', 'FORK-10W-1L']));
  });

  /** Each demo part's fitment as the shop holds it: its models (every year or some), by part number. */
  const fitmentByPart = async (): Promise<Map<string, Set<string>>> => {
    const rows = await database.db
      .selectFrom('fitment')
      .innerJoin('vehicles', 'vehicles.id', 'fitment.vehicle_id')
      .innerJoin('products', 'products.id', 'fitment.product_id')
      .select(['products.part_number', 'vehicles.model'])
      .execute();
    const fits = new Map<string, Set<string>>();
    for (const row of rows) fits.set(row.part_number, (fits.get(row.part_number) ?? new Set()).add(row.model));
    return fits;
  };

  it('leaves only a handful of parts without fitment data, and no part both universal and listed for some bikes', async () => {
    const fits = await fitmentByPart();
    const products = await database.db.selectFrom('products').select(['part_number', 'universal']).execute();
    const withoutData = products.filter((product) => product.universal === 0 && !fits.has(product.part_number));
    // A rider with any bike meets these as 'Fit not confirmed'; every other part fits or does not.
    expect(withoutData.length).toBeGreaterThanOrEqual(3);
    expect(withoutData.length).toBeLessThanOrEqual(6);
    expect(products.filter((product) => product.universal === 1 && fits.has(product.part_number))).toEqual([]);
    for (const partNumber of Object.keys(demoFitment)) expect(demoUniversalParts.has(partNumber), partNumber).toBe(false);
    // Every demo part number the fitment names is a demo part.
    const partNumbers = new Set(demoProducts.map((product) => product.partNumber));
    for (const partNumber of [...Object.keys(demoFitment), ...demoUniversalParts]) expect(partNumbers.has(partNumber), partNumber).toBe(true);
  });

  it("agrees with the OEM numbers: a part carrying a bike's original part number fits that bike", async () => {
    const fits = await fitmentByPart();
    const models = new Set(demoVehicles.map((vehicle) => vehicle.model));
    for (const product of demoProducts) {
      for (const oem of product.oemNumbers ?? []) {
        // Every OEM number says whose it is, so a new one cannot slip past this check.
        expect(Object.hasOwn(demoOemModels, oem), `${product.partNumber}: ${oem} is in demoOemModels`).toBe(true);
        for (const model of demoOemModels[oem]!) {
          expect(models.has(model), model).toBe(true);
          expect(fits.get(product.partNumber)?.has(model), `${product.partNumber} (${oem}) fits the ${model}`).toBe(true);
        }
      }
    }
    const pads = await database.db.selectFrom('products').select('id').where('part_number', '=', 'FA196HH').executeTakeFirstOrThrow();
    const cb500f = await database.db.selectFrom('vehicles').select('id').where('model', '=', 'CB500F').executeTakeFirstOrThrow();
    expect(await database.db.selectFrom('fitment').select('note').where('product_id', '=', pads.id).where('vehicle_id', '=', cb500f.id).executeTakeFirst()).toEqual({ note: 'front' });
  });

  it("gives every demo bike a service's worth: engine oil, oil filter, spark plug and brake pads, or the reason the shop has none", async () => {
    const rows = await database.db
      .selectFrom('fitment')
      .innerJoin('vehicles', 'vehicles.id', 'fitment.vehicle_id')
      .innerJoin('products', 'products.id', 'fitment.product_id')
      .innerJoin('categories', 'categories.id', 'products.category_id')
      .select(['vehicles.model', 'vehicles.year_from as vehicleFrom', 'vehicles.year_to as vehicleTo', 'fitment.year_from', 'fitment.year_to', 'products.name', 'categories.name as category'])
      .execute();
    for (const vehicle of demoVehicles) {
      const fitting = rows.filter((row) => row.model === vehicle.model);
      expect(fitting.length, `${vehicle.model}'s fitting parts`).toBeGreaterThanOrEqual(2);
      for (const [need, { category, name }] of Object.entries(serviceNeeds) as Array<[ServiceNeed, (typeof serviceNeeds)[ServiceNeed]]>) {
        const met = fitting.some((row) => row.category === category && name.test(row.name));
        const gap = demoServiceGaps[vehicle.model]?.[need];
        // Met, or explained; never explained away while a part fits.
        expect(met !== (gap !== undefined), `${vehicle.model}'s ${need}: ${met ? 'a part fits' : 'none fits'}${gap ? `, yet the gap says '${gap}'` : ''}`).toBe(true);
      }
      // A part's narrower years lie within the bike's own.
      for (const row of fitting) {
        expect(row.year_from ?? row.vehicleFrom).toBeGreaterThanOrEqual(row.vehicleFrom);
        expect(row.year_to ?? row.vehicleTo).toBeLessThanOrEqual(row.vehicleTo);
      }
    }
    for (const model of Object.keys(demoServiceGaps)) expect(demoVehicles.some((vehicle) => vehicle.model === model), model).toBe(true);
    // The three 10W-40 oils fit a CB500F, and the rider searching for them sees them.
    const cb500fOils = rows.filter((row) => row.model === 'CB500F' && /10W-40/.test(row.name));
    expect(cb500fOils).toHaveLength(3);
  });

  it("gives some bikes a service kit of parts that fit them or every bike, the MT-07's with oil, filter, two plugs and the drain washer", async () => {
    const lines = await database.db
      .selectFrom('service_kit_lines')
      .innerJoin('service_kits', 'service_kits.vehicle_id', 'service_kit_lines.vehicle_id')
      .innerJoin('vehicles', 'vehicles.id', 'service_kit_lines.vehicle_id')
      .innerJoin('products', 'products.id', 'service_kit_lines.product_id')
      .select([
        'vehicles.model',
        'service_kits.interval_km',
        'service_kits.interval_months',
        'products.part_number',
        'products.universal',
        'service_kit_lines.name',
        'service_kit_lines.quantity',
        'service_kit_lines.note',
        // The kit's own fit rule (PUT /vehicles/{id}/service-kit): a fitment row names the vehicle, or the part fits every bike.
        (eb) => eb.exists(eb.selectFrom('fitment').select('fitment.product_id').whereRef('fitment.product_id', '=', 'products.id').whereRef('fitment.vehicle_id', '=', 'vehicles.id')).as('fits'),
      ])
      .orderBy('vehicles.model')
      .orderBy('service_kit_lines.position')
      .execute();
    const models = new Set(lines.map((line) => line.model));
    expect(models.size).toBeGreaterThanOrEqual(5);
    for (const line of lines) expect(Number(line.universal) === 1 || Number(line.fits) === 1, `${line.model}: ${line.part_number}`).toBe(true);
    const mt07 = lines.filter((line) => line.model === 'MT-07');
    expect(mt07.map(({ part_number, quantity, note }) => ({ part_number, quantity, note }))).toEqual([
      { part_number: 'POWER1-10W40-1L', quantity: 3, note: '2.6 l with filter' },
      { part_number: 'HF204', quantity: 1, note: '' },
      { part_number: 'CR9EIX', quantity: 2, note: 'one per cylinder (2)' },
      { part_number: '214-11159-00', quantity: 1, note: 'drain bolt' },
    ]);
    expect(mt07[3]!.name).toBe('Drain Plug Crush Washer M14 x 1.5');
    expect(mt07[0]).toMatchObject({ interval_km: 10000, interval_months: 12 });
    // A drain washer in every kit of a bike the demo sells one for.
    const washers = lines.filter((line) => /Drain Plug Crush Washer/.test(line.name)).map((line) => line.model);
    expect(washers.sort()).toEqual(['CB500F', 'CB650R', 'MT-07']);
    // A plug per cylinder: the fours take four.
    expect(lines.find((line) => line.model === 'CB650R' && line.part_number === 'CR9EIX')?.quantity).toBe(4);
  });

  it('inserts reviews, oldest first, each with an avatar', async () => {
    const reviews = await database.db.selectFrom('reviews').selectAll().orderBy('id').execute();
    expect(firstRun.reviews).toBe(reviews.length);
    expect(reviews.length).toBeGreaterThanOrEqual(5);
    const createdAt = reviews.map((review) => review.created_at);
    expect([...createdAt].sort()).toEqual(createdAt);
    for (const review of reviews) {
      expect(review.user_id).toBeNull();
      expect(review.email).toMatch(/@example\.com$/);
      expect(review.ratings).toBeGreaterThanOrEqual(1);
      expect(review.ratings).toBeLessThanOrEqual(5);
      await expectWebp(review.img, 8 * 1024);
    }
  });

  it('does nothing when the shop already has data', async () => {
    const before = await database.db.selectFrom('products').select('id').execute();
    expect(await seedDemo(database.db, storage, undefined, demoImages)).toEqual({ products: 0, reviews: 0 });
    const after = await database.db.selectFrom('products').select('id').execute();
    expect(after).toHaveLength(before.length);
  });
});

describe('seedDemo started twice at once', () => {
  // The pictures drawn once for both (each would draw them before one wins): the two seeds race for the catalogue itself.
  it('seeds exactly once', { timeout: 60_000 }, async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'seed-race-'));
    const testDatabase = process.env.TEST_DIALECT === 'postgres' ? await createTestDatabase() : undefined;
    const first = createDatabase(testDatabase?.config ?? { dialect: 'sqlite', file: path.join(directory, 'shop.db') });
    const second = createDatabase(testDatabase?.config ?? { dialect: 'sqlite', file: path.join(directory, 'shop.db') });
    try {
      await first.migrate();
      // Two instances are two processes, each with its own image writer.
      const results = await Promise.all([
        seedDemo(first.db, createDiskImageStorage(path.join(directory, 'images-1')), undefined, demoImages),
        seedDemo(second.db, createDiskImageStorage(path.join(directory, 'images-2')), undefined, demoImages),
      ]);
      expect(results.map((result) => result.products).sort((a, b) => a - b)).toEqual([0, demoProducts.length]);
      const { count } = await first.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(count)).toBe(demoProducts.length);
    } finally {
      await first.close();
      await second.close();
      await testDatabase?.drop();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
