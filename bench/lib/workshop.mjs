// @ts-check
/**
 * Workshops (issue 37): a page of the catalogue asked by workshop accounts (their own trade
 * prices, an answer no cache keeps) beside the same pages asked anonymously (the public answer,
 * cached), measured in the same run on the same server; and a quick order of 100 lines of the
 * bench catalogue's part numbers. And the Markdown section of their rows.
 */
import { sql } from 'kysely';
import { latencyCell, number } from './format.mjs';
import { measureLatency } from './latency.mjs';

/** How many of the bench's customers are made workshops, and their trade discount (hundredths of a percent: 15 %). */
const WORKSHOPS = 100;
const TRADE_DISCOUNT = 1500;
/** The catalogue pages asked, in turn, by both sides. */
const PAGES = 10;
const PAGE_SIZE = 6;
/** A quick order's lines: each of half as many parts twice, written two ways ('MP-12 x2' and 'mp 12, 2'). */
const QUICK_LINES = 100;
/** The target: a workshop's catalogue page at least this share of the anonymous one's requests per second. */
export const WORKSHOP_SHARE_TARGET = 0.5;

/**
 * @typedef {object} WorkshopStage
 * @property {number} size          parts in the catalogue
 * @property {number} connections
 * @property {number} workshops     workshop accounts asking in turn
 * @property {import('./latency.mjs').LatencyResult} anonymous   the catalogue pages without a bearer
 * @property {import('./latency.mjs').LatencyResult} customer    the same pages, each request the bearer of a customer who is not a workshop (the public answer)
 * @property {import('./latency.mjs').LatencyResult} workshop    the same pages, each request a workshop's bearer
 * @property {import('./latency.mjs').LatencyResult} quickOrder  POST /api/cart/quick of QUICK_LINES lines
 * @property {number} quickLines
 */

/**
 * Makes the first WORKSHOPS bench customers workshops, straight in the database, and empties their
 * carts; the next WORKSHOPS stay customers who are not workshops.
 * @param {{ db: import('kysely').Kysely<any>, customers: Array<{ id: string, token: string }> }} shop
 */
export async function prepareWorkshops({ db, customers }) {
  const workshops = customers.slice(0, WORKSHOPS);
  if (workshops.length === 0) throw new Error('the bench has no customers to make workshops');
  const ids = workshops.map((customer) => customer.id);
  await db.updateTable('users').set({ workshop: sql`true`, trade_discount: TRADE_DISCOUNT }).where('id', 'in', ids).execute();
  await db.deleteFrom('cart_lines').where('user_id', 'in', ids).execute();
  const customersToo = customers.slice(WORKSHOPS, 2 * WORKSHOPS);
  if (customersToo.length === 0) throw new Error(`the bench has ${customers.length} customers: ${WORKSHOPS} workshops and customers beside them needed`);
  return { workshops, customers: customersToo };
}

/**
 * The quick order's text: QUICK_LINES lines of generated parts with plenty of stock, each part on
 * two lines written differently, each line its minimum (so the two add up past it); and how many
 * parts it names.
 * @param {import('kysely').Kysely<any>} db
 */
async function quickOrderText(db) {
  const parts = await db
    .selectFrom('products')
    .select(['part_number', 'minimum'])
    .where('part_number', 'like', 'MP-%')
    .where('quantity', '>=', 200)
    .orderBy('id')
    .limit(QUICK_LINES / 2)
    .execute();
  if (parts.length < QUICK_LINES / 2) throw new Error(`the bench catalogue has ${parts.length} parts with 200 pieces in stock, ${QUICK_LINES / 2} needed`);
  const lines = parts.flatMap((/** @type {{ part_number: string, minimum: number }} */ part) => [`${part.part_number} x${part.minimum}`, `${part.part_number.toLowerCase().replace('-', ' ')}, ${part.minimum}`]);
  return { text: lines.join('\n'), parts: parts.length };
}

/**
 * Checks a workshop's page carries its trade prices privately and the public one does not; then,
 * in the same run, the catalogue pages anonymously, the same pages as workshops, and the quick order.
 * @param {string} origin
 * @param {{ db: import('kysely').Kysely<any>, workshops: Array<{ token: string }>, customers: Array<{ token: string }>, size: number, connections: number }} target
 * @param {import('./report.mjs').Settings} settings
 * @param {import('./cpu.mjs').CpuMeter} [meter]
 * @returns {Promise<WorkshopStage>}
 */
