// @ts-check
/** What is measured against one running server: growth calls, calls beside the ceiling, and orders. */
import { captureAnswers, startCeiling } from './ceiling.mjs';
import { busyCores, cpuSample } from './cpu.mjs';
import { measureGet, measureInTurns, measurePosts, measureSequences, measureSequencesInTurns, warmUp } from './load.mjs';
import { measureLatency, measureLatencyDuring } from './latency.mjs';
import { BENCH_BRANDS, benchPartNumber, NAME_WORDS } from './loader.mjs';
import { checkPriced, pricedOptions } from './quote.mjs';
import { BIKE_CALLS, CHECKOUT_LINES, GROWTH_CALLS, LATENCY_CONNECTIONS, SALES_CALLS, SALES_CONNECTIONS, SALES_DAYS, SEARCH_QUERIES } from './report.mjs';

/** @typedef {import('./load.mjs').LoadResult} LoadResult */
/** @typedef {import('./report.mjs').Settings} Settings */
/** @typedef {ReturnType<typeof import('./loader.mjs').createLoader>} Loader */
/** @typedef {import('./cpu.mjs').CpuMeter} CpuMeter */

const PAGE_SIZE = 6;

/** @param {string} text */
const log = (text) => console.log(`  ${text}`);
/** @param {LoadResult} result */
const brief = (result) => `${Math.round(result.rps).toLocaleString('en-GB')} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms${cpuText(result.cpu)}`;
/** @param {import('./cpu.mjs').CpuCost | undefined} cpu */
const cpuText = (cpu) => {
  if (!cpu) return '';
  const fixed = (/** @type {number | undefined} */ value) => (value === undefined ? 'n/a' : value.toFixed(2));
  return `, CPU server ${fixed(cpu.serverMs)} ms${cpu.databaseMethod === 'in-process' ? '' : ` + database ${fixed(cpu.databaseMs)} ms`} a request`;
};

/**
 * A ceiling that answers every request for one path with the bytes our server answered to one
 * such request, whatever its method: the same requests' cost on a bare server, at the same moment.
 * @param {Array<{ path: string, response: Response }>} answers
 */
async function ceilingOf(answers) {
  return startCeiling(
    await Promise.all(
      answers.map(async ({ path, response }) => ({
        path,
        status: response.status,
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
        body: Buffer.from(await response.arrayBuffer()).toString('base64'),
      })),
    ),
  );
}

/**
 * GETs `path` once and insists on a 200, so a broken call is never measured as a fast one.
 * @param {string} origin
 * @param {string} path
 * @param {Record<string, string>} [headers]
 */
