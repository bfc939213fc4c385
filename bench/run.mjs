// @ts-check
/**
 * `npm run bench`: the shop's API on SQLite (and PostgreSQL when BENCH_DATABASE_URL is set)
 * beside a bare node:http ceiling, as the catalogue grows, under concurrent orders, and its
 * pages in Lighthouse. Every database, folder and process it uses is its own and is removed
 * at the end, also after a failure or Ctrl-C. Results: the console and docs/benchmarks.md.
 *
 *   npm run bench [-- --quick]
 *   npm run bench -- --only=PART --ab=<commit> [--rounds=3] [--quick]   (this code beside another commit's, in turns)
 *   npm run bench -- --only=quote   (POST /api/quote at 100 and 10,000 parts beside its ceiling)
 *   npm run bench -- --only=payments   (payment confirmations issuing invoices, and the invoice PDF beside its ceiling)
 *   npm run bench -- --only=kits   (a bike's service kit at 100 and 10,000 parts beside GET /api/health and its ceiling)
 *   npm run bench -- --only=reminders   (the daily service reminder round over 100,000 garage bikes beside a bare scan of them)
 *   npm run bench -- --only=workshop   (the catalogue page for workshop accounts beside the anonymous one, and a quick order of 100 lines)
 *   npm run bench -- --only=stock   (orders and checkouts with the stock movements' triggers beside a twin database without them, in turns)
 *   npm run bench -- --only=render [--quick]   (the server-rendered part page and home beside the ceiling, and the four storefront pages in Lighthouse)
 *   BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/postgres npm run bench
 *   (PostgreSQL adds one, two and three instances on CPU quotas behind HAProxy, which needs Debian's haproxy)
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cleanupAll, cleanupOnSignals, isStopping, onCleanup } from './lib/cleanup.mjs';
import { openFreshDatabase, postgresDatabase, postgresVersion, sqliteDatabase, writeBenchImage } from './lib/data.mjs';
import { countExistingOrders } from './lib/server-code.mjs';
import { writeResults } from './lib/docs.mjs';
import { measurePages, productImageSizes } from './lib/lighthouse.mjs';
import { measureImportLoad } from './lib/import-load.mjs';
import { BENCH_CATEGORIES, createLoader } from './lib/loader.mjs';
import { CHECKOUT_LINES, describeMachine, LATENCY_CONNECTIONS, renderPricedRatios, renderResults } from './lib/report.mjs';
import { measurePayments, renderPayments } from './lib/payments.mjs';
import { measureQuote, preparePricing, QUOTE_SIZES, renderQuote } from './lib/quote.mjs';
import { codeFingerprint, describeRevision } from './lib/revision.mjs';
import { runAb } from './lib/ab.mjs';
import { buildWebApp, ROOT, startServer } from './lib/server.mjs';
import { startBalancer } from './lib/balancer.mjs';
import { cpuQuotaUnavailable } from './lib/cpu-quota.mjs';
import { cpuMeter, inProcessDatabase, postgresCpu } from './lib/cpu.mjs';
import { checkPricedCheckout, measureAgainstCeiling, measureBikeFilter, measureCheckouts, measureGrowth, measureImport, measureInstances, measureOrders, measureSales, measureSearch } from './lib/suites.mjs';
import { measureSearchDepth } from './lib/search-depth.mjs';
import { benchReminders, REMINDER_BIKES, renderReminders } from './lib/reminders.mjs';
import { KIT_SIZES, measureServiceKit, prepareServiceKit, renderServiceKit } from './lib/service-kit.mjs';
import { measureWorkshop, prepareWorkshops, renderWorkshop } from './lib/workshop.mjs';
import { dropStockTriggers, measureStock, renderStock } from './lib/stock.mjs';
import { measureRender, renderStorefront } from './lib/render.mjs';

/** Catalogue sizes; products, reviews and orders each grow to this many rows. */
const SIZES = [100, 10_000, 100_000];
/** The size at which calls are measured beside the ceiling and orders are placed. */
const MAIN_SIZE = 10_000;
const CUSTOMERS = 200;
const ORDER_STOCK = 20_000;
/** The parts the paid purchases buy, each in turn. */
const PAYMENT_PARTS = 10;
/** The scale-out setups, and the CPU each instance is allowed (a small machine of its own). */
const SCALE_OUT_INSTANCES = [1, 2, 3];
const INSTANCE_CPUS = 0.25;
/** The parts of the catalogue import, after the largest size (with 5 fitment rows each on average). */
const IMPORT_PRODUCTS = 10_000;
/** The sales calls are measured with this many orders, placed over the last SALES_HISTORY_DAYS days, in a database of their own. */
const SALES_ORDERS = [10_000, 1_000_000];
const SALES_HISTORY_DAYS = 730;
/** The storefront's pages in Lighthouse, a search's, and one part's page (its id is known once the demo is seeded). */
const PAGES = ['/', '/allproducts', '/search?q=brake'];

/** About 10 minutes on 2 cores. @type {import('./lib/report.mjs').Settings} */
const FULL = {
  quick: false,
  connections: 100,
  serverWarmupSeconds: 3,
  warmupSeconds: 2,
  seconds: 10,
  turns: 2,
  growthWarmupSeconds: 1,
  growthSeconds: 5,
  orderSeconds: 10,
  checkoutRounds: 5,
  // Two sizes on each database in the growth loop, about 7.5 s each with the ceiling: about 30 s of the full run.
  quoteSeconds: 2,
  paymentRounds: 5,
  lighthouseRuns: 3,
};
/** About 4 minutes. @type {import('./lib/report.mjs').Settings} */
const QUICK = { ...FULL, quick: true, serverWarmupSeconds: 2, warmupSeconds: 1, seconds: 3, turns: 1, growthSeconds: 2, orderSeconds: 3, checkoutRounds: 3, quoteSeconds: 1, paymentRounds: 2, lighthouseRuns: 1 };

