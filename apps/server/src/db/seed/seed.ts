import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { newId } from '../../lib/ids.js';
import type { ImageStorage } from '../../lib/image-storage.js';
import type { Database, NewCategoryRow, NewFitmentRow, NewProductRow, NewReviewRow, NewVehicleRow } from '../schema.js';
import { categoryKey, DEMO_TAX_RATES, partNumberKey, vehicleNameKey } from '@shop/shared';
import { demoCategories, demoProducts } from './demo-products.js';
import { demoReviews } from './demo-reviews.js';
import { demoFitment, demoUniversalParts, demoVehicles } from './demo-vehicles.js';
import { responsiveVariants } from '../../lib/responsive-images.js';
import { bumpRevision } from '../../lib/shared-revision.js';
import { AVATAR_IMAGE, PRODUCT_IMAGE, avatarSvg, productSvg, renderWebp } from './illustrations.js';

/** sharp already spreads each render over libuv threads; more parallel renders only queue. */
const RENDER_CONCURRENCY = 4;
/** Serialises seeding across instances that share one PostgreSQL and start together. */
const SEED_LOCK_KEY = 48_151_623;
const MINUTE = 60_000;

async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The demo's bikes as rows, added at `now`. */
export function demoVehicleRows(now: number): NewVehicleRow[] {
  return demoVehicles.map((vehicle) => ({
    id: newId(),
    make: vehicle.make,
    make_key: vehicleNameKey(vehicle.make),
    model: vehicle.model,
    model_key: vehicleNameKey(vehicle.model),
    variant: vehicle.variant ?? '',
    year_from: vehicle.yearFrom,
    year_to: vehicle.yearTo,
    cc: vehicle.cc,
    created_at: new Date(now).toISOString(),
  }));
}

/**
 * The demo categories and parts as rows, each part showing `images[i]`. Whole minutes apart in
 * the past: ids embed seconds, so array order, time order and id order agree, and anything
 * created after the seed sorts after it.
 */
export function demoCatalogueRows(images: readonly string[], now: number): { categories: NewCategoryRow[]; products: NewProductRow[] } {
  const productsFrom = now - (demoProducts.length + 24 * 60) * MINUTE;
  const categoryIds = new Map(demoCategories.map((name, index) => [name, newId(productsFrom - (demoCategories.length - index) * MINUTE)]));
  const categories = demoCategories.map((name) => ({ id: categoryIds.get(name)!, name, name_key: categoryKey(name), created_at: new Date(now).toISOString() }));
  const products = demoProducts.map((product, index) => {
    const at = productsFrom + index * MINUTE;
    const stamp = new Date(at).toISOString();
    return {
      id: newId(at),
      category_id: categoryIds.get(product.category),
      brand: product.brand,
      part_number: product.partNumber,
      part_number_key: partNumberKey(product.partNumber),
      oem_numbers: JSON.stringify(product.oemNumbers ?? []),
      name: product.name,
      description: product.description,
      price_cents: product.priceCents,
      quantity: product.quantity,
      minimum: product.minimum,
      img: images[index]!,
      universal: demoUniversalParts.has(product.partNumber) ? 1 : 0,
      // The column's one form, `[[from, priceCents], …]` ascending (products.mapper's quantityPricesColumn; db/ imports no module).
      quantity_prices: JSON.stringify((product.quantityPrices ?? []).map((tier) => [tier.from, tier.priceCents])),
      created_at: stamp,
      updated_at: stamp,
    };
  });
  return { categories, products };
}

/** The demo parts' fitment rows, for the vehicles of the demo models now in the shop. */
export async function demoFitmentRows(db: Kysely<Database>, products: NewProductRow[]): Promise<NewFitmentRow[]> {
  const vehicles = await db.selectFrom('vehicles').select(['id', 'model_key']).where('model_key', 'in', demoVehicles.map((vehicle) => vehicleNameKey(vehicle.model))).execute();
  const vehicleOf = new Map(vehicles.map((vehicle) => [vehicle.model_key, vehicle.id]));
  return products.flatMap((product) =>
    (demoFitment[product.part_number!] ?? []).map((fit) => {
      const { model, yearFrom, yearTo, note } = typeof fit === 'string' ? { model: fit } : fit;
      const vehicleId = vehicleOf.get(vehicleNameKey(model));
      if (!vehicleId) throw new Error(`demo fitment of an unknown model: ${model}`);
      return { product_id: product.id, vehicle_id: vehicleId, year_from: yearFrom ?? null, year_to: yearTo ?? null, note: note ?? '' };
    }),
  );
}

/** Engine oil sold by the litre: a kit takes one bottle per litre the bike holds, rounded up. */
const OIL_1L = 'POWER1-10W40-1L';
const perCylinder = (cylinders: number, partNumber: string) => ({ partNumber, quantity: cylinders, note: cylinders === 1 ? 'one cylinder' : `one per cylinder (${cylinders})` });
/** The drain bolt's sealing washer, renewed at every oil change. */
const drainWasher = (partNumber: string) => ({ partNumber, quantity: 1, note: 'drain bolt' });