async function getJson(origin, path, headers = {}) {
  const response = await fetch(origin + path, { headers });
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
 * @param {CpuMeter} [meter]
 * @returns {Promise<import('./report.mjs').CallPair[]>}
 */
export async function measureAgainstCeiling(origin, productId, settings, meter) {
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
        meter,
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
 * The reference: the ceiling answering the same number of the same POSTs, with our answer's
 * bytes, right after; and the CPU an order cost the server and the database.
 * @param {{ loader: Loader, productId: string, warmupProductId: string, stock: number }} target
 * @param {Settings} settings
 * @param {CpuMeter} [meter]
 * @returns {Promise<import('./report.mjs').OrdersResult>}
 */
export async function measureOrders(origin, { loader, productId, warmupProductId, stock }, settings, meter) {
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
  const run = () => measurePosts({ url, connections, tokens, body: { productId, ...order }, amount: requests });
  const measured = meter ? await meter.around(run) : { result: await run(), server: undefined, database: undefined };
  const load = measured.result;
  const after = await loader.stockAndOrders(productId);
  const created = load.statuses['201'] ?? 0;
  const cpu = meter?.perRequest(measured, created);

  const sample = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[0]}` }, body: JSON.stringify({ productId: warmupProductId, ...order }) });
  if (sample.status !== 201) throw new Error(`POST /api/orders answered ${sample.status}: ${await sample.text()}`);
  const ceiling = await ceilingOf([{ path: '/api/orders', response: sample }]);
  /** @type {LoadResult} */
  let reference;
  try {
    // As long a run as the orders', sized the same way: a short run of a fast server is mostly its start.
    const ceilingUrl = `${ceiling.url}/api/orders`;
    const pace = await measurePosts({ url: ceilingUrl, connections, tokens, body: { productId, ...order }, amount: connections * 5 });
    const amount = Math.max(requests, Math.round((pace.total / pace.seconds) * settings.orderSeconds));
    reference = await measurePosts({ url: ceilingUrl, connections, tokens, body: { productId, ...order }, amount });
  } finally {
    await ceiling.stop();
  }
  log(
    `orders            ${Math.round(created / load.seconds).toLocaleString('en-GB')} orders/s, p50 ${load.p50} ms, p99 ${load.p99} ms${cpuText(cpu)}, stock ${before.stock} → ${after.stock}, ${after.orders - before.orders} new order rows, ${created} × 201`,
  );
  log(`  ceiling         ${brief(reference)} (the same POSTs)`);
  return {
    ceiling: reference,
    ...(cpu ? { cpu } : {}),
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

/**
 * The parts of one kind of checkout, and with `pricing` the address, delivery method and discount
 * code each of its checkouts names (SPEC-3); without, it sends SPEC-2's body (location and phone),
 * priced for the shop's country.
 * @typedef {{ productIds: string[], warmupProductIds: string[], pricing?: import('./quote.mjs').Pricing }} CheckoutKind
 */

/** The body of a kind's checkouts. @param {CheckoutKind} kind */
const checkoutBody = (kind) => ({ location: 'Bench street 1', phone: '+44 7700 900000', ...(kind.pricing ? pricedOptions(kind.pricing) : {}) });

/** A cart of `ids` (CHECKOUT_LINES pieces each), then its checkout. @param {CheckoutKind} kind @param {string[]} ids */
const checkoutJourney = (kind, ids) => [
  { method: 'PUT', path: '/api/cart', body: { lines: ids.map((productId, index) => ({ productId, quantity: CHECKOUT_LINES[index] })) } },
  { method: 'POST', path: '/api/checkout', body: checkoutBody(kind) },
];

/**
 * Every customer, on a connection of their own, fills a 4-line cart (`PUT /api/cart`) and checks
 * it out (`POST /api/checkout`), again and again, all at once, for `checkoutRounds` checkouts
 * each; one part has less stock than all of them want, so the last checkouts are refused for want
 * of it. Then the stock and the order rows are checked against the 201 answers: no oversell, and
 * no checkout with fewer lines than its cart. A first round on other parts warms up.
 * Several kinds (plain and priced checkouts, each on parts of its own) are measured in two turns
 * (A B, then B A; the first half of the rounds, then the rest), so a change in the machine's load
 * falls on each alike.
 * @param {string} origin
 * The reference: the ceiling answering the same carts and checkouts with our answers' bytes,
 * right after; and the CPU a placed checkout (its cart included) cost.
 * @param {{ loader: Loader, kinds: CheckoutKind[] }} target
 * @param {Settings} settings
 * @param {CpuMeter} [meter]
 * @returns {Promise<import('./report.mjs').CheckoutsResult[]>}  by kind
 */
export async function measureCheckouts(origin, { loader, kinds }, settings, meter) {
  const tokens = loader.customers.map((customer) => customer.token);
  const round = tokens.length * 2;

  for (const kind of kinds) await measureSequences({ origin, tokens, steps: checkoutJourney(kind, kind.warmupProductIds), amount: round });
  const before = await Promise.all(kinds.map((kind) => loader.checkoutState(kind.productIds)));
  const halves = [Math.ceil(settings.checkoutRounds / 2), Math.floor(settings.checkoutRounds / 2)].filter((rounds) => rounds > 0);
  const journeys = kinds.map((kind) => checkoutJourney(kind, kind.productIds));
  const measured = await measureSequencesInTurns({ origin, tokens, kinds: journeys, amounts: halves.map((rounds) => round * rounds), meter });
  const after = await Promise.all(kinds.map((kind) => loader.checkoutState(kind.productIds)));

  /** @type {import('./report.mjs').CheckoutsResult[]} */
  const results = [];
  for (const [index, kind] of kinds.entries()) {
    const { load, server, database } = /** @type {typeof measured[number]} */ (measured[index]);
    const stateBefore = /** @type {typeof before[number]} */ (before[index]);
    const stateAfter = /** @type {typeof after[number]} */ (after[index]);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${tokens[0]}` };
    const [cart, checkout] = checkoutJourney(kind, kind.warmupProductIds).map((step) => ({ ...step, body: JSON.stringify(step.body) }));
    const cartAnswer = await fetch(origin + cart?.path, { method: cart?.method, headers, body: cart?.body });
    const checkoutAnswer = await fetch(origin + checkout?.path, { method: checkout?.method, headers, body: checkout?.body });
    if (cartAnswer.status !== 200 || checkoutAnswer.status !== 201) throw new Error(`a warm-up checkout answered ${cartAnswer.status} then ${checkoutAnswer.status}`);
    const ceiling = await ceilingOf([
      { path: '/api/cart', response: cartAnswer },
      { path: '/api/checkout', response: checkoutAnswer },
    ]);
    /** @type {LoadResult} */
    let reference;
    try {
      reference = await measureSequences({ origin: ceiling.url, tokens, steps: checkoutJourney(kind, kind.productIds), amount: round * settings.checkoutRounds });
    } finally {
      await ceiling.stop();
    }

    const created = load.statuses['201'] ?? 0;
    const refused = load.statuses['409'] ?? 0;
    const carts = load.statuses['200'] ?? 0;
    const taken = kind.productIds.map((id, part) => ({ before: stateBefore.stock[id] ?? 0, after: stateAfter.stock[id] ?? 0, perCheckout: /** @type {number} */ (CHECKOUT_LINES[part]) }));
    const result = {
      customers: tokens.length,
      rounds: settings.checkoutRounds,
      requests: created + refused,
      created,
      refused,
      other: load.total - created - refused - carts,
      checkoutsPerSecond: created / load.seconds,
      p50: load.p50,
      p99: load.p99,
      stock: taken,
      orderRows: stateAfter.orderRows - stateBefore.orderRows,
      halfCheckouts: stateAfter.halfCheckouts,
      ceiling: { checkoutsPerSecond: (reference.statuses['201'] ?? 0) / reference.seconds, p50: reference.p50, p99: reference.p99 },
      ...(meter ? { cpu: meter.perRequest({ server, database }, created) } : {}),
    };
    log(
      `${(kind.pricing ? 'priced checkouts' : 'checkouts').padEnd(17)} ${Math.round(result.checkoutsPerSecond).toLocaleString('en-GB')} checkouts/s of ${kind.productIds.length} lines, p50 ${result.p50} ms, p99 ${result.p99} ms (carts and checkouts), ` +
        `${created} × 201, ${refused} × 409${result.other ? `, ${result.other} other answers (${Object.entries(load.statuses).filter(([code]) => !['200', '201', '409'].includes(code)).map(([code, count]) => `${count} × ${code}`).join(', ') || 'errors'})` : ''}, stock ${taken.map((part) => `${part.before} → ${part.after}`).join(', ')}, ${result.orderRows} new order rows, ${result.halfCheckouts} half checkouts${cpuText(result.cpu)}`,
    );
    log(`  ceiling         ${Math.round(result.ceiling.checkoutsPerSecond).toLocaleString('en-GB')} checkouts/s, p50 ${result.ceiling.p50} ms, p99 ${result.ceiling.p99} ms (the same carts and checkouts)`);
    results.push(result);
  }
  return results;
}

