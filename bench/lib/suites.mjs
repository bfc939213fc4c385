// @ts-check
/** What is measured against one running server: growth calls, calls beside the ceiling, and orders. */
import { captureAnswers, startCeiling } from './ceiling.mjs';
import { measureGet, measureInTurns, measurePosts, warmUp } from './load.mjs';
import { measureLatency } from './latency.mjs';
import { benchPartNumber } from './loader.mjs';
import { GROWTH_CALLS, SEARCH_QUERIES } from './report.mjs';

/** @typedef {import('./load.mjs').LoadResult} LoadResult */
/** @typedef {import('./report.mjs').Settings} Settings */
/** @typedef {ReturnType<typeof import('./loader.mjs').createLoader>} Loader */

const PAGE_SIZE = 6;

/** @param {string} text */
const log = (text) => console.log(`  ${text}`);
/** @param {LoadResult} result */
const brief = (result) => `${Math.round(result.rps).toLocaleString('en-GB')} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`;

/**
 * GETs `path` once and insists on a 200, so a broken call is never measured as a fast one.
 * @param {string} origin
 * @param {string} path
 */
async function getJson(origin, path) {
  const response = await fetch(origin + path);
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * First page, last page, product count and the latest reviews, at the current size.
 * @param {string} origin
 * @param {Settings} settings
 * @returns {Promise<Record<string, LoadResult>>}
 */
export async function measureGrowth(origin, settings) {
  const { count } = /** @type {{ count: number }} */ (await getJson(origin, '/api/productCount'));
  const lastPage = Math.max(0, Math.ceil(count / PAGE_SIZE) - 1);
  /** @type {Record<string, string>} */
  const paths = {
    'first page': `/api/products?page=0&size=${PAGE_SIZE}`,
    'last page': `/api/products?page=${lastPage}&size=${PAGE_SIZE}`,
    productCount: '/api/productCount',
    'reviews latest 3': '/api/getreviews?latest=3',
  };
  for (const path of Object.values(paths)) await getJson(origin, path);
  await warmUp({ origin, paths: Object.values(paths), connections: settings.connections, seconds: settings.serverWarmupSeconds });

  /** @type {Record<string, LoadResult>} */
  const results = {};
  for (const call of GROWTH_CALLS) {
    const path = paths[call];
    if (!path) throw new Error(`no path for the growth call ${call}`);
    const result = await measureGet({
      url: origin + path,
      connections: settings.connections,
      seconds: settings.growthSeconds,
      warmupSeconds: settings.growthWarmupSeconds,
    });
    log(`${call.padEnd(17)} ${brief(result)}`);
    results[call] = result;
  }
  return results;
}

/**
 * The home's and the product page's calls, each measured in turns on our server and on the
 * ceiling serving the very bytes our server answered.
 * @param {string} origin
 * @param {string} productId
 * @param {Settings} settings
 * @returns {Promise<import('./report.mjs').CallPair[]>}
 */
export async function measureAgainstCeiling(origin, productId, settings) {
  const calls = [
    { call: 'catalogue page', path: `/api/products?page=0&size=${PAGE_SIZE}` },
    { call: 'productCount', path: '/api/productCount' },
    { call: 'one product', path: `/api/products/${productId}`, shown: '/api/products/{id}' },
    { call: 'reviews latest 3', path: '/api/getreviews?latest=3' },
  ];
  const ceiling = await startCeiling(await captureAnswers(origin, calls.map(({ path }) => path)));
  try {
    const pairs = [];
    for (const { call, path, shown } of calls) {
      const { ours, ceiling: bare } = await measureInTurns({
        ours: origin + path,
        ceiling: ceiling.url + path,
        connections: settings.connections,
        seconds: settings.seconds,
        turns: settings.turns,
        warmupSeconds: settings.warmupSeconds,
      });
      log(`${call.padEnd(17)} ours    ${brief(ours)}`);
      log(`${''.padEnd(17)} ceiling ${brief(bare)}`);
      pairs.push({ call, path: shown ?? path, ours, ceiling: bare });
    }
    return pairs;
  } finally {
    await ceiling.stop();
  }
}

/**
 * Customers ordering one unit each of a product with limited stock, then the stock and order
 * rows checked against the 201 answers. The run is a fixed number of requests (sized by a
 * warm-up on another product), so that every request's answer is counted.
 * @param {string} origin
 * @param {{ loader: Loader, productId: string, warmupProductId: string, stock: number }} target
 * @param {Settings} settings
 * @returns {Promise<import('./report.mjs').OrdersResult>}
 */
export async function measureOrders(origin, { loader, productId, warmupProductId, stock }, settings) {
  const tokens = loader.customers.map((customer) => customer.token);
  const connections = tokens.length;
  const order = { quantity: 1, location: 'Bench street 1', phone: '+44 7700 900000' };
  const url = `${origin}/api/orders`;

  // Five orders per customer on another product: wakes the order path up (the JIT needs a few
  // thousand requests) and gives its pace.
  const warmup = await measurePosts({ url, connections, tokens, body: { productId: warmupProductId, ...order }, amount: connections * 5 });
  const rate = (warmup.statuses['201'] ?? 0) / warmup.seconds;
  const requests = Math.min(stock, Math.max(connections * 2, Math.round(rate * settings.orderSeconds)));

  const before = await loader.stockAndOrders(productId);
  const load = await measurePosts({ url, connections, tokens, body: { productId, ...order }, amount: requests });
  const after = await loader.stockAndOrders(productId);
  const created = load.statuses['201'] ?? 0;
  log(`orders            ${Math.round(created / load.seconds).toLocaleString('en-GB')} orders/s, p50 ${load.p50} ms, p99 ${load.p99} ms, stock ${before.stock} → ${after.stock}, ${after.orders - before.orders} new order rows, ${created} × 201`);
  return {
    customers: tokens.length,
    connections,
    requests,
    created,
    ordersPerSecond: created / load.seconds,
    load,
    stockBefore: before.stock,
    stockAfter: after.stock,
    orderRows: after.orders - before.orders,
  };
}

/** The search's golden queries at each size; the part number is that of a product every size holds. */
const SEARCH_PATHS = {
  word: '/api/search?q=brake',
  typo: '/api/search?q=sprokit',
  'part number': `/api/search?q=${encodeURIComponent(benchPartNumber(42).replace('-', ' '))}`,
  'category filter': `/api/search?category=${encodeURIComponent('Brakes')}`,
  'two words': `/api/search?q=${encodeURIComponent('oil filter')}`,
};
export const SEARCH_CONNECTIONS = 10;

/**
 * `GET /api/search` for the golden queries, each at SEARCH_CONNECTIONS connections, and the
 * server's memory once its index is built.
 * @param {string} origin
 * @param {Settings} settings
 * @param {() => number | undefined} residentBytes  the server process's resident memory now
 * @returns {Promise<{ calls: Record<string, import('./latency.mjs').LatencyResult>, residentBytes: number | undefined }>}
 */
export async function measureSearch(origin, settings, residentBytes) {
  // Each answer must find what it should: a part number finds that part first.
  const byNumber = /** @type {{ products: Array<{ partNumber: string }> }} */ (await getJson(origin, SEARCH_PATHS['part number']));
  if (byNumber.products[0]?.partNumber !== benchPartNumber(42)) throw new Error(`the part number search did not find ${benchPartNumber(42)} first`);
  for (const path of Object.values(SEARCH_PATHS)) {
    const answer = /** @type {{ total: number }} */ (await getJson(origin, path));
    if (answer.total === 0) throw new Error(`GET ${path} found nothing`);
  }
  /** @type {Record<string, import('./latency.mjs').LatencyResult>} */
  const calls = {};
  for (const query of SEARCH_QUERIES) {
    const path = SEARCH_PATHS[/** @type {keyof typeof SEARCH_PATHS} */ (query)];
    const result = await measureLatency({ url: origin + path, connections: SEARCH_CONNECTIONS, seconds: settings.growthSeconds, warmupSeconds: settings.growthWarmupSeconds });
    log(`search ${query.padEnd(15)} ${Math.round(result.rps).toLocaleString('en-GB')} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms`);
    calls[query] = result;
  }
  return { calls, residentBytes: residentBytes() };
}