const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    json: { type: 'string' },
    ab: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    help: { type: 'boolean', default: false },
  },
});
if (flags.help) {
  console.log(
    'npm run bench [-- --quick] [-- --only=api|sales|scale-out|pages|orders|search|quote|payments|kits|reminders|workshop|stock|render] [-- --json=FILE]\n--only measures one part and prints it without writing docs/benchmarks.md; --json also writes the results as JSON.\n' +
      '--only=orders: orders and checkouts (plain, and in turns with them priced with delivery, tax and a discount code) at the main catalogue size, nothing else; --only=search: the search\'s golden queries at the largest size, nothing else;\n' +
      '--only=reminders: the daily service reminder round over 100,000 garage bikes (time, peak memory, emails queued) beside a bare keyset scan of the same bikes and their readings, each pass in a process of its own.\n' +
      '--only=kits: GET /api/vehicles/{id}/service-kit (a kit of five lines, one out of stock) at 100 and 10,000 parts beside GET /api/health and its ceiling, nothing else.\n' +
      '--only=workshop: at 10,000 parts, GET /api/products pages for workshop accounts (their trade prices) beside the same pages anonymously in the same run, and POST /api/cart/quick of 100 lines, nothing else.\n' +
      '--only=stock: orders and checkouts on a database as migrated (stock movements written by triggers) beside a twin without the two products triggers, in turns in the same run, and their ratio, nothing else.\n' +
      '--only=render: at 10,000 parts, the server-rendered part page and / beside the ceiling answering the same bytes (as visitors get them through the response cache, rendered each request with the answers cached, and rendered each request with the caches off), then /, /allproducts, a search and a part page in Lighthouse with the first page\'s JS; with --ab=COMMIT --rounds=3, both A/B in one session (code without a server render: its render rows \'not measured\').\n' +
      '--only=quote: POST /api/quote at 100 and 10,000 parts beside its ceiling, nothing else. With --ab, a commit without the quote (or without delivery, tax and discount codes, for the priced checkouts) is measured as far as it goes and its rows say \'not measured\' with why.\n' +
      '--only=payments: purchases paid as the payment page pays in test mode, the confirming PATCH (which issues the invoice) timed 50 at once, then checked paid with one invoice each numbered without gaps; and the invoice PDF downloaded by its owners beside its ceiling. With --ab, a commit without invoices has its confirmations measured and its download \'not measured\'.\n' +
      '--ab=COMMIT [--rounds=N] [--quick]: the part (--only) measured N times for this code and N times for COMMIT (built in a worktree, measured by this bench), in turns (A B, B A, ...): medians, their ratio and the spread of each side.\n' +
      'BENCH_DATABASE_URL=postgres://... (a role that may create databases) adds the PostgreSQL rows, and one, two and three instances under a CPU quota each behind HAProxy (apt-get install haproxy; cgroup v1 cpu controller, as root).',
  );
  process.exit(0);
}
const settings = flags.quick ? QUICK : FULL;
const PARTS = ['api', 'sales', 'scale-out', 'pages', 'orders', 'search', 'quote', 'payments', 'kits', 'reminders', 'workshop', 'stock', 'render'];
if (flags.only !== undefined && !PARTS.includes(flags.only)) {
  console.error(`--only takes ${PARTS.join(', ')}, not ${flags.only}`);
  process.exit(2);
}
if (flags.ab !== undefined && flags.only === undefined) {
  console.error('--ab needs --only=PART: the part to compare');
  process.exit(2);
}
const runs = (/** @type {'api' | 'sales' | 'scale-out' | 'pages' | 'orders' | 'search' | 'quote' | 'payments' | 'kits' | 'reminders' | 'workshop' | 'stock'} */ part) => flags.only === undefined || flags.only === part;

/** @param {string} text */
const step = (text) => console.log(`\n${text}`);
const number = (/** @type {number} */ value) => value.toLocaleString('en-GB');

const revision = { ...describeRevision(), fingerprint: codeFingerprint(), changedDuringRun: false };

/** The parts that failed, by name, with why: reported with the results. @type {Record<string, string>} */
const failures = {};
/** What the code measured cannot give (a call it does not have), by name, with why: read by --ab. @type {Record<string, string>} */
const notMeasured = {};
/**
 * Runs one part of the bench; a failure is reported with the results instead of losing them.
 * @template T
 * @param {string} name
 * @param {() => Promise<T>} part
 */
const attempt = async (name, part) => {
  try {
    return await part();
  } catch (error) {
    if (isStopping()) throw error;
    failures[name] = error instanceof Error ? error.message : String(error);
    console.error(`  ${name} failed: ${failures[name]}`);
    return undefined;
  }
};

/**
 * Starts the server, noting when its code on disk is no longer what the run began with.
 * @param {Parameters<typeof startServer>[0]} options
 */
function startShop(options) {
  if (!revision.changedDuringRun && codeFingerprint() !== revision.fingerprint) {
    revision.changedDuringRun = true;
    console.warn('  note: the server code changed on disk since the run began; what follows measures the newer code');
  }
  return startServer(options);
}

/**
 * A fresh database with the bench's customers (with live sessions), bikes and an admin, and how
 * its CPU is read (`cpu.mjs`).
 * @param {import('./lib/data.mjs').BenchDatabase} target
 * @param {string} dataDir
 */
async function openLoadedDatabase(target, dataDir) {
  mkdirSync(dataDir, { recursive: true });
  const { shop, close } = await openFreshDatabase(target);
  const loader = createLoader(shop, await writeBenchImage(dataDir));
  await loader.addCustomers(CUSTOMERS);
  await loader.addVehicles();
  const databaseCpu = target.config.dialect === 'postgres' ? await postgresCpu(target.url) : inProcessDatabase();
  return {
    shop,
    async close() {
      await databaseCpu.close();
      await close();
    },
    loader,
    adminToken: await loader.addAdmin(),
    databaseCpu,
  };
}

/**
 * The CPU of these servers and of the database, per request of a measurement.
 * @param {Array<{ pid: number | undefined }>} servers
 * @param {import('./lib/cpu.mjs').DatabaseCpu} database
 */
const meterOf = (servers, database) => cpuMeter({ pids: () => servers.map((server) => server.pid), database });

/**
 * Checkouts as SPEC-2 sends them and, in turns with them on parts of their own, checkouts naming
 * an address, the Express method and a discount code (issue 33: priced within 15 % of plain),
 * once a first priced checkout is seen charged them; code that cannot price them (no `pricing`,
 * or the check fails: a failed part, said with why) still measures the plain ones.
 * @param {string} origin
 * @param {{ loader: ReturnType<typeof createLoader>, label: string, plain: { productIds: string[], warmupProductIds: string[] }, priced: { productIds: string[], warmupProductIds: string[] }, pricing: import('./lib/quote.mjs').Pricing | undefined }} target
 * @param {import('./lib/cpu.mjs').CpuMeter} meter
 */
async function checkoutsPlainAndPriced(origin, { loader, label, plain, priced, pricing }, meter) {
  const checked = pricing && (await attempt(`${label} priced checkouts`, () => checkPricedCheckout(origin, loader, { ...priced, pricing })));
  const [checkouts, pricedCheckouts] = await measureCheckouts(origin, { loader, kinds: checked ? [plain, checked] : [plain] }, settings, meter);
  if (!checkouts) throw new Error('no checkouts measured');
  return { checkouts, pricedCheckouts };
}

/**
 * Loads, starts and measures one database through the catalogue sizes.
 * @param {import('./lib/data.mjs').BenchDatabase} target
 * @param {{ dataDir: string, webDistDir: string }} where
 * @returns {Promise<import('./lib/report.mjs').DatabaseResults>}
 */