/**
 * One cart and priced checkout by the first customer on the kind's warm-up parts, then its
 * purchase (`GET /api/purchases/{id}`) checked to be charged delivery, tax and the code, so a
 * checkout that quietly dropped them is never measured as a priced one. Answers the kind.
 * @param {string} origin
 * @param {Loader} loader
 * @param {CheckoutKind & { pricing: import('./quote.mjs').Pricing }} kind
 */
export async function checkPricedCheckout(origin, loader, kind) {
  const token = loader.customers[0]?.token;
  if (!token) throw new Error('the bench has no customers');
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  /** @type {unknown} */
  let answer;
  for (const step of checkoutJourney(kind, kind.warmupProductIds)) {
    const response = await fetch(origin + step.path, { method: step.method, headers, body: JSON.stringify(step.body) });
    const text = await response.text();
    if (response.status !== (step.path === '/api/checkout' ? 201 : 200)) throw new Error(`a priced checkout's ${step.method} ${step.path} answered ${response.status}: ${text.slice(0, 300)}`);
    answer = JSON.parse(text);
  }
  const { purchaseId } = /** @type {{ purchaseId?: string }} */ (answer);
  if (!purchaseId) throw new Error(`a priced checkout answered no purchaseId: ${JSON.stringify(answer).slice(0, 300)}`);
  const purchase = /** @type {Parameters<typeof checkPriced>[1]} */ (await getJson(origin, `/api/purchases/${purchaseId}`, { authorization: `Bearer ${token}` }));
  checkPriced('a priced checkout', purchase, kind.pricing);
  return kind;
}

