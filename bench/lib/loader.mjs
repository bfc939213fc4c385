// @ts-check
/**
 * The rows the bench writes before the server starts: customers with live sessions, and a
 * catalogue of products, reviews and orders that grows to a given size. Ids come from the
 * server's own generator, in creation order.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { newId } from './server-code.mjs';

/** @typedef {import('../../apps/server/src/db/database.js').ShopDatabase} ShopDatabase */

const ROWS_PER_STATEMENT = 500;
const ROWS_PER_TRANSACTION = 10_000;
/** As long as a real sign-in's session lives, so the server never needs to refresh it mid-run. */
const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A small deterministic random source, so every run loads the same shapes of data. @param {number} seed */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Writes `count` rows made by `makeRow`, several hundred per statement, many statements per transaction.
 * @template T
 * @param {import('kysely').Kysely<any>} db
 * @param {string} table
 * @param {number} count
 * @param {(index: number) => T} makeRow
 */
async function insertRows(db, table, count, makeRow) {
  for (let start = 0; start < count; start += ROWS_PER_TRANSACTION) {
    const end = Math.min(count, start + ROWS_PER_TRANSACTION);
    await db.transaction().execute(async (trx) => {
      for (let from = start; from < end; from += ROWS_PER_STATEMENT) {
        const rows = [];
        for (let index = from; index < Math.min(end, from + ROWS_PER_STATEMENT); index++) rows.push(makeRow(index));
        await trx.insertInto(table).values(rows).execute();
      }
    });
  }
}

/**
 * `count` one-part purchases (each sharing its order's id, migration 026) with their orders, as
 * `makeOrder` makes each order with its buyer; written as `insertRows` writes.
 * @param {import('kysely').Kysely<any>} db
 * @param {number} count
 * @param {(index: number) => Record<string, any>} makeOrder
 */
async function insertOrders(db, count, makeOrder) {
  for (let start = 0; start < count; start += ROWS_PER_TRANSACTION) {
    const end = Math.min(count, start + ROWS_PER_TRANSACTION);
    await db.transaction().execute(async (trx) => {
      for (let from = start; from < end; from += ROWS_PER_STATEMENT) {
        const orders = [];
        for (let index = from; index < Math.min(end, from + ROWS_PER_STATEMENT); index++) orders.push(makeOrder(index));
        await trx
          .insertInto('purchases')
          .values(
            orders.map((order) => ({
              id: order.id,
              user_id: order.user_id,
              customer_name: order.customer_name,
              email: order.email,
              location: order.location,
              phone: order.phone,
              status: order.status === 'waiting' || order.status === 'cancelled' ? order.status : 'paid',
              total_cents: order.total_cents,
              transaction_id: order.transaction_id,
              created_at: order.created_at,
              updated_at: order.updated_at,
              paid_at: order.paid_at,
              cancelled_at: order.cancelled_at,
            })),
          )
          .execute();
        await trx
          .insertInto('orders')
          .values(orders.map(({ customer_name: _name, email: _email, location: _location, phone: _phone, transaction_id: _transaction, ...line }) => ({ ...line, purchase_id: line.id })))
          .execute();
      }
    });
  }
}

/** Part types with their category: the generated catalogue spreads over them in turn. */
const PARTS = [
  ['Brake pads', 'Brakes'],
  ['Oil filter', 'Filters'],
  ['Chain kit', 'Chains & Sprockets'],
  ['Spark plug', 'Ignition'],
  ['Air filter', 'Filters'],
  ['Clutch lever', 'Cables & Controls'],
  ['Brake disc', 'Brakes'],
  ['Fork seal', 'Suspension'],
  ['Battery', 'Electrical'],
  ['Coolant hose', 'Cooling'],
  ['Rear sprocket', 'Chains & Sprockets'],
  ['Engine oil 10W-40', 'Oils & Fluids'],
];
export const BENCH_CATEGORIES = [...new Set(PARTS.map(([, category]) => /** @type {string} */ (category)))];
/** The words of the parts' names, each a one-word search as 'brake' is. */
export const NAME_WORDS = [...new Set(PARTS.flatMap(([name]) => /** @type {string} */ (name).toLowerCase().split(' ')).filter((word) => /^[a-z]+$/.test(word)))];
export const BENCH_BRANDS = ['EBC', 'HiFlo', 'DID', 'NGK', 'K&N', 'Motul', 'Yuasa', 'Brembo', 'JT Sprockets', 'Samco', 'All Balls', 'Venhill'];
/** Descriptions are drawn from these words, so the index holds a realistic vocabulary. */
const WORDS = (
  'made original equipment specification checked warehouse fits road touring bikes decade fitment ordering sintered organic compound ' +
  'steel rubber high performance long life easy fit genuine quality replacement heavy duty sealed maintenance free synthetic mineral ' +
  'racing street enduro motocross adventure sport naked scooter cruiser classic vintage reinforced stainless aluminium billet anodised'
).split(' ');
const DESCRIPTION =
  'Made to the original equipment specification and checked before it leaves the warehouse. Fits most road and touring bikes of the last decade; see the fitment list before ordering.';