/**
 * What an oil service of some demo bikes takes, by model (of `demoVehicles`), from demo parts
 * that fit the bike or every bike (by part number): the oil by the bike's capacity, the filter,
 * a spark plug per cylinder, the drain bolt's washer where the demo sells one that fits; the makers'
 * intervals. Two singles (a washable strainer, no filter), four twins and two fours.
 */
export const demoServiceKits: Readonly<Record<string, { intervalKm: number; intervalMonths: number; lines: ReadonlyArray<{ partNumber: string; quantity: number; note?: string }> }>> = {
  CB125F: { intervalKm: 6000, intervalMonths: 12, lines: [{ partNumber: OIL_1L, quantity: 1, note: '0.9 l at an oil change' }, perCylinder(1, 'CR8E')] },
  PCX125: { intervalKm: 6000, intervalMonths: 12, lines: [{ partNumber: OIL_1L, quantity: 1, note: '0.8 l at an oil change' }, perCylinder(1, 'CR8E')] },
  CB500F: {
    intervalKm: 12000,
    intervalMonths: 12,
    lines: [{ partNumber: OIL_1L, quantity: 3, note: '2.6 l with filter' }, { partNumber: 'HF204', quantity: 1 }, perCylinder(2, 'CR9EIX'), drainWasher('94109-12000')],
  },
  'MT-07': {
    intervalKm: 10000,
    intervalMonths: 12,
    lines: [{ partNumber: OIL_1L, quantity: 3, note: '2.6 l with filter' }, { partNumber: 'HF204', quantity: 1 }, perCylinder(2, 'CR9EIX'), drainWasher('214-11159-00')],
  },
  Z650: {
    intervalKm: 12000,
    intervalMonths: 12,
    lines: [{ partNumber: OIL_1L, quantity: 3, note: '2.3 l with filter' }, { partNumber: 'HF303', quantity: 1 }, perCylinder(2, 'CR9EIX')],
  },
  SV650: {
    intervalKm: 6000,
    intervalMonths: 12,
    lines: [{ partNumber: OIL_1L, quantity: 3, note: '3.0 l with filter' }, { partNumber: 'HF138', quantity: 1 }, perCylinder(2, 'CR8E')],
  },
  CB650R: {
    intervalKm: 12000,
    intervalMonths: 12,
    lines: [{ partNumber: OIL_1L, quantity: 3, note: '2.6 l with filter' }, { partNumber: 'HF204', quantity: 1 }, perCylinder(4, 'CR9EIX'), drainWasher('94109-12000')],
  },
  Z900: {
    intervalKm: 12000,
    intervalMonths: 12,
    lines: [{ partNumber: '7100-10W40-4L', quantity: 1, note: '3.8 l with filter' }, { partNumber: 'HF303', quantity: 1 }, perCylinder(4, 'CR9EIX')],
  },
};

/** The demo service kits, for the demo models and parts now in the shop. */
export async function insertDemoServiceKits(db: Kysely<Database>): Promise<void> {
  const models = Object.keys(demoServiceKits);
  const partNumbers = [...new Set(Object.values(demoServiceKits).flatMap((kit) => kit.lines.map((line) => line.partNumber)))];
  const vehicles = await db.selectFrom('vehicles').select(['id', 'model_key']).where('model_key', 'in', models.map(vehicleNameKey)).execute();
  const parts = await db.selectFrom('products').select(['id', 'name', 'part_number']).where('part_number', 'in', partNumbers).execute();
  const vehicleOf = new Map(vehicles.map((vehicle) => [vehicle.model_key, vehicle.id]));
  const partOf = new Map(parts.map((part) => [part.part_number, part]));
  const updatedAt = new Date().toISOString();
  for (const [model, kit] of Object.entries(demoServiceKits)) {
    const vehicleId = vehicleOf.get(vehicleNameKey(model));
    if (!vehicleId) throw new Error(`demo service kit of an unknown model: ${model}`);
    // A vehicle the shop had before the demo keeps a kit an admin gave it.
    const added = await db
      .insertInto('service_kits')
      .values({ vehicle_id: vehicleId, interval_km: kit.intervalKm, interval_months: kit.intervalMonths, updated_at: updatedAt })
      .onConflict((conflict) => conflict.column('vehicle_id').doNothing())
      .returning('vehicle_id')
      .executeTakeFirst();
    if (!added) continue;
    await db
      .insertInto('service_kit_lines')
      .values(
        kit.lines.map((line, position) => {
          const part = partOf.get(line.partNumber);
          if (!part) throw new Error(`demo service kit of an unknown part: ${line.partNumber}`);
          return { vehicle_id: vehicleId, position, product_id: part.id, name: part.name, quantity: line.quantity, note: line.note ?? '' };
        }),
      )
      .execute();
  }
}

