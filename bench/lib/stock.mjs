// @ts-check
/**
 * The stock history's cost (SPEC-3 section 7, migration 044): every stock change writes its
 * movement from a trigger on `products`, in the statement that changes it. Orders
 * (`POST /api/orders`) and checkouts (`PUT /api/cart` then `POST /api/checkout`) on a database as
 * migrated, beside the same on a twin database whose two products triggers are dropped (the
 * reason column is then written and ignored), in the same run, in turns (with, without; then
 * without, with; ...), so a change in the machine's load falls on both alike. And the Markdown
 * section of their rows.
 */
import { sql } from 'kysely';
import { measurePosts, measureSequences } from './load.mjs';
import { number } from './format.mjs';
import { CHECKOUT_LINES } from './report.mjs';

/** The target: with the movements, at least this share of the orders and checkouts a second without them. */
const STOCK_RATIO_TARGET = 0.85;
const ORDER = { quantity: 1, location: 'Bench street 1', phone: '+44 7700 900000' };
const CHECKOUT = { location: 'Bench street 1', phone: '+44 7700 900000' };

/**
 * @typedef {object} StockSide
 * @property {string} origin
 * @property {string[]} tokens          the customers' bearers, one connection each
 * @property {string} productId         the part the orders take, with stock for all of them
 * @property {string[]} checkoutIds     a checkout's parts (CHECKOUT_LINES pieces each), with stock for all of them
 */

/**
 * @typedef {{ created: number, seconds: number, p50: number, p99: number, other: number }} StockRate
 * @typedef {object} StockStage
 * @property {number} size             parts in the catalogue
 * @property {number} connections
 * @property {number} turns
 * @property {{ orders: StockRate, checkouts: StockRate }} withMovements
 * @property {{ orders: StockRate, checkouts: StockRate }} withoutMovements
 * @property {number} ordersRatio      with / without, orders a second
 * @property {number} checkoutsRatio   with / without, checkouts a second
 * @property {{ with: number, without: number }} movements   movements the measured runs wrote on each side (the twin's must be 0)
 */

/**
 * The twin: the database as migrated, less the two triggers that write the movements. On
 * PostgreSQL the triggers' function stays (as the brief of the comparison says: the same schema
 * but for the triggers).
 * @param {import('kysely').Kysely<any>} db
 * @param {boolean} postgres
 */
export async function dropStockTriggers(db, postgres) {
  for (const trigger of ['products_stock_insert', 'products_stock_update']) {
    await sql.raw(postgres ? `drop trigger ${trigger} on products` : `drop trigger ${trigger}`).execute(db);
  }
}