async function benchDatabase(target, { dataDir, webDistDir }) {
  const { shop, close, loader, adminToken, databaseCpu } = await openLoadedDatabase(target, dataDir);
  /** Delivery, tax and a code (priced rows), put in place once the first server runs; undefined when the code measured cannot. @type {import('./lib/quote.mjs').Pricing | undefined} */
  let pricing;
  /** @type {import('./lib/quote.mjs').QuoteStage[]} */
  const quote = [];
  /** @type {import('./lib/service-kit.mjs').KitStage[]} */
  const serviceKit = [];
  /** The bike's kit, given at the first size it is measured at. @type {import('./lib/service-kit.mjs').KitTarget | undefined} */
  let kit;
  const [vehicle] = loader.vehicles;
  if (!vehicle) throw new Error('the bench has no bikes');
  const year = Math.round((vehicle.yearFrom + vehicle.yearTo) / 2);
  const bike = { id: vehicle.id, year, name: `${year} ${vehicle.make} ${vehicle.model}` };

  /**
   * The checkouts' parts: the third line's part has stock for all but half a round of the
   * customers, so the last round is partly refused; the others, and the warm-up's, plenty.
   * @param {number} rounds
   * @param {string} name  'Bench checkout', or the priced checkouts' own
   */
  const checkoutParts = async (rounds, name) => {
    const stockOf = (/** @type {number} */ index) => (index === 2 ? (CHECKOUT_LINES[index] ?? 1) * Math.round(CUSTOMERS * (rounds - 0.5)) : 1_000_000);
    const add = (/** @type {string} */ part) => Promise.all(CHECKOUT_LINES.map((_, index) => loader.addStockProduct({ name: `${part} ${index + 1}`, quantity: stockOf(index), minimum: 1 })));
    return { productIds: await add(`${name} part`), warmupProductIds: await add(`${name} warm-up part`) };
  };

  /** @type {import('./lib/report.mjs').GrowthStage[]} */
  const growth = [];
  /** @type {string[]} */
  const serverErrors = [];
  /** @type {Pick<import('./lib/report.mjs').DatabaseResults, 'api' | 'orders' | 'checkouts' | 'pricedCheckouts'> | undefined} */
  let main;
  for (const size of SIZES) {
    const started = performance.now();
    await loader.growTo(size);
    const orderProducts =
      size === MAIN_SIZE
        ? {
            productId: await loader.addStockProduct({ name: 'Bench limited part', quantity: ORDER_STOCK, minimum: 1 }),
            warmupProductId: await loader.addStockProduct({ name: 'Bench warm-up part', quantity: 1_000_000, minimum: 1 }),
            checkout: await checkoutParts(settings.checkoutRounds, 'Bench checkout'),
            pricedCheckout: await checkoutParts(settings.checkoutRounds, 'Bench priced checkout'),
          }
        : undefined;
    await loader.settle();
    step(`${target.label}, ${number(size)} products, reviews and orders, ${number(loader.fitmentRows())} fitment rows (loaded in ${((performance.now() - started) / 1000).toFixed(1)} s)`);

    // Growth is what a request costs the database at this size, so the server's caches are off.
    const uncached = await startShop({ dataDir, databaseUrl: target.url, webDistDir, publicCacheMs: 0 });
    try {
      const calls = await measureGrowth(uncached.url, settings);
      const search = await measureSearch(uncached.url, settings, uncached.residentBytes, meterOf([uncached], databaseCpu));
      const bikeCalls = await measureBikeFilter(uncached.url, bike, settings);
      if (QUOTE_SIZES.includes(size)) {
        pricing ??= await attempt(`${target.label} pricing`, () => preparePricing(uncached.url, adminToken));
        const priced = pricing;
        const stage = priced && (await attempt(`${target.label} quote at ${number(size)}`, () => measureQuote(uncached.url, { productIds: loader.productIds, pricing: priced, size, connections: LATENCY_CONNECTIONS }, settings, meterOf([uncached], databaseCpu))));
        if (stage) quote.push(stage);
      }
      if (KIT_SIZES.includes(size)) {
        kit ??= await attempt(`${target.label} service kit`, () => prepareServiceKit(uncached.url, { db: shop.db, vehicle, adminToken }));
        const given = kit;
        const stage = given && (await attempt(`${target.label} service kit at ${number(size)}`, () => measureServiceKit(uncached.url, { kit: given, size, connections: LATENCY_CONNECTIONS }, settings, meterOf([uncached], databaseCpu))));
        if (stage) serviceKit.push(stage);
      }
      const searchDepth = size === SIZES.at(-1) ? await measureSearchDepth(uncached.url, settings) : undefined;
      growth.push({
        size,
        fitmentRows: loader.fitmentRows(),
        calls,
        search: search.calls,
        searchCeiling: search.ceiling,
        bike: bikeCalls,
        residentBytes: search.residentBytes,
        ...(searchDepth ? { searchDepth } : {}),
      });
    } finally {
      await uncached.stop();
      for (const message of uncached.errors()) serverErrors.push(`${number(size)} rows, caches off: ${message}`);
    }
    if (!orderProducts) continue;

    // Beside the ceiling and for orders: the server as it runs in production.
    const server = await startShop({ dataDir, databaseUrl: target.url, webDistDir });
    try {
      const middle = /** @type {string} */ (loader.productIds[Math.floor(loader.productIds.length / 2)]);
      const meter = meterOf([server], databaseCpu);
      const api = await measureAgainstCeiling(server.url, middle, settings, meter);
      const orders = await measureOrders(server.url, { loader, ...orderProducts, stock: ORDER_STOCK }, settings, meter);
      const { checkouts, pricedCheckouts } = await checkoutsPlainAndPriced(server.url, { loader, label: target.label, plain: orderProducts.checkout, priced: orderProducts.pricedCheckout, pricing }, meter);
      main = { api, orders, checkouts, ...(pricedCheckouts ? { pricedCheckouts } : {}) };
    } finally {
      await server.stop();
      for (const message of server.errors()) serverErrors.push(`${number(size)} rows: ${message}`);
    }
  }

  // A catalogue import into the largest catalogue while customers browse it, on the server as it runs in production.
  step(`${target.label}, importing ${number(IMPORT_PRODUCTS)} parts into ${number(loader.productIds.length)}`);
  const server = await startShop({ dataDir, databaseUrl: target.url, webDistDir });
  /** @type {import('./lib/report.mjs').ImportResult} */
  let imported;
  /** @type {import('./lib/import-load.mjs').ImportLoad} */
  let importLoad;
  try {
    imported = await measureImport(server.url, { loader, adminToken, products: IMPORT_PRODUCTS });
    importLoad = await measureImportLoad(server.url, { loader, adminToken, category: /** @type {string} */ (BENCH_CATEGORIES[0]) });
  } finally {
    await server.stop();
    for (const message of server.errors()) serverErrors.push(`import: ${message}`);
  }
  await close();
  if (!main) throw new Error(`MAIN_SIZE ${MAIN_SIZE} is not one of the sizes`);
  return { database: target.label, mainSize: MAIN_SIZE, growth, serverErrors, ...main, quote, serviceKit, bike: bike.name, import: imported, importLoad, sales: [], databaseCpu: databaseCpu.method };
}