/** The search's sorts (SEARCH_SORTS in @shop/shared). */
const SEARCH_SORTS = ['relevance', 'price-asc', 'price-desc', 'newest'];

/** The search's golden queries at each size; the part number is that of a product every size holds. */
const SEARCH_PATHS = {
  word: '/api/search?q=brake',
  typo: '/api/search?q=sprokit',
  'part number': `/api/search?q=${encodeURIComponent(benchPartNumber(42).replace('-', ' '))}`,
  'category filter': `/api/search?category=${encodeURIComponent('Brakes')}`,
  'two words': `/api/search?q=${encodeURIComponent('oil filter')}`,
  // Each word of the parts' names (as 'brake' is) by sort, stock and brand: more searches in turn than the 256 the server keeps (decision 029).
  'word, first asking': NAME_WORDS.flatMap((word) =>
    SEARCH_SORTS.flatMap((sort) => ['', '&inStock=true'].flatMap((stock) => ['', ...BENCH_BRANDS].map((brand) => `/api/search?q=${word}&sort=${sort}${stock}${brand && `&brand=${encodeURIComponent(brand)}`}`))),
  ),
};
/** A query's paths: one asked over and over, or several in turn. @param {string | string[]} paths */
const pathsOf = (paths) => (Array.isArray(paths) ? paths : [paths]);

/**
 * `GET /api/search` for the golden queries, each at LATENCY_CONNECTIONS connections, and the
 * server's memory once its index is built. The reference: the ceiling answering the word
 * query's bytes at the same connections, right before.
 * @param {string} origin
 * @param {Settings} settings
 * @param {() => number | undefined} residentBytes  the server process's resident memory now
 * @param {CpuMeter} [meter]
 * @returns {Promise<{ calls: Record<string, import('./latency.mjs').LatencyResult>, residentBytes: number | undefined, ceiling: import('./latency.mjs').LatencyResult }>}
 */
export async function measureSearch(origin, settings, residentBytes, meter) {
  // Each answer must find what it should: a part number finds that part first.
  const byNumber = /** @type {{ products: Array<{ partNumber: string }> }} */ (await getJson(origin, SEARCH_PATHS['part number']));
  if (byNumber.products[0]?.partNumber !== benchPartNumber(42)) throw new Error(`the part number search did not find ${benchPartNumber(42)} first`);
  for (const path of Object.values(SEARCH_PATHS).map((paths) => pathsOf(paths)[0] ?? '')) {
    const answer = /** @type {{ total: number }} */ (await getJson(origin, path));
    if (answer.total === 0) throw new Error(`GET ${path} found nothing`);
  }
  const ceiling = await startCeiling(await captureAnswers(origin, [SEARCH_PATHS.word]));
  /** @type {import('./latency.mjs').LatencyResult} */
  let reference;
  try {
    reference = await measureLatency({ url: ceiling.url + SEARCH_PATHS.word, connections: LATENCY_CONNECTIONS, seconds: settings.growthSeconds, warmupSeconds: settings.growthWarmupSeconds });
  } finally {
    await ceiling.stop();
  }
  log(`search ceiling         ${Math.round(reference.rps).toLocaleString('en-GB')} req/s, p50 ${reference.p50} ms, p95 ${reference.p95} ms, p99 ${reference.p99} ms (the word query's bytes)`);
  /** @type {Record<string, import('./latency.mjs').LatencyResult>} */
  const calls = {};
  for (const query of SEARCH_QUERIES) {
    const path = SEARCH_PATHS[/** @type {keyof typeof SEARCH_PATHS} */ (query)];
    const result = await measureLatency({ url: pathsOf(path).map((each) => origin + each), connections: LATENCY_CONNECTIONS, seconds: settings.growthSeconds, warmupSeconds: settings.growthWarmupSeconds, meter });
    log(`search ${query.padEnd(15)} ${Math.round(result.rps).toLocaleString('en-GB')} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms${cpuText(result.cpu)}`);
    calls[query] = result;
  }
  return { calls, residentBytes: residentBytes(), ceiling: reference };
}