/** @param {import('kysely').Kysely<any>} db */
async function countMovements(db) {
  const row = await db.selectFrom('stock_movements').select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Orders, then checkouts, on both sides in turns; each side warmed up first.
 * @param {{ with: StockSide & { db: import('kysely').Kysely<any> }, without: StockSide & { db: import('kysely').Kysely<any> }, size: number }} target
 * @param {import('./report.mjs').Settings} settings
 * @returns {Promise<StockStage>}
 */
export async function measureStock({ with: withSide, without, size }, settings) {
  const sides = [withSide, without];
  const connections = withSide.tokens.length;
  const turns = Math.max(2, settings.turns * 2);
  const orderBody = (/** @type {StockSide} */ side) => ({ productId: side.productId, ...ORDER });
  const journey = (/** @type {StockSide} */ side) => [
    { method: 'PUT', path: '/api/cart', body: { lines: side.checkoutIds.map((productId, index) => ({ productId, quantity: CHECKOUT_LINES[index] })) } },
    { method: 'POST', path: '/api/checkout', body: CHECKOUT },
  ];

  // Warm-up, unmeasured: wakes each server's order and checkout paths up, and gives their pace.
  let rate = Infinity;
  for (const side of sides) {
    const warm = await measurePosts({ url: `${side.origin}/api/orders`, connections, tokens: side.tokens, body: orderBody(side), amount: connections * 5 });
    await measureSequences({ origin: side.origin, tokens: side.tokens, steps: journey(side), amount: connections * 2 });
    rate = Math.min(rate, (warm.statuses['201'] ?? 0) / warm.seconds);
  }
  const ordersPerTurn = Math.max(connections * 2, Math.round((rate * settings.orderSeconds) / turns));
  const checkoutsPerTurn = connections * 2 * Math.max(1, Math.round(settings.checkoutRounds / 2));

  const before = await Promise.all(sides.map((side) => countMovements(side.db)));
  /** @type {Array<{ orders: import('./load.mjs').LoadResult[], checkouts: import('./load.mjs').LoadResult[] }>} */
  const runs = sides.map(() => ({ orders: [], checkouts: [] }));
  for (let turn = 0; turn < turns; turn++) {
    const order = turn % 2 === 0 ? [0, 1] : [1, 0];
    for (const index of order) {
      const side = /** @type {StockSide} */ (sides[index]);
      runs[index]?.orders.push(await measurePosts({ url: `${side.origin}/api/orders`, connections, tokens: side.tokens, body: orderBody(side), amount: ordersPerTurn }));
    }
    for (const index of order) {
      const side = /** @type {StockSide} */ (sides[index]);
      runs[index]?.checkouts.push(await measureSequences({ origin: side.origin, tokens: side.tokens, steps: journey(side), amount: checkoutsPerTurn }));
    }
  }
  const after = await Promise.all(sides.map((side) => countMovements(side.db)));

  const [withRuns, withoutRuns] = runs.map((side) => ({ orders: rateOf(side.orders, '201', ['201']), checkouts: rateOf(side.checkouts, '201', ['200', '201']) }));
  const stage = {
    size,
    connections,
    turns,
    withMovements: /** @type {{ orders: StockRate, checkouts: StockRate }} */ (withRuns),
    withoutMovements: /** @type {{ orders: StockRate, checkouts: StockRate }} */ (withoutRuns),
    ordersRatio: perSecond(/** @type {StockRate} */ (withRuns?.orders)) / perSecond(/** @type {StockRate} */ (withoutRuns?.orders)),
    checkoutsRatio: perSecond(/** @type {StockRate} */ (withRuns?.checkouts)) / perSecond(/** @type {StockRate} */ (withoutRuns?.checkouts)),
    movements: { with: (after[0] ?? 0) - (before[0] ?? 0), without: (after[1] ?? 0) - (before[1] ?? 0) },
  };
  const expected = stage.withMovements.orders.created + stage.withMovements.checkouts.created * CHECKOUT_LINES.length;
  if (stage.movements.with !== expected) throw new Error(`the measured runs wrote ${stage.movements.with} movements, ${expected} expected (one per order line)`);
  if (stage.movements.without !== 0) throw new Error(`the twin without triggers wrote ${stage.movements.without} movements`);
  console.log(`  orders, with movements      ${rateText(stage.withMovements.orders, 'orders')}`);
  console.log(`  orders, without             ${rateText(stage.withoutMovements.orders, 'orders')}  (with / without ${number(stage.ordersRatio, 2)})`);
  console.log(`  checkouts, with movements   ${rateText(stage.withMovements.checkouts, 'checkouts')}`);
  console.log(`  checkouts, without          ${rateText(stage.withoutMovements.checkouts, 'checkouts')}  (with / without ${number(stage.checkoutsRatio, 2)})`);
  return stage;
}

/**
 * The created answers a second over a kind's runs, their median p50 and worst p99, and answers other than `expected`.
 * @param {import('./load.mjs').LoadResult[]} loads
 * @param {string} counted
 * @param {string[]} expected
 * @returns {StockRate}
 */
function rateOf(loads, counted, expected) {
  const p50s = loads.map((load) => load.p50).sort((a, b) => a - b);
  return {
    created: loads.reduce((sum, load) => sum + (load.statuses[counted] ?? 0), 0),
    seconds: loads.reduce((sum, load) => sum + load.seconds, 0),
    p50: /** @type {number} */ (p50s[Math.floor(p50s.length / 2)]),
    p99: Math.max(...loads.map((load) => load.p99)),
    other: loads.reduce((sum, load) => sum + Object.entries(load.statuses).filter(([code]) => !expected.includes(code)).reduce((total, [, count]) => total + count, 0), 0),
  };
}

/** @param {StockRate} rate */
const perSecond = (rate) => rate.created / rate.seconds;
/** @param {StockRate} rate @param {string} what */
const rateText = (rate, what) => `${Math.round(perSecond(rate)).toLocaleString('en-GB')} ${what}/s, p50 ${rate.p50} ms, p99 ${rate.p99} ms, ${rate.created} × 201${rate.other ? `, ${rate.other} other answers` : ''}`;

/**
 * The Markdown section: per database, orders and checkouts a second with the movements and without, and their ratio.
 * @param {Array<{ database: string, stock?: StockStage }>} databases
 * @returns {string[]}
 */
export function renderStock(databases) {
  const measured = databases.filter((entry) => entry.stock);
  const example = measured[0]?.stock;
  if (!example) return [];
  const lines = [
    '### Stock history',
    '',
    `At ${number(example.size)} parts, ${example.connections} customers on a connection each, the server as it runs in production. ` +
      '`POST /api/orders` of one piece, then checkouts of ' +
      `${CHECKOUT_LINES.length} lines (\`PUT /api/cart\` then \`POST /api/checkout\`), each on a database as migrated (every stock change writes its movement from a trigger) ` +
      `and on a twin without the two products triggers, in ${example.turns} turns each (with, without; then without, with; ...), in the same run. ` +
      `The target: with movements at least ${STOCK_RATIO_TARGET} of the rate without. Each cell: per second, p50 / p99 ms.`,
    '',
    '| Database | Orders/s with movements | Orders/s without | With / without | Checkouts/s with movements | Checkouts/s without | With / without |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const cell = (/** @type {StockRate} */ rate) => `${number(perSecond(rate))} (${rate.p50} / ${rate.p99})`;
  const ratio = (/** @type {number} */ value) => `${number(value, 2)}${value >= STOCK_RATIO_TARGET ? '' : ' (below the target)'}`;
  for (const entry of measured) {
    const stage = /** @type {StockStage} */ (entry.stock);
    lines.push(
      `| ${entry.database} | ${cell(stage.withMovements.orders)} | ${cell(stage.withoutMovements.orders)} | ${ratio(stage.ordersRatio)} | ${cell(stage.withMovements.checkouts)} | ${cell(stage.withoutMovements.checkouts)} | ${ratio(stage.checkoutsRatio)} |`,
    );
  }
  lines.push('');
  return lines;
}