/**
 * Orders and checkouts alone, on a database of their own with MAIN_SIZE parts: the same
 * measurements as beside the ceiling (the priced checkouts too), in a fraction of the time, for A/B runs.
 * @param {import('./lib/data.mjs').BenchDatabase} target
 * @param {{ dataDir: string, webDistDir: string }} where
 * @returns {Promise<Pick<import('./lib/report.mjs').DatabaseResults, 'database' | 'orders' | 'checkouts' | 'pricedCheckouts' | 'serverErrors' | 'databaseCpu'>>}
 */
async function benchOrders(target, { dataDir, webDistDir }) {
  const { close, loader, adminToken, databaseCpu } = await openLoadedDatabase(target, dataDir);
  try {
    await loader.addProducts(MAIN_SIZE);
    const add = (/** @type {string} */ name, /** @type {(index: number) => number} */ stockOf) =>
      Promise.all(CHECKOUT_LINES.map((_, index) => loader.addStockProduct({ name: `${name} ${index + 1}`, quantity: stockOf(index), minimum: 1 })));
    const scarce = (/** @type {number} */ index) => (index === 2 ? (CHECKOUT_LINES[index] ?? 1) * Math.round(CUSTOMERS * (settings.checkoutRounds - 0.5)) : 1_000_000);
    const checkout = { productIds: await add('Bench checkout part', scarce), warmupProductIds: await add('Bench checkout warm-up part', () => 1_000_000) };
    const pricedCheckout = { productIds: await add('Bench priced checkout part', scarce), warmupProductIds: await add('Bench priced checkout warm-up part', () => 1_000_000) };
    const productId = await loader.addStockProduct({ name: 'Bench limited part', quantity: ORDER_STOCK, minimum: 1 });
    const warmupProductId = await loader.addStockProduct({ name: 'Bench warm-up part', quantity: 1_000_000, minimum: 1 });
    await loader.settle();
    step(`${target.label}, orders and checkouts (${number(MAIN_SIZE)} parts)`);
    const server = await startShop({ dataDir, databaseUrl: target.url, webDistDir });
    try {
      const meter = meterOf([server], databaseCpu);
      // Before anything is measured, so the tax rates' reload falls on no measurement; a code without them still measures the rest.
      const pricing = await attempt(`${target.label} pricing`, () => preparePricing(server.url, adminToken));
      const orders = await measureOrders(server.url, { loader, productId, warmupProductId, stock: ORDER_STOCK }, settings, meter);
      const { checkouts, pricedCheckouts } = await checkoutsPlainAndPriced(server.url, { loader, label: target.label, plain: checkout, priced: pricedCheckout, pricing }, meter);
      return { database: target.label, orders, checkouts, ...(pricedCheckouts ? { pricedCheckouts } : {}), serverErrors: server.errors(), databaseCpu: databaseCpu.method };
    } finally {
      await server.stop();
    }
  } finally {
    await close();
  }
}

/**
 * The quote alone, on a database of its own: QUOTE_SIZES[0] parts (no reviews or orders), measured,
 * then grown to each next size and measured again; the same measurement as in Growth, for A/B runs.
 * @param {import('./lib/data.mjs').BenchDatabase} target
 * @param {{ dataDir: string, webDistDir: string }} where
 * @returns {Promise<Pick<import('./lib/report.mjs').DatabaseResults, 'database' | 'quote' | 'serverErrors' | 'databaseCpu'>>}
 */