/** @typedef {{ id: string, year: number, name: string }} BenchBike  a bench bike and one of its years */

/** The bike-filtered calls (SPEC-2 section 3), by name. @param {BenchBike} bike */
const bikePaths = (bike) => ({
  'bike page': `/api/products?page=0&size=${PAGE_SIZE}&vehicle=${bike.id}&year=${bike.year}`,
  'bike count': `/api/productCount?vehicle=${bike.id}&year=${bike.year}`,
});

/**
 * The catalogue page and the count filtered by one bike, each at LATENCY_CONNECTIONS
 * connections; first checked to answer only parts that fit it (or fit every bike).
 * @param {string} origin
 * @param {BenchBike} bike
 * @param {Settings} settings
 * @returns {Promise<Record<string, import('./latency.mjs').LatencyResult>>}
 */
export async function measureBikeFilter(origin, bike, settings) {
  const paths = bikePaths(bike);
  const page = /** @type {Array<{ fit?: string }>} */ (await getJson(origin, paths['bike page']));
  const { count } = /** @type {{ count: number }} */ (await getJson(origin, paths['bike count']));
  const { count: all } = /** @type {{ count: number }} */ (await getJson(origin, '/api/productCount'));
  if (page.length === 0 || page.some((part) => part.fit !== 'fits' && part.fit !== 'universal')) throw new Error(`the ${bike.name} page lists parts that do not fit it`);
  if (count === 0 || count >= all) throw new Error(`the ${bike.name} count is ${count} of ${all}: the filter did not narrow the catalogue`);
  /** @type {Record<string, import('./latency.mjs').LatencyResult>} */
  const calls = {};
  for (const call of BIKE_CALLS) {
    const result = await measureLatency({ url: origin + paths[/** @type {keyof typeof paths} */ (call)], connections: LATENCY_CONNECTIONS, seconds: settings.growthSeconds, warmupSeconds: settings.growthWarmupSeconds });
    log(`${call.padEnd(17)} ${Math.round(result.rps).toLocaleString('en-GB')} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms (${count.toLocaleString('en-GB')} of ${all.toLocaleString('en-GB')} parts)`);
    calls[call] = result;
  }
  return calls;
}

/** Catalogue pages other customers browse during an import: this many different pages, in turn. */
const BROWSED_PAGES = 50;

/**
 * An admin imports a products file and a fitment file (`POST /api/catalogue/import`) while
 * LATENCY_CONNECTIONS customers browse the first BROWSED_PAGES catalogue pages; then the
 * count is checked to have grown by the file's parts.
 * @param {string} origin
 * @param {{ loader: Loader, adminToken: string, products: number }} target
 * @returns {Promise<import('./report.mjs').ImportResult>}
 */
export async function measureImport(origin, { loader, adminToken, products }) {
  const files = loader.importFiles(products);
  const { count: before } = /** @type {{ count: number }} */ (await getJson(origin, '/api/productCount'));
  const form = new FormData();
  form.append('products', new Blob([files.products], { type: 'text/csv' }), 'products.csv');
  form.append('fitment', new Blob([files.fitment], { type: 'text/csv' }), 'fitment.csv');
  const urls = Array.from({ length: BROWSED_PAGES }, (_, page) => `${origin}/api/products?page=${page}&size=${PAGE_SIZE}`);
  const { latency, answer, seconds } = await measureLatencyDuring({
    urls,
    connections: LATENCY_CONNECTIONS,
    task: async () => {
      const response = await fetch(`${origin}/api/catalogue/import`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: form });
      const report = /** @type {{ written?: boolean, products: { added: number }, fitment: { rows: number } }} */ (await response.json());
      if (response.status !== 200 || !report.written) throw new Error(`the import answered ${response.status}: ${JSON.stringify(report).slice(0, 500)}`);
      return report;
    },
  });
  if (answer.products.added !== products || answer.fitment.rows !== files.fitmentRows) {
    throw new Error(`the import wrote ${answer.products.added} parts and ${answer.fitment.rows} fitment rows, not ${products} and ${files.fitmentRows}`);
  }
  // Every instance shows the new parts within a second of the import (its change log).
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const { count: after } = /** @type {{ count: number }} */ (await getJson(origin, '/api/productCount'));
  if (after !== before + products) throw new Error(`the catalogue holds ${after} parts after importing ${products} into ${before}`);
  log(
    `import            ${products.toLocaleString('en-GB')} parts and ${files.fitmentRows.toLocaleString('en-GB')} fitment rows (${((files.products.length + files.fitment.length) / 1e6).toFixed(1)} MB) in ${seconds.toFixed(1)} s; ` +
      `meanwhile the catalogue p50 ${latency.p50} ms, p99 ${latency.p99} ms, ${Math.round(latency.rps).toLocaleString('en-GB')} req/s`,
  );
  return { products, fitmentRows: files.fitmentRows, bytes: files.products.length + files.fitment.length, seconds, catalogue: latency, catalogueBefore: before };
}

