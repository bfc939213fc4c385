// @ts-check
/** The shapes of a run's results, the machine they come from, and their Markdown tables. */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { kb, ms, number } from './format.mjs';
import { renderImportLoad } from './import-load.mjs';
import { renderPayments } from './payments.mjs';
import { PRICED_ADDRESS, renderQuote } from './quote.mjs';
import { renderReminders } from './reminders.mjs';
import { renderServiceKit } from './service-kit.mjs';
import { renderSearchDepth } from './search-depth.mjs';
import { checkTargets, isCheckoutSound, isOversellFree, PRICED_SHARE, pricedRatios } from './targets.mjs';

/** @typedef {import('./load.mjs').LoadResult} LoadResult */
/** @typedef {import('./lighthouse.mjs').PageResult} PageResult */

/**
 * @typedef {object} CallPair
 * @property {string} call
 * @property {string} path     as shown (an id as {id})
 * @property {LoadResult} ours
 * @property {LoadResult} ceiling
 */

/**
 * @typedef {object} GrowthStage
 * @property {number} size
 * @property {Record<string, LoadResult>} calls   by call name
 * @property {number} fitmentRows
 * @property {Record<string, import('./latency.mjs').LatencyResult>} search   by golden query
 * @property {import('./latency.mjs').LatencyResult} [searchCeiling]   the ceiling answering the word query's bytes at the same connections, right before
 * @property {Record<string, import('./latency.mjs').LatencyResult>} bike   the bike-filtered calls, by name
 * @property {number | undefined} residentBytes   the server's memory after the searches
 * @property {import('./search-depth.mjs').SearchDepth} [searchDepth]   the first, an eighth-deep and the last search page (largest size only)
 */

/**
 * @typedef {object} ImportResult
 * @property {number} products       parts in the products file
 * @property {number} fitmentRows    rows in the fitment file
 * @property {number} bytes          both files
 * @property {number} seconds        from sending the files to the answer
 * @property {number} catalogueBefore  parts in the shop before
 * @property {import('./latency.mjs').LatencyResult} catalogue   catalogue pages other customers browsed meanwhile
 */

/**
 * @typedef {object} OrdersResult
 * @property {number} customers
 * @property {number} connections
 * @property {number} requests
 * @property {number} created            201 answers
 * @property {number} ordersPerSecond
 * @property {LoadResult} load
 * @property {number} stockBefore
 * @property {number} stockAfter
 * @property {number} orderRows
 * @property {LoadResult} [ceiling]   the ceiling answering as many of the same POSTs with our answer's bytes, right after
 * @property {import('./cpu.mjs').CpuCost} [cpu]   server and database CPU per order placed
 */

/**
 * @typedef {object} CheckoutsResult
 * @property {number} customers
 * @property {number} rounds             every customer checks out once a round
 * @property {number} requests
 * @property {number} created            201 answers
 * @property {number} refused            409 answers (a line lacked stock: nothing taken)
 * @property {number} other              any other answer
 * @property {number} checkoutsPerSecond
 * @property {number} p50                of every cart and checkout answer
 * @property {number} p99
 * @property {Array<{ before: number, after: number, perCheckout: number }>} stock   each part's stock and pieces per checkout
 * @property {number} orderRows          order rows of these parts added
 * @property {number} halfCheckouts      checkouts without one line of each part
 * @property {{ checkoutsPerSecond: number, p50: number, p99: number }} [ceiling]   the ceiling answering the same carts and checkouts with our answers' bytes, right after
 * @property {import('./cpu.mjs').CpuCost} [cpu]   server and database CPU per checkout placed, its cart included
 */

/**
 * @typedef {object} DatabaseResults
 * @property {string} database
 * @property {number} mainSize
 * @property {CallPair[]} api
 * @property {GrowthStage[]} growth
 * @property {OrdersResult} orders
 * @property {CheckoutsResult} checkouts
 * @property {CheckoutsResult} [pricedCheckouts]   the same checkouts on parts of their own, in turns with the plain ones, each naming an address, a delivery method and a discount code
 * @property {import('./quote.mjs').QuoteStage[]} [quote]   `POST /api/quote` at each of QUOTE_SIZES, beside its ceiling
 * @property {import('./service-kit.mjs').KitStage[]} [serviceKit]   `GET /api/vehicles/{id}/service-kit` at each of KIT_SIZES, beside GET /api/health and its ceiling
 * @property {import('./payments.mjs').PaymentsResult} [payments]   payment confirmations issuing their invoices, and the invoices downloaded beside the ceiling
 * @property {string} bike               the bike of the bike-filtered calls
 * @property {ImportResult} import
 * @property {import('./import-load.mjs').ImportLoad} [importLoad]   the catalogue during the largest import the shop takes
 * @property {SalesStage[]} sales      the sales calls as the order history grows
 * @property {string[]} serverErrors   what the server logged at level error, by stage
 * @property {string} [databaseCpu]    how the database's CPU was read: pg_stat_statements, /proc or in-process
 */