/** The part number of the generated product `number` (1-based): 'MP-4242'. @param {number} number */
export const benchPartNumber = (number) => `MP-${number}`;
/** Bench bikes: makes, each with models of made-up names over real-looking production years. */
const MAKES = ['Honda', 'Yamaha', 'Kawasaki', 'Suzuki', 'BMW', 'Ducati', 'KTM', 'Triumph'];
const VEHICLES = 100;
/** Fitment rows per part: 0 to 10 bikes, 5 on average; this share of parts is also marked universal (fits every bike). */
const MAX_BIKES_PER_PART = 10;
const UNIVERSAL_SHARE = 0.03;
const REVIEW = 'Arrived the next day, fitted first time and the bike runs smoothly again. Clear prices and honest stock numbers.';

/**
 * Loads and inspects the bench's rows: customers with live sessions, then a catalogue that
 * grows to a given number of products, reviews and orders.
 * @param {ShopDatabase} shop
 * @param {string} image  the public path every product and review shows
 */
export function createLoader(shop, image) {
  const { db } = shop;
  const pick = random(20_240_601);
  /** @type {string[]} */
  const productIds = [];
  /** @type {Array<{ id: string, email: string, name: string, token: string }>} */
  const customers = [];
  let reviews = 0;
  let orders = 0;
  /** @type {Array<{ id: string, make: string, model: string, yearFrom: number, yearTo: number }>} */
  const vehicles = [];
  let fitmentRows = 0;
  /** @type {Map<string, string> | undefined} */
  let categoryIds;
  const ensureCategories = async () => {
    if (categoryIds) return categoryIds;
    const stamp = new Date().toISOString();
    categoryIds = new Map(BENCH_CATEGORIES.map((name) => [name, newId()]));
    await db
      .insertInto('categories')
      .values(BENCH_CATEGORIES.map((name) => ({ id: /** @type {string} */ (categoryIds?.get(name)), name, name_key: name.toLowerCase(), created_at: stamp })))
      .execute();
    return categoryIds;
  };

  /**
   * The bike rows of one part: 0 to MAX_BIKES_PER_PART distinct bench bikes, one in ten with narrower years.
   * @param {string} productId
   */
  const fitmentOf = (productId) => {
    const count = Math.floor(pick() * (MAX_BIKES_PER_PART + 1));
    const chosen = new Set();
    while (chosen.size < count) chosen.add(Math.floor(pick() * vehicles.length));
    return [...chosen].map((index) => {
      const vehicle = /** @type {typeof vehicles[number]} */ (vehicles[index]);
      const narrower = pick() < 0.1;
      return {
        product_id: productId,
        vehicle_id: vehicle.id,
        year_from: narrower ? vehicle.yearFrom + 1 : null,
        year_to: null,
        note: '',
      };
    });
  };

  /**
   * An order of `productId` (1 to 4 pieces at a random price) by the customer at `position`,
   * with the status and times `state` gives it for its id.
   * @param {number} position
   * @param {string} productId
   * @param {(id: string) => Record<string, unknown>} state
   */
  const benchOrder = (position, productId, state) => {
    const id = newId();
    const customer = /** @type {typeof customers[number]} */ (customers[position % customers.length]);
    const quantity = 1 + Math.floor(pick() * 4);
    const unitPrice = 500 + Math.floor(pick() * 40_000);
    return {
      id,
      user_id: customer.id,
      product_id: productId,
      customer_name: customer.name,
      email: customer.email,
      tool_name: 'Bench part',
      unit_price_cents: unitPrice,
      quantity,
      total_cents: unitPrice * quantity,
      location: 'Bench street 1',
      phone: '+44 7700 900000',
      ...state(id),
    };
  };

  return {
    productIds,
    customers,
    vehicles,
    /** How many fitment rows the generated catalogue holds. */
    fitmentRows: () => fitmentRows,

    /** The bench's bikes, VEHICLES of them over the makes, each made for 5 to 20 years between 1995 and 2024. */
    async addVehicles() {
      const stamp = new Date().toISOString();
      for (let index = 0; index < VEHICLES; index++) {
        const make = /** @type {string} */ (MAKES[index % MAKES.length]);
        const yearFrom = 1995 + Math.floor(pick() * 15);
        vehicles.push({ id: newId(), make, model: `Bench ${400 + index * 10}`, yearFrom, yearTo: Math.min(2024, yearFrom + 5 + Math.floor(pick() * 15)) });
      }
      await insertRows(db, 'vehicles', vehicles.length, (index) => {
        const vehicle = /** @type {typeof vehicles[number]} */ (vehicles[index]);
        return {
          id: vehicle.id,
          make: vehicle.make,
          make_key: vehicle.make.toLowerCase(),
          model: vehicle.model,
          model_key: vehicle.model.toLowerCase(),
          year_from: vehicle.yearFrom,
          year_to: vehicle.yearTo,
          cc: 125 + Math.floor(pick() * 1100),
          created_at: stamp,
        };
      });
    },

    /**
     * A products file and a fitment file of `count` new parts (part numbers IMP-1…) with
     * MAX_BIKES_PER_PART / 2 bike rows each on average (50,000 at most), as an admin would import them.
     * @param {number} count
     */
    importFiles(count) {
      const products = ['name,decreption,price,quantity,minimum,category,brand,partNumber,oemNumbers,img'];
      const fitment = ['partNumber,make,model,yearFrom,yearTo,note'];
      for (let number = 1; number <= count; number++) {
        const [part, category] = /** @type {[string, string]} */ (PARTS[number % PARTS.length]);
        const brand = /** @type {string} */ (BENCH_BRANDS[Math.floor(pick() * BENCH_BRANDS.length)]);
        const words = Array.from({ length: 18 + Math.floor(pick() * 12) }, () => WORDS[Math.floor(pick() * WORDS.length)]);
        const partNumber = `IMP-${number}`;
        const price = (5 + pick() * 400).toFixed(2);
        products.push([`${brand} ${part} imported ${number}`, words.join(' '), price, 20 + Math.floor(pick() * 500), 1, category, brand, partNumber, '', ''].join(','));
        // The import takes at most 50,000 fitment rows a file (IMPORT_MAX_ROWS).
        for (const row of fitmentOf(partNumber).slice(0, Math.max(0, 50_001 - fitment.length))) {
          const vehicle = /** @type {typeof vehicles[number]} */ (vehicles.find((bike) => bike.id === row.vehicle_id));
          fitment.push([partNumber, vehicle.make, vehicle.model, row.year_from ?? '', '', ''].join(','));
        }
      }
      return { products: `${products.join('\r\n')}\r\n`, fitment: `${fitment.join('\r\n')}\r\n`, fitmentRows: fitment.length - 1 };
    },

    /** An admin with a live session, for the import; the bearer token is the raw session token. */
    async addAdmin() {
      const id = newId();
      const stamp = new Date().toISOString();
      const token = randomBytes(24).toString('base64url');
      await db
        .insertInto('users')
        .values({ id, name: 'Bench Admin', email: `admin-${id}@bench.example`, email_verified: sql`false`, image: null, created_at: stamp, updated_at: stamp, role: 'admin', phone: null })
        .execute();
      await db
        .insertInto('sessions')
        .values({ id: newId(), token, user_id: id, expires_at: new Date(Date.now() + SESSION_TTL_MS).toISOString(), created_at: stamp, updated_at: stamp, ip_address: null, user_agent: null })
        .execute();
      return token;
    },

    /**
     * Customers with a live session each, written straight into the database like the
     * server's test factories do; the bearer token is the raw session token.
     * @param {number} count
     */
    async addCustomers(count) {
      const now = new Date();
      const stamp = now.toISOString();
      const fresh = Array.from({ length: count }, (_, index) => {
        const id = newId();
        const number = customers.length + index + 1;
        return { id, email: `customer${number}-${id}@bench.example`, name: `Bench Customer ${number}`, token: randomBytes(24).toString('base64url') };
      });
      await insertRows(db, 'users', fresh.length, (index) => {
        const customer = /** @type {typeof fresh[number]} */ (fresh[index]);
        return {
          id: customer.id,
          name: customer.name,
          email: customer.email,
          email_verified: sql`false`,
          image: null,
          created_at: stamp,
          updated_at: stamp,
          role: 'user',
          phone: null,
        };
      });
      await insertRows(db, 'sessions', fresh.length, (index) => {
        const customer = /** @type {typeof fresh[number]} */ (fresh[index]);
        return {
          id: newId(),
          token: customer.token,
          user_id: customer.id,
          expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
          created_at: stamp,
          updated_at: stamp,
          ip_address: null,
          user_agent: null,
        };
      });
      customers.push(...fresh);
    },

    /**
     * Adds `count` generated products (with their fitment).
     * @param {number} count
     */
    async addProducts(count) {
      const stamp = new Date().toISOString();
      const firstProduct = productIds.length;
      const categories = await ensureCategories();
      await insertRows(db, 'products', Math.max(0, count), (index) => {
        const number = firstProduct + index + 1;
        const id = newId();
        productIds.push(id);
        const [part, category] = /** @type {[string, string]} */ (PARTS[number % PARTS.length]);
        const brand = /** @type {string} */ (BENCH_BRANDS[Math.floor(pick() * BENCH_BRANDS.length)]);
        const partNumber = benchPartNumber(number);
        const words = Array.from({ length: 18 + Math.floor(pick() * 12) }, () => WORDS[Math.floor(pick() * WORDS.length)]);
        return {
          id,
          name: `${brand} ${part} ${number}`,
          description: words.join(' '),
          category_id: categories.get(category),
          brand,
          part_number: partNumber,
          // As the shop writes it (@shop/shared's partNumberKey): the quick order and the import match on it.
          part_number_key: partNumber.replace(/[^A-Za-z0-9]/g, '').toUpperCase(),
          oem_numbers: JSON.stringify(pick() < 0.5 ? [`${15_000 + number}-B${number % 97}-00`] : []),
          price_cents: 500 + Math.floor(pick() * 40_000),
          quantity: 20 + Math.floor(pick() * 500),
          minimum: 1 + Math.floor(pick() * 5),
          img: image,
          universal: pick() < UNIVERSAL_SHARE ? 1 : 0,
          created_at: stamp,
          updated_at: stamp,
        };
      });
      const catalogue = productIds.slice();
      if (vehicles.length === 0) throw new Error('add vehicles before products');
      const fitment = catalogue.slice(firstProduct).flatMap((productId) => fitmentOf(productId));
      await insertRows(db, 'fitment', fitment.length, (index) => fitment[index]);
      fitmentRows += fitment.length;
    },

    /**
     * Adds products, then reviews, then orders (paid, of random catalogue products by the
     * customers) until there are `size` of each.
     * @param {number} size
     */
    async growTo(size) {
      if (customers.length === 0) throw new Error('add customers before orders');
      const stamp = new Date().toISOString();
      await this.addProducts(size - productIds.length);
      const catalogue = productIds.slice();

      await insertRows(db, 'reviews', Math.max(0, size - reviews), (index) => ({
        id: newId(),
        user_id: null,
        name: `Reviewer ${reviews + index + 1}`,
        email: `reviewer${reviews + index + 1}@bench.example`,
        review: REVIEW,
        ratings: 1 + Math.floor(pick() * 5),
        img: image,
        created_at: stamp,
      }));
      reviews = Math.max(reviews, size);

      await insertOrders(db, Math.max(0, size - orders), (index) =>
        benchOrder(orders + index, /** @type {string} */ (catalogue[Math.floor(pick() * catalogue.length)]), (id) => ({
          status: 'paid',
          transaction_id: `bench_${id}`,
          created_at: stamp,
          updated_at: stamp,
          paid_at: stamp,
          shipped_at: null,
          cancelled_at: null,
        })),
      );
      orders = Math.max(orders, size);
    },

    /**
     * Adds `count` orders of the catalogue placed over the `days` days before today, as a shop's
     * history: most shipped, some paid, cancelled (unpaid) or refunded (a day after payment);
     * a few parts sell far more than most. The sales and status tables are then counted again from all orders.
     * @param {number} count
     * @param {number} days
     * @param {() => Promise<void>} recountSales  the migrations' count of existing orders into the empty sales and status tables
     */
    async addOrderHistory(count, days, recountSales) {
      if (customers.length === 0 || productIds.length === 0) throw new Error('add customers and products before an order history');
      const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
      const dayMs = 24 * 60 * 60 * 1000;
      const at = (/** @type {number} */ ms) => new Date(ms).toISOString();
      await insertOrders(db, count, (index) =>
        benchOrder(orders + index, /** @type {string} */ (productIds[Math.floor(pick() ** 2 * productIds.length)]), (id) => {
          const placedAt = today - days * dayMs + Math.floor(pick() * days * dayMs);
          const roll = pick();
          // None still waits for payment: an order left unpaid for an hour is cancelled.
          const status = roll < 0.09 ? 'cancelled' : roll < 0.12 ? 'refunded' : roll < 0.2 ? 'paid' : 'shipped';
          const paidAt = status === 'cancelled' ? null : placedAt + 10 * 60 * 1000;
          return {
            status,
            transaction_id: paidAt === null ? null : `bench_${id}`,
            created_at: at(placedAt),
            updated_at: at(placedAt),
            paid_at: paidAt === null ? null : at(paidAt),
            shipped_at: status === 'shipped' ? at(placedAt + dayMs) : null,
            cancelled_at: status === 'cancelled' ? at(placedAt + 30 * 60 * 1000) : null,
            refunded_at: status === 'refunded' && paidAt !== null ? at(paidAt + dayMs) : null,
          };
        }),
      );
      orders += count;
      await db.deleteFrom('sales_part_days').execute();
      await db.deleteFrom('sales_days').execute();
      await db.deleteFrom('order_status_days').execute();
      await recountSales();
    },

    /**
     * A product outside the generated catalogue, for order runs.
     * @param {{ quantity: number, minimum: number, name: string }} product
     */
    async addStockProduct({ quantity, minimum, name }) {
      const id = newId();
      const stamp = new Date().toISOString();
      await db
        .insertInto('products')
        .values({ id, name, description: DESCRIPTION, price_cents: 1999, quantity, minimum, img: image, created_at: stamp, updated_at: stamp })
        .execute();
      return id;
    },

    /**
     * The stock of these products, their order rows, and the checkouts among those rows that do
     * not hold one line of each product (a half checkout).
     * @param {string[]} productIds
     */
    async checkoutState(productIds) {
      const stock = await db.selectFrom('products').select(['id', 'quantity']).where('id', 'in', productIds).execute();
      const rows = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('product_id', 'in', productIds)
        .executeTakeFirstOrThrow();
      // A checkout's lines share its purchase (migration 026: a one-part purchase shares its
      // order's id); before that, its checkout_id (migration 018), which an A/B may measure.
      const columns = (await db.introspection.getTables()).find((table) => table.name === 'orders')?.columns.map((column) => column.name) ?? [];
      const byPurchase = columns.includes('purchase_id');
      const group = byPurchase ? 'purchase_id' : 'checkout_id';
      const partial = await /** @type {import('kysely').Kysely<any>} */ (db)
        .selectFrom('orders')
        .select(group)
        .where('product_id', 'in', productIds)
        .where((eb) => (byPurchase ? eb('purchase_id', '<>', eb.ref('id')) : eb('checkout_id', 'is not', null)))
        .groupBy(group)
        .having((eb) => eb.fn.countAll(), '<>', productIds.length)
        .execute();
      return {
        stock: Object.fromEntries(stock.map((row) => [row.id, Number(row.quantity)])),
        orderRows: Number(rows.count),
        halfCheckouts: partial.length,
      };
    },

    /** The stock of one product and how many orders it has. @param {string} productId */
    async stockAndOrders(productId) {
      const product = await db.selectFrom('products').select('quantity').where('id', '=', productId).executeTakeFirstOrThrow();
      const row = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow();
      return { stock: Number(product.quantity), orders: Number(row.count) };
    },

    /**
     * The state a database reaches after a quiet moment: on PostgreSQL the statistics and
     * visibility map autovacuum would have made; on SQLite the write-ahead log checkpointed.
     */
    async settle() {
      // The rows were loaded, not changed while a server ran: no instance needs their change log.
      await db.deleteFrom('catalogue_changes').execute();
      if (shop.dialect === 'postgres') await sql`vacuum analyze products, fitment, vehicles, catalogue_changes, reviews, orders, users, sessions, sales_days, sales_part_days`.execute(db);
      else await sql`pragma wal_checkpoint(truncate)`.execute(db);
    },
  };
}