/** A shop that has ever been used keeps its data: an admin who deleted every product must not get the demo back. */
async function inUse(db: Kysely<Database>): Promise<boolean> {
  for (const table of ['products', 'orders', 'reviews'] as const) {
    const row = await db.selectFrom(table).select('id').limit(1).executeTakeFirst();
    if (row !== undefined) return true;
  }
  return false;
}

/** Fills a brand-new shop with demo parts and reviews, drawing their images; otherwise does nothing. */
/** The demo's pictures drawn: each part's photo with its smaller sizes, and each reviewer's avatar. */
export interface DemoImages {
  products: Array<{ bytes: Buffer; variants: Awaited<ReturnType<typeof responsiveVariants>> }>;
  avatars: Buffer[];
}

/** Draws every demo picture: most of a seed's time, and the same every time. */
export async function renderDemoImages(): Promise<DemoImages> {
  const products = await mapLimited(demoProducts, RENDER_CONCURRENCY, async (product) => {
    const bytes = await renderWebp(productSvg(product), PRODUCT_IMAGE.width, PRODUCT_IMAGE.height);
    return { bytes, variants: await responsiveVariants(bytes) };
  });
  const avatars = await mapLimited(demoReviews, RENDER_CONCURRENCY, (review) =>
    renderWebp(avatarSvg(review.avatar.seed, review.avatar.color), AVATAR_IMAGE.width, AVATAR_IMAGE.height),
  );
  return { products, avatars };
}

/**
 * Seeds the demo shop into an empty one. `images` draws the pictures, once the shop is known to
 * be empty (tests that seed more than once draw them once and hand them over).
 */
export async function seedDemo(
  db: Kysely<Database>,
  storage: ImageStorage,
  log: (msg: string) => void = () => {},
  images: () => Promise<DemoImages> = renderDemoImages,
): Promise<{ products: number; reviews: number }> {
  const nothing = { products: 0, reviews: 0 };
  if (await inUse(db)) return nothing;

  const started = performance.now();
  const drawn = await images();
  const productImages = await mapLimited(drawn.products, RENDER_CONCURRENCY, ({ bytes, variants }) => storage.put(bytes, 'webp', variants));
  const avatarImages = await mapLimited(drawn.avatars, RENDER_CONCURRENCY, (bytes) => storage.put(bytes, 'webp'));
  const renderMs = Math.round(performance.now() - started);

  const now = Date.now();
  const { categories, products } = demoCatalogueRows(productImages, now);
  const productIdOf = (name: string) => {
    const product = products.find((candidate) => candidate.name === name);
    if (!product) throw new Error(`demo review of an unknown part: ${name}`);
    return product.id;
  };
  const reviewsFrom = now - (demoReviews.length + 2) * 90 * MINUTE;
  const reviews: NewReviewRow[] = demoReviews.map((review, index) => {
    const at = reviewsFrom + index * 90 * MINUTE;
    return {
      id: newId(at),
      user_id: null,
      name: review.name,
      email: review.email,
      review: review.review,
      ratings: review.ratings,
      img: avatarImages[index] as string,
      created_at: new Date(at).toISOString(),
      // Reviews that came with the catalogue, not from orders in this shop: tied to their part, not verified.
      product_id: review.part ? productIdOf(review.part) : null,
      order_id: null,
    };
  });

  const seeded = await db.transaction().execute(async (trx) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    }
    // Another instance may have seeded while this one was drawing.
    if (await inUse(trx)) return false;
    // A new shop has only 'Other'; an admin may have added a category of the same name before the first part.
    await trx.deleteFrom('categories').where('name_key', 'in', demoCategories.map(categoryKey)).execute();
    await trx.insertInto('categories').values(categories).execute();
    await trx.insertInto('products').values(products).execute();
    await trx.insertInto('reviews').values(reviews).execute();
    await trx
      .insertInto('vehicles')
      .values(demoVehicleRows(now))
      .onConflict((conflict) => conflict.columns(['make_key', 'model_key', 'variant', 'year_from']).doNothing())
      .execute();
    await trx.insertInto('fitment').values(await demoFitmentRows(trx, products)).execute();
    await insertDemoServiceKits(trx);
    // Rates an admin set before the first part stay as they are.
    if (!(await trx.selectFrom('tax_rates').select('id').limit(1).executeTakeFirst())) {
      await trx
        .insertInto('tax_rates')
        .values(
          DEMO_TAX_RATES.map((rate, position) => ({
            id: newId(),
            country: rate.country,
            region: rate.region ?? null,
            name: rate.name,
            // Thousandths of a percent, as migration 029 keeps a rate.
            rate_millipercent: Math.round(rate.rate * 1000),
            applies_to_delivery: rate.appliesToDelivery ? 1 : 0,
            position,
          })),
        )
        .execute();
      await bumpRevision(trx, 'tax_rates');
    }
    return true;
  });
  if (!seeded) return nothing;

  log(
    `Seeded ${products.length} demo products and ${reviews.length} reviews (${productImages.length + avatarImages.length} images drawn in ${renderMs} ms)`,
  );
  return { products: products.length, reviews: reviews.length };
}