/**
 * @typedef {object} SalesStage
 * @property {number} orders     orders in the database, placed over `days` days
 * @property {number} days
 * @property {number} products
 * @property {Record<string, import('./latency.mjs').LatencyResult>} calls   by sales call
 */

/**
 * @typedef {object} InstancesResult
 * @property {LoadResult} catalogue
 * @property {number | undefined} catalogueCores   cores the machine kept busy during the catalogue run
 * @property {OrdersResult} orders
 * @property {number | undefined} ordersCores      the same during the orders (warm-up included)
 */

/**
 * @typedef {InstancesResult & { instances: number, quotaUsed: number }} ScaleOutSetup
 *   instances behind HAProxy (deploy/haproxy.cfg), asked through it; quotaUsed: the share of
 *   their CPU quota the instances used while measured
 */

/**
 * @typedef {object} ScaleOutResult
 * @property {string} database
 * @property {number} products
 * @property {number} cpusPerInstance   each instance's CPU quota
 * @property {ScaleOutSetup[]} setups   one, two and three instances
 * @property {string[]} serverErrors
 * @property {string} [databaseCpu]   how the database's CPU was read
 */

/**
 * @typedef {object} WebResults
 * @property {PageResult[]} pages
 * @property {{ count: number, largest: number, sizes: number[] }} images
 */

/**
 * @typedef {object} Settings
 * @property {boolean} quick
 * @property {number} connections
 * @property {number} serverWarmupSeconds  unmeasured load on a freshly started server
 * @property {number} warmupSeconds
 * @property {number} seconds
 * @property {number} turns   the seconds beside the ceiling are split into this many turns of ours, then ceiling
 * @property {number} growthWarmupSeconds
 * @property {number} growthSeconds
 * @property {number} orderSeconds
 * @property {number} checkoutRounds   rounds in which every customer checks out once
 * @property {number} quoteSeconds   the quote's and its ceiling's measured seconds at each size
 * @property {number} paymentRounds   purchases each customer pays with its confirmation measured, after one paid to warm up
 * @property {number} lighthouseRuns
 */

/**
 * @typedef {object} BenchResults
 * @property {Date} startedAt
 * @property {Settings} settings
 * @property {{ cpu: string, cores: number, memoryGb: number, node: string, os: string, loadAtStart: number[], loadAtEnd: number[] }} machine
 * @property {{ commit: string, uncommittedFiles: number, fingerprint: string, changedDuringRun: boolean }} revision
 * @property {string | undefined} postgresVersion
 * @property {string | undefined} postgresSkipped   why there are no PostgreSQL rows
 * @property {DatabaseResults[]} databases
 * @property {import('./reminders.mjs').ReminderResult[]} [reminders]   the service reminder round beside its scan, per database
 * @property {ScaleOutResult | undefined} scaleOut   one, two and three instances under CPU quotas behind the balancer (PostgreSQL)
 * @property {WebResults | undefined} web
 * @property {Record<string, string>} failures   parts that failed (SQLite, PostgreSQL, Pages), with why
 * @property {number} totalSeconds
 */

/** Pieces of each part in a bench cart: four lines, as a service's oil, filter, plugs and washer. */
export const CHECKOUT_LINES = [1, 1, 2, 1];

export const GROWTH_CALLS = ['first page', 'last page', 'productCount', 'reviews latest 3'];
/** The search's five golden queries (paths in suites.mjs). */
/**
 * The search's golden queries. Each but the last is asked over and over, as a popular search is,
 * so after its first asking the server answers it from the searches it keeps (decision 029);
 * 'word, first asking' is a different one-word search each time (more than the server keeps), so
 * each one is worked out afresh.
 */
export const SEARCH_QUERIES = ['word', 'typo', 'part number', 'category filter', 'two words', 'word, first asking'];
/** The bike-filtered calls (paths in suites.mjs). */
export const BIKE_CALLS = ['bike page', 'bike count'];
/** Connections of the calls measured for their p95 (search, bike filter, browsing during an import). */
export const LATENCY_CONNECTIONS = 10;
/** The sales page's calls (paths in suites.mjs), for the last SALES_DAYS days. */
export const SALES_CALLS = ['revenue', 'statuses', 'best-sellers', 'low-stock'];
export const SALES_DAYS = 90;
/** The sales calls are an admin's: two admins at once. */
export const SALES_CONNECTIONS = 2;