export async function measureWorkshop(origin, { db, workshops, customers, size, connections }, settings, meter) {
  const pages = Array.from({ length: PAGES }, (_, page) => `${origin}/api/products?page=${page}&size=${PAGE_SIZE}`);
  const bearer = (/** @type {{ token: string }} */ workshop) => ({ authorization: `Bearer ${workshop.token}` });
  const [first] = workshops;
  if (!first || !pages[0]) throw new Error('no workshop to measure');

  const publicPage = await fetch(pages[0]);
  const tradePage = await fetch(pages[0], { headers: bearer(first) });
  const publicParts = /** @type {Array<{ price: number, listPrice?: number }>} */ (await publicPage.json());
  const tradeParts = /** @type {Array<{ price: number, listPrice?: number }>} */ (await tradePage.json());
  const tradeCacheControl = tradePage.headers.get('cache-control') ?? '';
  if (!tradeParts.every((part) => part.listPrice !== undefined && part.price < part.listPrice) || !tradeCacheControl.includes('private')) {
    throw new Error(`a workshop's catalogue page answered without its trade prices (Cache-Control: ${tradeCacheControl || 'none'}): the code measured has no workshop prices`);
  }
  if (publicParts.some((part) => part.listPrice !== undefined)) throw new Error('the anonymous catalogue page answered a workshop price');

  const { text, parts } = await quickOrderText(db);
  const quickUrl = `${origin}/api/cart/quick`;
  const checked = await fetch(quickUrl, { method: 'POST', headers: { ...bearer(first), 'content-type': 'application/json' }, body: JSON.stringify({ text }) });
  const answer = /** @type {{ added?: unknown[], errors?: unknown[] }} */ (await checked.json());
  if (checked.status !== 200 || answer.added?.length !== parts || answer.errors?.length !== 0) {
    throw new Error(`POST /api/cart/quick answered ${checked.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  }

  const timing = { connections, seconds: settings.seconds, warmupSeconds: settings.warmupSeconds };
  const anonymous = await measureLatency({ url: pages, ...timing, meter });
  const customer = await measureLatency({ url: customers.map((each, index) => ({ url: /** @type {string} */ (pages[index % PAGES]), headers: bearer(each) })), ...timing, meter });
  const workshop = await measureLatency({ url: workshops.map((each, index) => ({ url: /** @type {string} */ (pages[index % PAGES]), headers: bearer(each) })), ...timing, meter });
  const quickOrder = await measureLatency({ url: workshops.map((each) => ({ url: quickUrl, headers: bearer(each) })), body: { text }, ...timing, meter });
  console.log(`  catalogue page, anonymous  ${latencyText(anonymous)}`);
  console.log(`  catalogue page, customer   ${latencyText(customer)}`);
  console.log(`  catalogue page, workshop   ${latencyText(workshop)} (${number(workshop.rps / anonymous.rps, 2)} of the anonymous req/s)`);
  console.log(`  quick order, ${QUICK_LINES} lines     ${latencyText(quickOrder)}`);
  return { size, connections, workshops: workshops.length, anonymous, customer, workshop, quickOrder, quickLines: QUICK_LINES };
}

/** @param {import('./latency.mjs').LatencyResult} result */
const latencyText = (result) => `${Math.round(result.rps).toLocaleString('en-GB')} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms`;

/**
 * The Markdown section: per database, the catalogue page anonymous and as workshops, their share, and the quick order.
 * @param {Array<{ database: string, workshop?: WorkshopStage }>} databases
 * @param {import('./report.mjs').Settings} settings
 * @returns {string[]}
 */
export function renderWorkshop(databases, settings) {
  const measured = databases.filter((entry) => entry.workshop);
  const example = measured[0]?.workshop;
  if (!example) return [];
  const lines = [
    '### Workshops',
    '',
    `At ${number(example.size)} parts, the server as it runs in production (caches on), ${example.connections} connections, ${settings.seconds} s each after ${settings.warmupSeconds} s unmeasured, every answer timed. ` +
      `\`GET /api/products?page=N&size=${PAGE_SIZE}\` for ${PAGES} pages in turn: anonymously (the public answer, kept by the caches), then, in the same run, the same pages ` +
      `with the bearer of ${example.workshops} customers who are not workshops in turn (the public answer, but the bearer read and the response cache passed by), and of ${example.workshops} workshop accounts in turn (${TRADE_DISCOUNT / 100} % trade discount: the bearer read, the public answer priced for that request, kept by no cache; checked first). ` +
      `Issue 37's target: the workshop's at least ${WORKSHOP_SHARE_TARGET} of the anonymous requests per second. ` +
      `\`POST /api/cart/quick\` with ${example.quickLines} lines of the bench catalogue's part numbers (${example.quickLines / 2} parts, each on two lines written two ways), each request a workshop's, into its cart. ` +
      'Each cell: p50 / p95 / p99 ms, requests/s; CPU ms a request, the server\'s and the database\'s.',
    '',
    '| Database | Catalogue page, anonymous | Catalogue page, customer | Catalogue page, workshop | Workshop / anonymous req/s | Quick order, 100 lines |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const entry of measured) {
    const stage = /** @type {WorkshopStage} */ (entry.workshop);
    const share = stage.workshop.rps / stage.anonymous.rps;
    lines.push(`| ${entry.database} | ${latencyCell(stage.anonymous)} | ${latencyCell(stage.customer)} | ${latencyCell(stage.workshop)} | ${number(share, 2)}${share >= WORKSHOP_SHARE_TARGET ? '' : ' (below the target)'} | ${latencyCell(stage.quickOrder)} |`);
  }
  lines.push('');
  return lines;
}