/**
 * The sales page's four calls (admin) for the last SALES_DAYS days, each at SALES_CONNECTIONS
 * connections; first checked to answer figures of the orders loaded.
 * @param {string} origin
 * @param {string} adminToken
 * @param {Settings} settings
 * @returns {Promise<Record<string, import('./latency.mjs').LatencyResult>>}
 */
export async function measureSales(origin, adminToken, settings) {
  const headers = { authorization: `Bearer ${adminToken}` };
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (SALES_DAYS - 1) * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const path = (/** @type {string} */ call) => `/api/sales/${call}?from=${from}&to=${to}`;
  const revenue = /** @type {{ days: unknown[], totals: { paidOrders: number } }} */ (await getJson(origin, path('revenue'), headers));
  if (revenue.days.length !== SALES_DAYS || revenue.totals.paidOrders === 0) throw new Error(`the sales revenue has ${revenue.days.length} days and ${revenue.totals.paidOrders} paid orders`);
  const best = /** @type {{ parts: unknown[] }} */ (await getJson(origin, path('best-sellers'), headers));
  if (best.parts.length !== 10) throw new Error(`the best sellers are ${best.parts.length} parts, not 10`);
  const statuses = /** @type {{ statuses: Array<{ orders: number }> }} */ (await getJson(origin, path('statuses'), headers));
  const placed = statuses.statuses.reduce((sum, row) => sum + row.orders, 0);
  /** @type {Record<string, import('./latency.mjs').LatencyResult>} */
  const calls = {};
  for (const call of SALES_CALLS) {
    const result = await measureLatency({ url: origin + path(call), connections: SALES_CONNECTIONS, seconds: settings.growthSeconds, warmupSeconds: settings.growthWarmupSeconds, headers });
    log(`sales ${call.padEnd(13)} ${Math.round(result.rps).toLocaleString('en-GB')} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms (${placed.toLocaleString('en-GB')} orders placed in ${SALES_DAYS} days)`);
    calls[call] = result;
  }
  return calls;
}

/**
 * The catalogue page, then orders, through one origin (a server, or the balancer in front of
 * two), with how many cores the whole machine kept busy meanwhile: the servers, the balancer,
 * PostgreSQL and the load generator all share them.
 * @param {string} origin
 * @param {{ loader: Loader, productId: string, warmupProductId: string, stock: number }} target
 * @param {Settings} settings
 * @param {CpuMeter} [meter]   the instances' and the database's CPU
 * @returns {Promise<import('./report.mjs').InstancesResult>}
 */
export async function measureInstances(origin, target, settings, meter) {
  const path = `/api/products?page=1&size=${PAGE_SIZE}`;
  await getJson(origin, path);
  const start = cpuSample();
  const catalogue = await measureGet({ url: origin + path, connections: settings.connections, seconds: settings.seconds, warmupSeconds: settings.warmupSeconds, meter });
  const between = cpuSample();
  log(`catalogue page    ${brief(catalogue)}`);
  const orders = await measureOrders(origin, target, settings, meter);
  return { catalogue, catalogueCores: busyCores(start, between), orders, ordersCores: busyCores(between, cpuSample()) };
}