async function benchQuote(target, { dataDir, webDistDir }) {
  const { close, loader, adminToken, databaseCpu } = await openLoadedDatabase(target, dataDir);
  /** @type {import('./lib/quote.mjs').QuoteStage[]} */
  const quote = [];
  /** @type {string[]} */
  const serverErrors = [];
  /** @type {import('./lib/quote.mjs').Pricing | undefined} */
  let pricing;
  try {
    for (const size of QUOTE_SIZES) {
      const started = performance.now();
      await loader.addProducts(size - loader.productIds.length);
      await loader.settle();
      step(`${target.label}, quote at ${number(size)} parts (loaded in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
      // As in Growth: what a request costs at this size, so the server's caches are off.
      const server = await startShop({ dataDir, databaseUrl: target.url, webDistDir, publicCacheMs: 0 });
      try {
        pricing ??= await preparePricing(server.url, adminToken);
        quote.push(await measureQuote(server.url, { productIds: loader.productIds, pricing, size, connections: LATENCY_CONNECTIONS }, settings, meterOf([server], databaseCpu)));
      } finally {
        await server.stop();
        for (const message of server.errors()) serverErrors.push(`${number(size)} parts: ${message}`);
      }
    }
    return { database: target.label, quote, serverErrors, databaseCpu: databaseCpu.method };
  } finally {
    await close();
  }
}

/**
 * The service kit alone, on a database of its own: KIT_SIZES[0] parts (no reviews or orders), the
 * first bench bike given a kit, measured, then grown to each next size and measured again; the
 * same measurement as in Growth.
 * @param {import('./lib/data.mjs').BenchDatabase} target
 * @param {{ dataDir: string, webDistDir: string }} where
 * @returns {Promise<Pick<import('./lib/report.mjs').DatabaseResults, 'database' | 'serviceKit' | 'serverErrors' | 'databaseCpu'>>}
 */
async function benchServiceKit(target, { dataDir, webDistDir }) {
  const { shop, close, loader, adminToken, databaseCpu } = await openLoadedDatabase(target, dataDir);
  /** @type {import('./lib/service-kit.mjs').KitStage[]} */
  const serviceKit = [];
  /** @type {string[]} */
  const serverErrors = [];
  /** @type {import('./lib/service-kit.mjs').KitTarget | undefined} */
  let kit;
  const [vehicle] = loader.vehicles;
  if (!vehicle) throw new Error('the bench has no bikes');
  try {
    for (const size of KIT_SIZES) {
      const started = performance.now();
      await loader.addProducts(size - loader.productIds.length);
      await loader.settle();
      step(`${target.label}, service kit at ${number(size)} parts, ${number(loader.fitmentRows())} fitment rows (loaded in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
      // As in Growth: what a request costs at this size, so the server's caches are off.
      const server = await startShop({ dataDir, databaseUrl: target.url, webDistDir, publicCacheMs: 0 });
      try {
        kit ??= await prepareServiceKit(server.url, { db: shop.db, vehicle, adminToken });
        serviceKit.push(await measureServiceKit(server.url, { kit, size, connections: LATENCY_CONNECTIONS }, settings, meterOf([server], databaseCpu)));
      } finally {
        await server.stop();
        for (const message of server.errors()) serverErrors.push(`${number(size)} parts: ${message}`);
      }
    }
    return { database: target.label, serviceKit, serverErrors, databaseCpu: databaseCpu.method };
  } finally {
    await close();
  }
}

/** The catalogue of the stock history's databases: the triggers' cost does not grow with it. */
const STOCK_SIZE = 1_000;

/**
 * The stock history alone: a database as migrated and its twin without the two products triggers
 * that write the movements, each with STOCK_SIZE parts, the bench's customers, a part for the
 * orders and a checkout's parts with stock for all of them; each served by a server of its own,
 * measured in turns.
 * @param {import('./lib/data.mjs').BenchDatabase} target
 * @param {import('./lib/data.mjs').BenchDatabase} twinTarget
 * @param {{ dataDir: string, twinDir: string, webDistDir: string }} where
 * @returns {Promise<Pick<import('./lib/report.mjs').DatabaseResults, 'database' | 'serverErrors' | 'databaseCpu'> & { stock: import('./lib/stock.mjs').StockStage }>}
 */
async function benchStock(target, twinTarget, { dataDir, twinDir, webDistDir }) {
  const opened = [await openLoadedDatabase(target, dataDir), await openLoadedDatabase(twinTarget, twinDir)];
  /** @type {Array<{ stop: () => Promise<void>, errors: () => string[] }>} */
  const servers = [];
  try {
    const sides = [];
    for (const [index, { shop, loader }] of opened.entries()) {
      await loader.addProducts(STOCK_SIZE);
      const productId = await loader.addStockProduct({ name: 'Bench stock part', quantity: 10_000_000, minimum: 1 });
      const checkoutIds = await Promise.all(CHECKOUT_LINES.map((_, line) => loader.addStockProduct({ name: `Bench stock checkout part ${line + 1}`, quantity: 10_000_000, minimum: 1 })));
      await loader.settle();
      const db = /** @type {import('kysely').Kysely<any>} */ (/** @type {unknown} */ (shop.db));
      if (index === 1) await dropStockTriggers(db, twinTarget.config.dialect === 'postgres');
      const server = await startShop({ dataDir: index === 0 ? dataDir : twinDir, databaseUrl: (index === 0 ? target : twinTarget).url, webDistDir });
      servers.push(server);
      sides.push({ origin: server.url, tokens: loader.customers.map((customer) => customer.token), productId, checkoutIds, db });
    }
    step(`${target.label}, stock history (${number(STOCK_SIZE)} parts): with the movements' triggers and without, in turns`);
    const [withSide, without] = sides;
    const stock = await measureStock({ with: /** @type {NonNullable<typeof withSide>} */ (withSide), without: /** @type {NonNullable<typeof without>} */ (without), size: STOCK_SIZE }, settings);
    return { database: target.label, stock, serverErrors: servers.flatMap((server) => server.errors()), databaseCpu: opened[0]?.databaseCpu.method ?? 'none' };
  } finally {
    for (const server of servers) await server.stop();
    for (const { close } of opened) await close();
  }
}

/**
 * Workshops alone, on a database of its own with MAIN_SIZE parts: the catalogue page for workshop
 * accounts beside the anonymous one, in the same run on the same server (caches on, as in
 * production), and a quick order of 100 lines.
 * @param {import('./lib/data.mjs').BenchDatabase} target
 * @param {{ dataDir: string, webDistDir: string }} where
 * @returns {Promise<Pick<import('./lib/report.mjs').DatabaseResults, 'database' | 'serverErrors' | 'databaseCpu'> & { workshop: import('./lib/workshop.mjs').WorkshopStage }>}
 */
async function benchWorkshop(target, { dataDir, webDistDir }) {
  const { shop, close, loader, databaseCpu } = await openLoadedDatabase(target, dataDir);
  try {
    await loader.addProducts(MAIN_SIZE);
    await loader.settle();
    const db = /** @type {import('kysely').Kysely<any>} */ (/** @type {unknown} */ (shop.db));
    const { workshops, customers } = await prepareWorkshops({ db, customers: loader.customers });
    step(`${target.label}, workshops (${number(MAIN_SIZE)} parts, ${workshops.length} workshop accounts)`);
    const server = await startShop({ dataDir, databaseUrl: target.url, webDistDir });
    try {
      const workshop = await measureWorkshop(server.url, { db, workshops, customers, size: MAIN_SIZE, connections: LATENCY_CONNECTIONS }, settings, meterOf([server], databaseCpu));
      return { database: target.label, workshop, serverErrors: server.errors(), databaseCpu: databaseCpu.method };
    } finally {
      await server.stop();
    }
  } finally {
    await close();
  }
}

/**
 * The server-rendered storefront alone, on a database of its own with MAIN_SIZE parts (the API's
 * size beside the ceiling): the part page of the middle part and the home page, on the server as
 * it runs in production, then on one with its caches off (render.mjs).
 * @param {import('./lib/data.mjs').BenchDatabase} target
 * @param {{ dataDir: string, webDistDir: string }} where
 * @returns {Promise<Pick<import('./lib/report.mjs').DatabaseResults, 'database' | 'serverErrors' | 'databaseCpu'> & { render: import('./lib/render.mjs').RenderStage }>}
 */
async function benchRender(target, { dataDir, webDistDir }) {
  const { close, loader, databaseCpu } = await openLoadedDatabase(target, dataDir);
  /** @type {string[]} */
  const serverErrors = [];
  try {
    await loader.addProducts(MAIN_SIZE);
    await loader.settle();
    step(`${target.label}, server-rendered pages (${number(MAIN_SIZE)} parts)`);
    const productId = /** @type {string} */ (loader.productIds[Math.floor(loader.productIds.length / 2)]);
    const start = async (/** @type {{ cachesOff: boolean }} */ { cachesOff }) => {
      const server = await startShop({ dataDir, databaseUrl: target.url, webDistDir, ...(cachesOff ? { publicCacheMs: 0 } : {}) });
      return {
        url: server.url,
        pid: server.pid,
        meter: meterOf([server], databaseCpu),
        async stop() {
          await server.stop();
          serverErrors.push(...server.errors().map((message) => `${cachesOff ? 'caches off' : 'caches on'}: ${message}`));
        },
      };
    };
    const render = await measureRender(start, { productId, size: MAIN_SIZE }, settings);
    return { database: target.label, render, serverErrors, databaseCpu: databaseCpu.method };
  } finally {
    await close();
  }
}

/**
 * Payments and invoices alone, on a database of its own with the bench's customers and the
 * parts they buy: purchases placed, paid (the confirmations measured), checked, and their
 * invoices downloaded, for A/B runs.
 * @param {import('./lib/data.mjs').BenchDatabase} target
 * @param {{ dataDir: string, webDistDir: string }} where
 * @returns {Promise<Pick<import('./lib/report.mjs').DatabaseResults, 'database' | 'payments' | 'serverErrors' | 'databaseCpu'>>}
 */
async function benchPayments(target, { dataDir, webDistDir }) {
  const { shop, close, loader, databaseCpu } = await openLoadedDatabase(target, dataDir);
  try {
    const productIds = await addPaymentParts(loader);
    await loader.settle();
    step(`${target.label}, payments and invoices (${number(CUSTOMERS)} customers)`);
    const server = await startShop({ dataDir, databaseUrl: target.url, webDistDir });
    try {
      const payments = await measurePayments(server.url, paymentTarget(shop, loader, productIds), settings, meterOf([server], databaseCpu));
      noteMissingDownload(target.label, payments);
      return { database: target.label, payments, serverErrors: server.errors(), databaseCpu: databaseCpu.method };
    } finally {
      await server.stop();
    }
  } finally {
    await close();
  }
}

/**
 * The parts the payments' purchases buy, in turn: plenty of stock, so no placement waits on
 * another's stock row. @param {ReturnType<typeof createLoader>} loader
 */
const addPaymentParts = (loader) => Promise.all(Array.from({ length: PAYMENT_PARTS }, (_, index) => loader.addStockProduct({ name: `Bench paid part ${index + 1}`, quantity: 1_000_000, minimum: 1 })));

/**
 * What measurePayments needs: the bench's database handle, its customers, the parts to buy.
 * @param {import('../apps/server/src/db/database.js').ShopDatabase} shop @param {ReturnType<typeof createLoader>} loader @param {string[]} productIds
 */
const paymentTarget = (shop, loader, productIds) => ({
  db: /** @type {import('kysely').Kysely<any>} */ (/** @type {unknown} */ (shop.db)),
  customers: loader.customers,
  productIds,
  connections: LATENCY_CONNECTIONS,
});

/** Code without the invoice download measures the rest; --ab says why its download is missing. @param {string} label @param {{ downloadMissing?: string }} payments */
const noteMissingDownload = (label, { downloadMissing }) => {
  if (downloadMissing) notMeasured[`${label} invoice download`] = downloadMissing;
};

/**
 * The search's golden queries alone, on a database of its own with the largest catalogue
 * (parts and their fitment, no reviews or orders): the same measurement as in Growth, for A/B runs.
 * @param {import('./lib/data.mjs').BenchDatabase} target
 * @param {{ dataDir: string, webDistDir: string }} where
 * @returns {Promise<Pick<import('./lib/report.mjs').DatabaseResults, 'database' | 'growth' | 'serverErrors' | 'databaseCpu'>>}
 */
async function benchSearch(target, { dataDir, webDistDir }) {
  const { close, loader, databaseCpu } = await openLoadedDatabase(target, dataDir);
  const size = /** @type {number} */ (SIZES.at(-1));
  try {
    const started = performance.now();
    await loader.addProducts(size);
    await loader.settle();
    step(`${target.label}, search at ${number(size)} parts, ${number(loader.fitmentRows())} fitment rows (loaded in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
    const server = await startShop({ dataDir, databaseUrl: target.url, webDistDir, publicCacheMs: 0 });
    try {
      const search = await measureSearch(server.url, settings, server.residentBytes, meterOf([server], databaseCpu));
      const growth = [{ size, fitmentRows: loader.fitmentRows(), calls: {}, search: search.calls, searchCeiling: search.ceiling, bike: {}, residentBytes: search.residentBytes }];
      return { database: target.label, growth, serverErrors: server.errors(), databaseCpu: databaseCpu.method };
    } finally {
      await server.stop();
    }
  } finally {
    await close();
  }
}

/**
 * The sales page's calls on a database of their own: MAIN_SIZE parts and an order history of
 * each of SALES_ORDERS orders over SALES_HISTORY_DAYS days.
 * @param {import('./lib/data.mjs').BenchDatabase} target
 * @param {{ dataDir: string, webDistDir: string, serverErrors: string[] }} where
 * @returns {Promise<import('./lib/report.mjs').SalesStage[]>}
 */
async function benchSales(target, { dataDir, webDistDir, serverErrors }) {
  const { shop, close, loader, adminToken } = await openLoadedDatabase(target, dataDir);
  await loader.addProducts(MAIN_SIZE);
  /** @type {import('./lib/report.mjs').SalesStage[]} */
  const stages = [];
  let loaded = 0;
  for (const orders of SALES_ORDERS) {
    const started = performance.now();
    await loader.addOrderHistory(orders - loaded, SALES_HISTORY_DAYS, () => countExistingOrders(/** @type {import('kysely').Kysely<unknown>} */ (/** @type {unknown} */ (shop.db))));
    loaded = orders;
    await loader.settle();
    step(`${target.label}, sales of ${number(orders)} orders over ${SALES_HISTORY_DAYS} days, ${number(MAIN_SIZE)} parts (loaded in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
    const server = await startShop({ dataDir, databaseUrl: target.url, webDistDir });
    try {
      stages.push({ orders, days: SALES_HISTORY_DAYS, products: MAIN_SIZE, calls: await measureSales(server.url, adminToken, settings) });
    } finally {
      await server.stop();
      for (const message of server.errors()) serverErrors.push(`sales at ${number(orders)} orders: ${message}`);
    }
  }
  await close();
  return stages;
}

/**
 * One, two and three instances behind HAProxy (deploy/haproxy.cfg), each in a cgroup of its own
 * allowed INSTANCE_CPUS of a CPU, as if each ran on a small machine of its own; PostgreSQL,
 * HAProxy and the load generator run outside the quotas. On a PostgreSQL database of its own
 * with MAIN_SIZE parts: the catalogue page and orders, each setup ordering a part of its own.
 * @param {import('./lib/data.mjs').BenchDatabase} target
 * @param {{ dataDir: string, webDistDir: string }} where
 * @returns {Promise<import('./lib/report.mjs').ScaleOutResult>}
 */
async function benchScaleOut(target, { dataDir, webDistDir }) {
  const unavailable = cpuQuotaUnavailable();
  if (unavailable) throw new Error(`instances are measured under a CPU quota: ${unavailable}`);
  const { close, loader, databaseCpu } = await openLoadedDatabase(target, dataDir);
  await loader.addProducts(MAIN_SIZE);
  const warmupProductId = await loader.addStockProduct({ name: 'Bench warm-up part', quantity: 1_000_000, minimum: 1 });
  /** @type {Array<{ count: number, target: { productId: string, warmupProductId: string, stock: number, loader: typeof loader } }>} */
  const setups = [];
  for (const count of SCALE_OUT_INSTANCES) {
    const productId = await loader.addStockProduct({ name: `Bench part for ${count} instances`, quantity: ORDER_STOCK, minimum: 1 });
    setups.push({ count, target: { productId, warmupProductId, stock: ORDER_STOCK, loader } });
  }
  await loader.settle();
  /** @type {string[]} */
  const serverErrors = [];
  // Servers sharing a database share the secret their sessions are signed with.
  const shop = { dataDir, databaseUrl: target.url, webDistDir, authSecret: randomBytes(32).toString('base64url'), cpus: INSTANCE_CPUS };
  /** @type {import('./lib/report.mjs').ScaleOutSetup[]} */
  const measured = [];
  try {
    for (const { count, target: part } of setups) {
      step(`${target.label}, ${count} instance${count === 1 ? '' : 's'} of ${INSTANCE_CPUS} CPU behind HAProxy (${number(MAIN_SIZE)} parts)`);
      /** @type {Array<Awaited<ReturnType<typeof startShop>>>} */
      const servers = [];
      try {
        for (let started = 0; started < count; started++) servers.push(await startShop(shop));
        const balancer = await startBalancer(servers.map((server) => server.url));
        try {
          const instancesCpu = () => servers.reduce((sum, server) => sum + (server.cpuSeconds() ?? 0), 0);
          const cpuBefore = instancesCpu();
          const startedAt = performance.now();
          const result = await measureInstances(balancer.url, part, settings, meterOf(servers, databaseCpu));
          // The share of their quota the instances used: near 1, they were what limited the rows.
          const quotaUsed = (instancesCpu() - cpuBefore) / (((performance.now() - startedAt) / 1000) * INSTANCE_CPUS * count);
          measured.push({ instances: count, ...result, quotaUsed });
        } finally {
          await balancer.stop();
        }
      } finally {
        for (const server of servers) {
          await server.stop();
          serverErrors.push(...server.errors().map((message) => `${count} instances: ${message}`));
        }
      }
    }
    return { database: target.label, products: MAIN_SIZE, cpusPerInstance: INSTANCE_CPUS, setups: measured, serverErrors, databaseCpu: databaseCpu.method };
  } finally {
    await close();
  }
}

/**
 * The pages with the demo catalogue, served by our server on a fresh SQLite database.
 * @param {{ dataDir: string, webDistDir: string }} where
 * @returns {Promise<import('./lib/report.mjs').WebResults>}
 */
async function benchPages({ dataDir, webDistDir }) {
  mkdirSync(dataDir, { recursive: true });
  const target = sqliteDatabase(dataDir);
  const server = await startShop({ dataDir, databaseUrl: target.url, webDistDir, seed: 'demo' });
  try {
    const images = await productImageSizes(server.url);
    const [part] = /** @type {Array<{ _id: string }>} */ (await (await fetch(`${server.url}/api/products?page=0&size=1`)).json());
    if (!part) throw new Error('the demo catalogue has no part');
    const pages = await measurePages({ origin: server.url, pages: [...PAGES, `/parts/${part._id}`], runs: settings.lighthouseRuns, profileDir: path.join(dataDir, 'chromium') });
    for (const page of pages) {
      console.log(`  ${page.page.padEnd(13)} performance ${page.score}, LCP ${Math.round(page.lcp)} ms, CLS ${page.cls.toFixed(3)}, TBT ${Math.round(page.tbt)} ms, JS ${(page.jsGzip / 1000).toFixed(1)} kB gzip`);
    }
    return { pages, images };
  } finally {
    await server.stop();
  }
}

async function main() {
  if (flags.ab !== undefined) {
    await runAb({ commit: flags.ab, part: /** @type {string} */ (flags.only), rounds: Math.max(1, Number(flags.rounds) || 3), quick: settings.quick });
    return;
  }
  const startedAt = new Date();
  const clock = performance.now();
  const machine = describeMachine();
  console.log(`Bench (${settings.quick ? 'quick' : 'full'}) on ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}`);
  console.log(`Server code: commit ${revision.commit}${revision.uncommittedFiles ? ` with ${revision.uncommittedFiles} uncommitted files` : ''}`);

  const workDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  onCleanup(`folder ${workDir}`, () => rmSync(workDir, { recursive: true, force: true }));

  // Orders, search, the quote, payments, kits and reminders alone never ask for a page: the server runs without the web app's files.
  // The server build, when the code has one, goes beside the web app's folder, where the server looks for it.
  const webDistDir = path.join(workDir, 'web', 'dist');
  const apiOnly = ['orders', 'search', 'quote', 'payments', 'kits', 'reminders', 'workshop', 'stock'];
  let serverRendered = false;
  if (flags.only === undefined || !apiOnly.includes(flags.only)) {
    step('Building the web app into the bench folder');
    serverRendered = await buildWebApp(webDistDir);
  }

  const adminUrl = process.env.BENCH_DATABASE_URL?.trim() || undefined;
  const postgresSkipped = adminUrl ? undefined : 'BENCH_DATABASE_URL is not set';
  const targets = [sqliteDatabase(path.join(workDir, 'sqlite'))];
  let version;
  if (adminUrl) {
    version = await postgresVersion(adminUrl);
    targets.push(await postgresDatabase(adminUrl));
  } else {
    console.log('PostgreSQL: skipped (BENCH_DATABASE_URL is not set)');
  }

  /** @type {import('./lib/report.mjs').DatabaseResults[]} */
  const databases = [];
  for (const target of runs('api') ? targets : []) {
    const result = await attempt(target.label, () => benchDatabase(target, { dataDir: path.join(workDir, target.label.toLowerCase()), webDistDir }));
    if (result) databases.push(result);
  }
  // The sales calls on a database of their own, beside the rest of each database's results.
  for (const target of runs('sales') ? targets : []) {
    const salesTarget = target.label === 'SQLite' ? sqliteDatabase(path.join(workDir, 'sqlite-sales')) : await postgresDatabase(/** @type {string} */ (adminUrl));
    /** @type {string[]} */
    const serverErrors = [];
    const stages = await attempt(`${target.label} sales`, () => benchSales(salesTarget, { dataDir: path.join(workDir, `${target.label.toLowerCase()}-sales`), webDistDir, serverErrors }));
    const entry = databases.find((result) => result.database === target.label);
    if (entry) {
      entry.sales = stages ?? [];
      entry.serverErrors.push(...serverErrors);
    } else if (stages) console.log(`  ${target.label} sales measured without its other results: printed above only`);
  }

  // In a full run, orders and checkouts are measured with the rest of each database's API rows.
  // Payments are not: paying 1,200 purchases and downloading invoices beside the ceiling takes
  // about 40 s on SQLite and 65 s on PostgreSQL, most of it making the intents the measured
  // confirmations need; --only=payments measures them, and the report renders them when present.
  if (flags.only === 'orders') {
    for (const target of targets) {
      const result = await attempt(`${target.label} orders`, () => benchOrders(target, { dataDir: path.join(workDir, target.label.toLowerCase()), webDistDir }));
      if (result) databases.push(/** @type {import('./lib/report.mjs').DatabaseResults} */ (result));
    }
  }

  if (flags.only === 'quote') {
    for (const target of targets) {
      const result = await attempt(`${target.label} quote`, () => benchQuote(target, { dataDir: path.join(workDir, target.label.toLowerCase()), webDistDir }));
      if (result) databases.push(/** @type {import('./lib/report.mjs').DatabaseResults} */ (result));
    }
  }

  if (flags.only === 'kits') {
    for (const target of targets) {
      const result = await attempt(`${target.label} service kit`, () => benchServiceKit(target, { dataDir: path.join(workDir, target.label.toLowerCase()), webDistDir }));
      if (result) databases.push(/** @type {import('./lib/report.mjs').DatabaseResults} */ (result));
    }
  }

  if (flags.only === 'workshop') {
    for (const target of targets) {
      const result = await attempt(`${target.label} workshops`, () => benchWorkshop(target, { dataDir: path.join(workDir, target.label.toLowerCase()), webDistDir }));
      if (result) databases.push(/** @type {import('./lib/report.mjs').DatabaseResults} */ (/** @type {unknown} */ (result)));
    }
  }

  if (flags.only === 'stock') {
    for (const target of targets) {
      const twin = target.label === 'SQLite' ? sqliteDatabase(path.join(workDir, 'sqlite-twin')) : await postgresDatabase(/** @type {string} */ (adminUrl));
      const dirs = { dataDir: path.join(workDir, target.label.toLowerCase()), twinDir: path.join(workDir, `${target.label.toLowerCase()}-twin`), webDistDir };
      const result = await attempt(`${target.label} stock history`, () => benchStock(target, twin, dirs));
      if (result) databases.push(/** @type {import('./lib/report.mjs').DatabaseResults} */ (/** @type {unknown} */ (result)));
    }
  }

  if (flags.only === 'render') {
    for (const target of serverRendered ? targets : []) {
      const result = await attempt(`${target.label} server render`, () => benchRender(target, { dataDir: path.join(workDir, target.label.toLowerCase()), webDistDir }));
      if (result) databases.push(/** @type {import('./lib/report.mjs').DatabaseResults} */ (/** @type {unknown} */ (result)));
    }
    if (!serverRendered) notMeasured['the server render'] = 'the code measured has no apps/web/src/entry-server.tsx: it renders every page in the browser';
  }

  if (flags.only === 'payments') {
    for (const target of targets) {
      const result = await attempt(`${target.label} payments`, () => benchPayments(target, { dataDir: path.join(workDir, target.label.toLowerCase()), webDistDir }));
      if (result) databases.push(/** @type {import('./lib/report.mjs').DatabaseResults} */ (result));
    }
  }

  if (flags.only === 'search') {
    for (const target of targets) {
      const result = await attempt(`${target.label} search`, () => benchSearch(target, { dataDir: path.join(workDir, target.label.toLowerCase()), webDistDir }));
      if (result) databases.push(/** @type {import('./lib/report.mjs').DatabaseResults} */ (result));
    }
  }

  /** @type {import('./lib/reminders.mjs').ReminderResult[]} */
  const reminders = [];
  for (const target of runs('reminders') ? targets : []) {
    const own = target.label === 'SQLite' ? sqliteDatabase(path.join(workDir, 'sqlite-reminders')) : await postgresDatabase(/** @type {string} */ (adminUrl));
    step(`${target.label}, service reminder round over ${number(REMINDER_BIKES)} garage bikes`);
    const result = await attempt(`${target.label} reminders`, () => benchReminders(own, { turns: settings.turns }));
    if (result) reminders.push(result);
  }

  // One, two and three instances behind the balancer: PostgreSQL only, as several instances need it.
  const scaleOut =
    runs('scale-out') && adminUrl
      ? await attempt('scale-out', async () => benchScaleOut(await postgresDatabase(adminUrl), { dataDir: path.join(workDir, 'scale-out'), webDistDir }))
      : undefined;

  // The render's part also takes the storefront's pages in Lighthouse: one A/B session gives both.
  const pagesToo = runs('pages') || flags.only === 'render';
  if (pagesToo) step('Pages (demo catalogue, Lighthouse in Chromium)');
  const web = pagesToo ? await attempt('Pages', () => benchPages({ dataDir: path.join(workDir, 'pages'), webDistDir })) : undefined;

  machine.loadAtEnd = os.loadavg();
  const results = {
    startedAt,
    settings,
    machine,
    revision,
    postgresVersion: version,
    postgresSkipped,
    databases,
    reminders,
    scaleOut,
    web,
    failures,
    notMeasured,
    totalSeconds: (performance.now() - clock) / 1000,
  };
  if (flags.json !== undefined) writeFileSync(flags.json, JSON.stringify(results, null, 2));
  if (flags.only === 'render') {
    const summary = renderStorefront(/** @type {Array<{ database: string, render?: import('./lib/render.mjs').RenderStage }>} */ (/** @type {unknown} */ (databases)), web, { settings, loadAtStart: machine.loadAtStart, loadAtEnd: machine.loadAtEnd, notMeasured, failures });
    console.log(`\n${summary.join('\n')}`);
    console.log(`Server-rendered storefront${Object.keys(failures).length ? `, ${Object.keys(failures).length} failed` : ''}: printed above, docs/benchmarks.md left as it was. Total time: ${Math.round(results.totalSeconds)} s`);
    if (Object.keys(failures).length > 0) process.exitCode = 1;
    return;
  }
  if (flags.only !== undefined && apiOnly.includes(flags.only)) {
    const orderFailures = Object.keys(failures).length;
    const summary =
      flags.only === 'quote'
        ? renderQuote(databases, settings)
        : flags.only === 'kits'
          ? renderServiceKit(databases, settings)
          : flags.only === 'reminders'
            ? renderReminders(reminders)
          : flags.only === 'workshop'
            ? renderWorkshop(/** @type {Array<{ database: string, workshop?: import('./lib/workshop.mjs').WorkshopStage }>} */ (/** @type {unknown} */ (databases)), settings)
          : flags.only === 'stock'
            ? renderStock(/** @type {Array<{ database: string, stock?: import('./lib/stock.mjs').StockStage }>} */ (/** @type {unknown} */ (databases)))
          : flags.only === 'payments'
            ? renderPayments(databases, settings)
            : flags.only === 'orders'
              ? renderPricedRatios(databases)
              : [];
    if (summary.length > 0) console.log(`\n${summary.join('\n')}`);
    const what = { orders: 'Orders and checkouts', search: 'Search', quote: 'Quote', payments: 'Payments and invoices', kits: 'Service kit', reminders: 'Service reminders', workshop: 'Workshops', stock: 'Stock history' }[flags.only];
    console.log(`\n${what}${orderFailures ? `, ${orderFailures} failed` : ''}: printed above. Total time: ${Math.round(results.totalSeconds)} s`);
    if (orderFailures > 0) process.exitCode = 1;
    return;
  }
  const markdown = renderResults(results);
  console.log(`\n${markdown}`);
  if (flags.only === undefined) writeResults(path.join(ROOT, 'docs/benchmarks.md'), markdown);
  console.log(`${flags.only === undefined ? 'Written to docs/benchmarks.md' : `Only ${flags.only}: docs/benchmarks.md left as it was`}. Total time: ${Math.floor(results.totalSeconds / 60)} min ${Math.round(results.totalSeconds % 60)} s`);
  if (Object.keys(failures).length > 0) process.exitCode = 1;
}

cleanupOnSignals();
try {
  await main();
  await cleanupAll();
} catch (error) {
  if (!isStopping()) {
    console.error(`\nThe bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
  await cleanupAll();
  process.exitCode = 1;
}