/** The machine the numbers come from. */
export function describeMachine() {
  let cpu = os.cpus()[0]?.model ?? 'unknown';
  if (existsSync('/proc/cpuinfo')) {
    const match = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    if (match?.[1]) cpu = match[1].trim();
  }
  return {
    cpu,
    cores: os.availableParallelism(),
    memoryGb: os.totalmem() / 1024 ** 3,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    loadAtStart: os.loadavg(),
    loadAtEnd: os.loadavg(),
  };
}

/** @param {string[]} header @param {Array<Array<string | number>>} rows @param {string[]} align */
function table(header, rows, align) {
  const lines = [`| ${header.join(' | ')} |`, `| ${align.map((side) => (side === 'r' ? '---:' : '---')).join(' | ')} |`];
  for (const row of rows) lines.push(`| ${row.join(' | ')} |`);
  return lines.join('\n');
}

/**
 * A measurement's server and database CPU per request, in ms, as two cells.
 * @param {import('./cpu.mjs').CpuCost | undefined} cpu
 */
const cpuCells = (cpu) => {
  const fixed = (/** @type {number | undefined} */ value) => (value === undefined ? 'n/a' : number(value, 2));
  if (!cpu) return ['n/a', 'n/a'];
  return [fixed(cpu.serverMs), cpu.databaseMethod === 'in-process' ? 'in server' : fixed(cpu.databaseMs)];
};

/** How a database's CPU was read, for the tables' introductions. @param {string | undefined} method */
const databaseCpuText = (method) =>
  method === 'pg_stat_statements'
    ? "PostgreSQL's from `pg_stat_statements` (its statements' execution and planning time, waits included)"
    : method === '/proc'
      ? "PostgreSQL's from /proc (the CPU of the backends serving the bench database, with the WAL writer, checkpointer and background writer)"
      : "SQLite's is the server's own (it runs in the server's process)";

/** @param {Pick<LoadResult, 'statuses' | 'failures'>} result */
const problems = (result) => {
  const bad = Object.entries(result.statuses).filter(([code]) => !code.startsWith('2'));
  const parts = bad.map(([code, count]) => `${number(count)} × ${code}`);
  if (result.failures > 0) parts.push(`${number(result.failures)} errors/timeouts`);
  return parts.join(', ');
};

/**
 * A row saying why a database has no numbers (skipped or failed), padded to `columns` cells.
 * @param {BenchResults} results
 * @param {number} columns
 */
function missingRows(results, columns) {
  const measured = new Set(results.databases.map((entry) => entry.database));
  return ['SQLite', 'PostgreSQL']
    .filter((name) => !measured.has(name))
    .map((name) => {
      const why = results.failures[name] ? `failed: ${results.failures[name]?.split('\n')[0]}` : name === 'PostgreSQL' ? results.postgresSkipped : undefined;
      return [name, `*not measured${why ? ` (${why})` : ''}*`, ...Array.from({ length: columns - 2 }, () => '')];
    });
}

/**
 * The priced checkouts over the plain ones of the same run, per database, as a Markdown table.
 * @param {DatabaseResults[]} databases
 */
export function renderPricedRatios(databases) {
  const rows = databases.flatMap((entry) => {
    if (!entry.pricedCheckouts || !entry.checkouts) return [];
    const ratios = pricedRatios(entry.checkouts, entry.pricedCheckouts);
    const cell = (/** @type {number | undefined} */ value, /** @type {string} */ fallback = 'n/a') => (value === undefined ? fallback : number(value, 2));
    return [[entry.database, cell(ratios.rate), cell(ratios.p99), cell(ratios.serverCpu), cell(ratios.databaseCpu, entry.pricedCheckouts.cpu?.databaseMethod === 'in-process' ? 'in server' : 'n/a')]];
  });
  if (rows.length === 0) return [];
  return [
    `Priced over plain, the same run (target: checkouts/s ≥ ${PRICED_SHARE.rate}, CPU per checkout ≤ ${PRICED_SHARE.cpu}):`,
    '',
    table(['Database', 'Checkouts/s priced / plain', 'p99 priced / plain', 'Server CPU priced / plain', 'Database CPU priced / plain'], rows, ['l', 'r', 'r', 'r', 'r']),
    '',
  ];
}

/** @param {BenchResults} results */
export function renderResults(results) {
  const { machine, settings } = results;
  const out = [];
  const minutes = Math.floor(results.totalSeconds / 60);
  const seconds = Math.round(results.totalSeconds % 60);
  out.push(
    '### Machine and run',
    '',
    `- ${machine.cpu}, ${machine.cores} cores, ${number(machine.memoryGb, 1)} GB memory, ${machine.os}`,
    `- Node ${machine.node}; SQLite through better-sqlite3; ${results.postgresVersion ? `PostgreSQL ${results.postgresVersion} on the same machine` : `no PostgreSQL (${results.postgresSkipped})`}`,
    `- ${results.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, \`npm run bench${settings.quick ? ' -- --quick' : ''}\`, ${minutes} min ${seconds} s in all`,
    `- Server code: commit ${results.revision.commit}` +
      (results.revision.uncommittedFiles ? ` with ${results.revision.uncommittedFiles} uncommitted files under apps/ and packages/` : '') +
      ` (code fingerprint ${results.revision.fingerprint})` +
      (results.revision.changedDuringRun ? '. **The server code changed on disk during the run: later rows measured newer code.**' : ''),
    `- Load average (1, 5, 15 min) at start ${machine.loadAtStart.map((value) => number(value, 2)).join(', ')}; at end ${machine.loadAtEnd.map((value) => number(value, 2)).join(', ')}`,
    '- CPU per request (the "CPU ms" columns): the server\'s from /proc/<pid>/stat (user + system, every thread); ' +
      [...new Set([...results.databases.map((entry) => entry.databaseCpu), results.scaleOut?.databaseCpu].filter((method) => method !== undefined))].map(databaseCpuText).join('; ') +
      '. Unlike requests per second, they hardly change with how busy the machine is.',
    '',
  );

  /** @type {string[]} */
  const notes = [];
  const note = (/** @type {string} */ where, /** @type {Pick<LoadResult, 'statuses' | 'failures'>} */ result) => {
    const text = problems(result);
    if (text) notes.push(`- ${where}: ${text}`);
  };

  if (results.databases.length > 0) {
    const mainSize = results.databases[0]?.mainSize ?? 0;
    out.push(
      '### API beside the ceiling',
      '',
      `${number(mainSize)} products, reviews and orders; ${settings.connections} connections, ${settings.seconds} s each after a ${settings.warmupSeconds} s warm-up, ` +
        `taken in ${settings.turns} turn${settings.turns > 1 ? 's' : ''} of ours then the ceiling. The ceiling is a bare \`node:http\` server answering the same bytes from memory.`,
      '',
    );
    const rows = [];
    for (const entry of results.databases) {
      for (const pair of entry.api) {
        rows.push([
          entry.database,
          `${pair.call} \`${pair.path}\``,
          number(pair.ours.rps),
          ms(pair.ours.p50),
          ms(pair.ours.p99),
          number(pair.ceiling.rps),
          ms(pair.ceiling.p50),
          ms(pair.ceiling.p99),
          number(pair.ours.rps / pair.ceiling.rps, 2),
          ...cpuCells(pair.ours.cpu),
        ]);
        note(`${entry.database} ${pair.call} (ours)`, pair.ours);
        note(`${entry.database} ${pair.call} (ceiling)`, pair.ceiling);
      }
    }
    out.push(
      table(
        ['Database', 'Call', 'Ours req/s', 'p50 ms', 'p99 ms', 'Ceiling req/s', 'p50 ms', 'p99 ms', 'Ours / ceiling', 'Server CPU ms/req', 'Database CPU ms/req'],
        [...rows, ...missingRows(results, 11)],
        ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
      ),
      '',
    );

    const sizes = results.databases[0]?.growth.map((stage) => stage.size) ?? [];
    out.push(
      '### Growth',
      '',
      `The same products, reviews and orders at each size; ${settings.connections} connections, ${settings.growthSeconds} s each, ` +
        'with the server\'s caches off (`PUBLIC_CACHE_MS=0`), so every request runs its queries. ' +
        'Each cell: p50 / p99 ms, requests/s. The last page is `page=last&size=6`.',
      '',
    );
    const growthRows = [];
    for (const entry of results.databases) {
      for (const call of GROWTH_CALLS) {
        const cells = entry.growth.map((stage) => {
          const result = /** @type {LoadResult} */ (stage.calls[call]);
          note(`${entry.database} ${call} at ${number(stage.size)}`, result);
          return `${ms(result.p50)} / ${ms(result.p99)}, ${number(result.rps)}/s`;
        });
        const first = entry.growth[0]?.calls[call];
        const last = entry.growth.at(-1)?.calls[call];
        growthRows.push([entry.database, call, ...cells, first && last ? `${number(last.p50 / first.p50, 1)}×` : '']);
      }
    }
    out.push(
      table(
        ['Database', 'Call', ...sizes.map((size) => `${number(size)} rows`), 'p50 growth'],
        [...growthRows, ...missingRows(results, sizes.length + 3)],
        ['l', 'l', ...sizes.map(() => 'r'), 'r'],
      ),
      '',
    );

    out.push(
      '### Search',
      '',
      `\`GET /api/search\` (facets included) at each size on the same catalogue, ${LATENCY_CONNECTIONS} connections, ` +
        `${settings.growthSeconds} s each after ${settings.growthWarmupSeconds} s unmeasured; every answer timed. ` +
        "Queries: word `q=brake`, typo `q=sprokit`, part number `q=MP 42`, category filter `category=Brakes`, two words `q=oil filter`; word, first asking: each word of the parts' names (as `brake` is) with each sort, in stock or not, and each brand or none, 2,000 different searches in turn, more than the 256 the server keeps, so none is answered from a kept search. " +
        'Each cell: p50 / p95 ms, requests/s, then the server\'s and the database\'s CPU ms a request. ' +
        'The ceiling row, measured right before at each size, is a bare `node:http` server answering the word query\'s bytes at the same connections: ' +
        'the machine\'s own p95 at that moment. Memory: the server process\'s resident set after the searches.',
      '',
    );
    const searchRows = [];
    for (const entry of results.databases) {
      for (const query of SEARCH_QUERIES) {
        const cells = entry.growth.map((stage) => {
          const result = stage.search[query];
          if (!result) return '';
          const bad = Object.entries(result.statuses).filter(([code]) => !code.startsWith('2'));
          if (bad.length > 0 || result.failures > 0) notes.push(`- ${entry.database} search ${query} at ${number(stage.size)}: ${bad.map(([code, count]) => `${number(count)} × ${code}`).join(', ')} ${result.failures ? `${result.failures} errors` : ''}`);
          const [server, database] = cpuCells(result.cpu);
          return `${ms(result.p50)} / ${ms(result.p95)}, ${number(result.rps)}/s, CPU ${server}${database === 'in server' ? '' : ` + ${database}`}`;
        });
        const first = entry.growth[0]?.search[query];
        const last = entry.growth.at(-1)?.search[query];
        searchRows.push([entry.database, query, ...cells, first && last ? `${number(last.p95 / first.p95, 1)}×` : '']);
      }
      searchRows.push([
        entry.database,
        'ceiling',
        ...entry.growth.map((stage) => (stage.searchCeiling ? `${ms(stage.searchCeiling.p50)} / ${ms(stage.searchCeiling.p95)}, ${number(stage.searchCeiling.rps)}/s` : 'n/a')),
        '',
      ]);
      searchRows.push([
        entry.database,
        'server memory',
        ...entry.growth.map((stage) => (stage.residentBytes === undefined ? 'n/a' : `${number(stage.residentBytes / 1024 ** 2)} MB`)),
        '',
      ]);
    }
    out.push(
      table(
        ['Database', 'Query', ...sizes.map((size) => `${number(size)} products`), 'p95 growth'],
        [...searchRows, ...missingRows(results, sizes.length + 3)],
        ['l', 'l', ...sizes.map(() => 'r'), 'r'],
      ),
      '',
    );
    out.push(...renderSearchDepth(results.databases, settings));
    out.push(...renderQuote(results.databases, settings));
    out.push(...renderServiceKit(results.databases, settings));
    out.push(...renderReminders(results.reminders ?? []));

    const salesStages = results.databases.flatMap((entry) => entry.sales);
    const salesSizes = [...new Set(salesStages.map((stage) => stage.orders))].sort((a, b) => a - b);
    const firstStage = salesStages[0];
    out.push(
      '### Sales',
      '',
      `The sales page's four calls (admin) for the last ${SALES_DAYS} days, each at ${SALES_CONNECTIONS} connections (two admins at once), ` +
        `${settings.growthSeconds} s each after ${settings.growthWarmupSeconds} s unmeasured; every answer timed. ` +
        `A database of its own: ${number(firstStage?.products ?? 0)} parts and an order history over ${number(firstStage?.days ?? 0)} days ` +
        '(80 % shipped, 8 % paid, 9 % cancelled, 3 % refunded; a few parts sell far more than most). Each cell: p50 / p95 ms, requests/s.',
      '',
    );
    const salesRows = [];
    for (const entry of results.databases) {
      for (const call of SALES_CALLS) {
        const cells = salesSizes.map((size) => {
          const result = entry.sales.find((stage) => stage.orders === size)?.calls[call];
          if (!result) return '';
          const bad = Object.entries(result.statuses).filter(([code]) => !code.startsWith('2'));
          if (bad.length > 0 || result.failures > 0) notes.push(`- ${entry.database} sales ${call} at ${number(size)} orders: ${bad.map(([code, count]) => `${number(count)} × ${code}`).join(', ')} ${result.failures ? `${result.failures} errors` : ''}`);
          return `${ms(result.p50)} / ${ms(result.p95)}, ${number(result.rps)}/s`;
        });
        salesRows.push([entry.database, call, ...cells]);
      }
    }
    out.push(
      table(['Database', 'Call', ...salesSizes.map((size) => `${number(size)} orders`)], [...salesRows, ...missingRows(results, salesSizes.length + 2)], ['l', 'l', ...salesSizes.map(() => 'r')]),
      '',
    );

    const firstOrders = results.databases[0]?.orders;
    out.push(
      '### Orders',
      '',
      `${firstOrders?.customers ?? 0} signed-in customers on ${firstOrders?.connections ?? 0} connections, each \`POST /api/orders\` of quantity 1 ` +
        `of one product (minimum 1), about ${settings.orderSeconds} s of orders after a short warm-up on another product. ` +
        'The ceiling: right after, a bare `node:http` server answering as many of the same POSTs, on the same connections, with the bytes of our 201 answer. ' +
        'CPU: per order placed.',
      '',
    );
    const orderRows = results.databases.map((entry) => {
      const { orders } = entry;
      note(`${entry.database} orders`, orders.load);
      return [
        entry.database,
        number(orders.requests),
        number(orders.created),
        number(orders.ordersPerSecond),
        ms(orders.load.p50),
        ms(orders.load.p99),
        `${number(orders.stockBefore)} → ${number(orders.stockAfter)}`,
        number(orders.orderRows),
        isOversellFree(orders) ? 'none' : '**WRONG**',
        orders.ceiling ? number(orders.ceiling.rps) : 'n/a',
        orders.ceiling ? number(orders.ordersPerSecond / orders.ceiling.rps, 3) : 'n/a',
        ...cpuCells(orders.cpu),
      ];
    });
    out.push(
      table(
        ['Database', 'Requests', '201 Created', 'Orders/s', 'p50 ms', 'p99 ms', 'Stock', 'Order rows', 'Oversell', 'Ceiling req/s', 'Orders / ceiling', 'Server CPU ms/order', 'Database CPU ms/order'],
        [...orderRows, ...missingRows(results, 13)],
        ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l', 'r', 'r', 'r', 'r'],
      ),
      '',
    );

    const firstCheckouts = results.databases[0]?.checkouts;
    out.push(
      '### Checkouts',
      '',
      `${firstCheckouts?.customers ?? 0} signed-in customers each \`POST /api/checkout\` a cart of ${CHECKOUT_LINES.length} lines (${CHECKOUT_LINES.join(', ')} pieces) at once, ` +
        `in ${settings.checkoutRounds} rounds after a warm-up round on other parts; the third part has stock for all but half a round, so the last round is partly refused (409, nothing taken). ` +
        'Checked afterwards: each part\'s stock went down by exactly its pieces in the 201 answers, every checkout has all its lines, and nothing else answered. ' +
        'The ceiling: right after, a bare `node:http` server answering the same carts and checkouts with our answers\' bytes. CPU: per checkout placed, its cart included. ' +
        `"Priced": the same checkouts on parts of their own, measured in turns with the plain ones (plain then priced for the first half of the rounds, priced then plain for the rest), each naming ${PRICED_ADDRESS.country}-${PRICED_ADDRESS.region} ${PRICED_ADDRESS.postcode}, the Express method and a 10 % code (no use limit), the demo's tax rates in place ` +
        '(New York\'s taxes delivery); a first one is checked to be charged delivery, tax and the code. The others send SPEC-2\'s body (location and phone), priced for the shop\'s country with its cheapest method and no tax.',
      '',
    );
    const checkoutRows = results.databases.flatMap((entry) => [
      ...[
        { name: entry.database, checkouts: entry.checkouts },
        ...(entry.pricedCheckouts ? [{ name: `${entry.database}, priced`, checkouts: entry.pricedCheckouts }] : []),
      ].map(({ name, checkouts }) => [
        name,
        number(checkouts.requests),
        number(checkouts.created),
        number(checkouts.refused),
        number(checkouts.checkoutsPerSecond),
        ms(checkouts.p50),
        ms(checkouts.p99),
        checkouts.stock.map((part) => `${number(part.before)} → ${number(part.after)}`).join('; '),
        number(checkouts.orderRows),
        isCheckoutSound(checkouts) ? 'none' : '**WRONG**',
        checkouts.ceiling ? number(checkouts.ceiling.checkoutsPerSecond) : 'n/a',
        checkouts.ceiling ? number(checkouts.checkoutsPerSecond / checkouts.ceiling.checkoutsPerSecond, 3) : 'n/a',
        ...cpuCells(checkouts.cpu),
      ]),
    ]);
    out.push(
      table(
        [
          'Database',
          'Checkouts',
          '201 Created',
          '409 No stock',
          'Checkouts/s',
          'p50 ms',
          'p99 ms',
          'Stock of the 4 parts',
          'Order rows',
          'Oversell or half checkout',
          'Ceiling checkouts/s',
          'Checkouts / ceiling',
          'Server CPU ms/checkout',
          'Database CPU ms/checkout',
        ],
        [...checkoutRows, ...missingRows(results, 14)],
        ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'l', 'r', 'l', 'r', 'r', 'r', 'r'],
      ),
      '',
      ...renderPricedRatios(results.databases),
      ...renderPayments(results.databases, settings),
    );

    const first = results.databases[0];
    out.push(
      '### Shop by bike',
      '',
      `The catalogue page and the count filtered by one bike (${first?.bike ?? 'a bench bike'}, one of 100 bench bikes; ` +
        'every part fits 0 to 10 of them, 5 on average, and 3 % fit every bike), with the caches off as in Growth; ' +
        `${LATENCY_CONNECTIONS} connections, ${settings.growthSeconds} s each. Each cell: p50 / p95 ms, requests/s.`,
      '',
    );
    const bikeRows = [];
    for (const entry of results.databases) {
      bikeRows.push([entry.database, 'fitment rows', ...entry.growth.map((stage) => number(stage.fitmentRows)), '']);
      for (const call of BIKE_CALLS) {
        const cells = entry.growth.map((stage) => {
          const result = stage.bike[call];
          if (!result) return '';
          const bad = Object.entries(result.statuses).filter(([code]) => !code.startsWith('2'));
          if (bad.length > 0 || result.failures > 0) notes.push(`- ${entry.database} ${call} at ${number(stage.size)}: ${bad.map(([code, count]) => `${number(count)} × ${code}`).join(', ')} ${result.failures ? `${result.failures} errors` : ''}`);
          return `${ms(result.p50)} / ${ms(result.p95)}, ${number(result.rps)}/s`;
        });
        const smallest = entry.growth[0]?.bike[call];
        const largest = entry.growth.at(-1)?.bike[call];
        bikeRows.push([entry.database, call, ...cells, smallest && largest ? `${number(largest.p95 / smallest.p95, 1)}×` : '']);
      }
    }
    out.push(
      table(
        ['Database', 'Call', ...sizes.map((size) => `${number(size)} products`), 'p95 growth'],
        [...bikeRows, ...missingRows(results, sizes.length + 3)],
        ['l', 'l', ...sizes.map(() => 'r'), 'r'],
      ),
      '',
    );
    const imported = first?.import;
    out.push(
      '### Catalogue import',
      '',
      `An admin imports a products file of ${number(imported?.products ?? 0)} new parts and its fitment file (\`POST /api/catalogue/import\`, checked whole, then written in one transaction) ` +
        `into the ${number(imported?.catalogueBefore ?? 0)}-part catalogue, with the server as it runs in production, while ${LATENCY_CONNECTIONS} customers browse ` +
        'the first 50 catalogue pages in turn. Time: from sending the files to the answer.',
      '',
    );
    out.push(
      table(
        ['Database', 'Parts', 'Fitment rows', 'Files MB', 'Import s', 'Catalogue p50 ms', 'p95 ms', 'p99 ms', 'Catalogue req/s'],
        [
          ...results.databases.map((entry) => {
            const result = entry.import;
            note(`${entry.database} catalogue during the import`, result.catalogue);
            return [
              entry.database,
              number(result.products),
              number(result.fitmentRows),
              number(result.bytes / 1e6, 1),
              number(result.seconds, 1),
              ms(result.catalogue.p50),
              ms(result.catalogue.p95),
              ms(result.catalogue.p99),
              number(result.catalogue.rps),
            ];
          }),
          ...missingRows(results, 9),
        ],
        ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
      ),
      '',
    );
    out.push(...renderImportLoad(results.databases));
  }

  const { scaleOut } = results;
  if (scaleOut) {
    const [one] = scaleOut.setups;
    const instances = (/** @type {number} */ count) => `${count} instance${count === 1 ? '' : 's'}`;
    out.push(
      '### Instances behind the balancer, each on a CPU quota',
      '',
      `${scaleOut.database}, a database of its own with ${number(scaleOut.products)} parts. One, two and three instances of the server (their own processes, ` +
        'the same database) behind HAProxy with `deploy/haproxy.cfg` (round robin, health checks on `/api/ready`), asked through it. ' +
        `Each instance runs in a cgroup of its own allowed ${number(scaleOut.cpusPerInstance, 2)} of a CPU (cgroup v1 \`cpu.cfs_quota_us\`), as on a small machine of its own; ` +
        `PostgreSQL, HAProxy and the load generator run outside the quotas on this machine's ${results.machine.cores} cores. ` +
        `The catalogue page at ${settings.connections} connections for ${settings.seconds} s; orders as in Orders, each setup on a part of its own. ` +
        '"Quota used" is the share of their CPU quota the instances used while measured: near 100 %, the instances were what limited the figures. ' +
        'CPU ms: the instances\' (all of them) and the database\'s, per catalogue request and per order placed; when it stays flat as instances are added while orders/s do not grow, the limit is elsewhere (the database or this machine).',
      '',
    );
    const rows = scaleOut.setups.map((setup) => {
      const label = instances(setup.instances);
      note(`${label} catalogue`, setup.catalogue);
      note(`${label} orders`, setup.orders.load);
      return [
        label,
        number(setup.catalogue.rps),
        one ? `${number(setup.catalogue.rps / one.catalogue.rps, 2)}×` : '',
        ms(setup.catalogue.p99),
        number(setup.orders.ordersPerSecond),
        one ? `${number(setup.orders.ordersPerSecond / one.orders.ordersPerSecond, 2)}×` : '',
        ms(setup.orders.load.p99),
        `${Math.round(setup.quotaUsed * 100)} %`,
        isOversellFree(setup.orders) ? 'none' : '**WRONG**',
        cpuCells(setup.catalogue.cpu).join(' + '),
        cpuCells(setup.orders.cpu).join(' + '),
      ];
    });
    out.push(
      table(
        ['Setup', 'Catalogue req/s', 'vs one', 'p99 ms', 'Orders/s', 'vs one', 'p99 ms', 'Quota used', 'Oversell', 'CPU ms/request, instances + database', 'CPU ms/order, instances + database'],
        rows,
        ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l', 'r', 'r'],
      ),
      '',
    );
    for (const message of scaleOut.serverErrors) notes.push(`- scale-out: ${message}`);
  }


  if (results.web) {
    out.push(
      '### Web',
      '',
      `Lighthouse's default (mobile, simulated throttling) performance run in Chromium, median of ${settings.lighthouseRuns} by score, ` +
        'against our server with the demo catalogue. JS and CSS: every script and stylesheet the page loaded without interaction, ' +
        'gzipped here (zlib default level); "sent" is what the server actually transferred. 1 kB = 1 000 bytes.',
      '',
    );
    out.push(
      table(
        ['Page', 'Performance', 'LCP ms', 'CLS', 'TBT ms', 'JS gzip kB', 'CSS gzip kB', 'JS + CSS sent kB', 'Scripts', 'Scores'],
        results.web.pages.map((page) => [
          `\`${page.page}\``,
          page.score,
          number(page.lcp),
          number(page.cls, 3),
          number(page.tbt),
          kb(page.jsGzip),
          kb(page.cssGzip),
          kb(page.jsWire + page.cssWire),
          page.scripts,
          page.scores.join(', '),
        ]),
        ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
      ),
      '',
      `Product images: ${results.web.pages.map((page) => `\`${page.page}\` loaded ${page.imageSizes.length}, largest ${kb(Math.max(0, ...page.imageSizes))} kB`).join('; ')}; ` +
        `the catalogue's ${results.web.images.count} stored images, largest ${kb(results.web.images.largest)} kB.`,
      '',
    );
  }

  for (const entry of results.databases) {
    /** @type {Map<string, number>} */
    const counts = new Map();
    for (const message of entry.serverErrors) counts.set(message, (counts.get(message) ?? 0) + 1);
    for (const [message, count] of counts) notes.push(`- ${entry.database} server logged ${number(count)} × "${message}"`);
  }

  const failed = Object.entries(results.failures);
  if (failed.length > 0) out.push('### Parts that failed', '', ...failed.map(([name, why]) => `- ${name}: ${why.split('\n')[0]}`), '');

  out.push('### Targets', '');
  for (const target of checkTargets(results)) {
    const verdict = target.met === undefined ? 'not measured' : target.met ? 'met' : '**NOT met**';
    out.push(`- ${verdict}: ${target.label} (${target.detail})`);
  }
  out.push('');
  if (notes.length > 0) out.push('### Answers other than 2xx, and server errors', '', ...notes, '');
  return out.join('\n');
}
