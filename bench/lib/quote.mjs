// @ts-check
/**
 * What delivery, tax and a discount code cost (issue 33): the shop priced as a real one is (the
 * demo's tax rates, the Express method, a percent code), `POST /api/quote` at two catalogue
 * sizes beside the ceiling answering its bytes, and the Markdown section of the quote's rows.
 */
import { startCeiling } from './ceiling.mjs';
import { latencyCell, number } from './format.mjs';
import { measureLatency } from './latency.mjs';

/** The code the bench's admin creates: a percent off every line, no use limit, no end. */
const DISCOUNT = { code: 'BENCHTEN', kind: 'percent', value: 10, usesTotal: null };
/** The method the priced rows choose: not the cheapest, so the choice is the customer's. */
const METHOD = 'Express';
/** New York: its demo rate taxes delivery too, so every amount of the quote is at work. */
export const PRICED_ADDRESS = { country: 'US', region: 'NY', postcode: '10001' };
/** The catalogue sizes the quote is measured at (issue 33). */
export const QUOTE_SIZES = [100, 10_000];
/** The quoted cart: these generated parts (every size holds them), with these pieces. */
const QUOTE_PARTS = [
  { position: 9, quantity: 1 },
  { position: 49, quantity: 2 },
  { position: 89, quantity: 1 },
];

/**
 * @typedef {object} Pricing   what the priced rows send beside the address
 * @property {string} shippingMethodId   the Express method's id
 * @property {string} discountCode
 */

/**
 * @typedef {object} QuoteStage
 * @property {number} size     parts in the catalogue
 * @property {number} connections
 * @property {import('./latency.mjs').LatencyResult} ours
 * @property {import('./latency.mjs').LatencyResult} ceiling   a bare server answering the quote's bytes to the same POSTs at the same connections, right before
 * @property {{ subtotal: number, discount: number, shipping: number, tax: number, total: number }} answer   the quote's amounts, dollars
 */

/** What a measurement that fails for want of a call in the code measured says (ab.mjs reads it). */
export const LACKS_CALL = 'the code measured has no such call';

/**
 * One JSON call that must answer `status`; a 404 means the code measured does not have the call
 * at all (it predates delivery, tax and discount codes), and says so.
 * @param {string} origin
 * @param {string} method
 * @param {string} path
 * @param {{ token?: string, body?: unknown, status?: number }} [options]
 */
async function call(origin, method, path, { token, body, status = 200 } = {}) {
  /** @type {Record<string, string>} */
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(origin + path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await response.text();
  if (response.status === 404) {
    throw new Error(`${method} ${path} answered 404: ${LACKS_CALL}, so it cannot be priced with delivery, tax and a discount code`);
  }
  if (response.status !== status) throw new Error(`${method} ${path} answered ${response.status}, not ${status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * Prices the shop as the demo does, through the API as an admin would: the demo's tax rates
 * (a migrated database has none; the demo seed, which the bench does not run, adds them) and a
 * percent code; the delivery methods are the ones every shop starts with. Safe to call again on
 * the same database.
 * @param {string} origin
 * @param {string} adminToken
 * @returns {Promise<Pricing>}
 */
export async function preparePricing(origin, adminToken) {
  // Loaded here, not with the module: the report renders the quote's rows without the server's code.
  const { DEMO_TAX_RATES } = await import('./server-code.mjs');
  const { rates } = /** @type {{ rates: Array<{ country: string, region?: string, rate: number }> }} */ (await call(origin, 'GET', '/api/tax-rates', { token: adminToken }));
  const place = (/** @type {{ country: string, region?: string | null }} */ rate) => `${rate.country}-${rate.region ?? ''}`;
  const demo = DEMO_TAX_RATES.map(place).sort().join();
  if (rates.map(place).sort().join() !== demo) {
    await call(origin, 'PUT', '/api/tax-rates', { token: adminToken, body: { rates: DEMO_TAX_RATES } });
    console.log(`  tax rates: ${rates.length === 0 ? 'none in the database' : `${rates.length} in the database`}; the demo's ${DEMO_TAX_RATES.length} (${DEMO_TAX_RATES.map(place).join(', ')}) put in place`);
  }
  const methods = /** @type {Array<{ _id: string, name: string }>} */ (await call(origin, 'GET', `/api/shipping-methods?country=${PRICED_ADDRESS.country}`));
  const method = methods.find((each) => each.name === METHOD);
  if (!method) throw new Error(`no '${METHOD}' delivery method serves ${PRICED_ADDRESS.country}: ${methods.map((each) => each.name).join(', ')}`);
  const discounts = /** @type {Array<{ code: string }>} */ (await call(origin, 'GET', '/api/discounts', { token: adminToken }));
  if (!discounts.some((discount) => discount.code === DISCOUNT.code)) await call(origin, 'POST', '/api/discounts', { token: adminToken, body: DISCOUNT, status: 201 });
  return { shippingMethodId: method._id, discountCode: DISCOUNT.code };
}

/** The priced rows' delivery, tax and code, as the purchase page and checkout send them. @param {Pricing} pricing */
export const pricedOptions = (pricing) => ({ ...PRICED_ADDRESS, shippingMethodId: pricing.shippingMethodId, discountCode: pricing.discountCode });

/**
 * Checks a quote or a placed purchase priced with `pricing`: the code taken, delivery and tax charged.
 * @param {string} what
 * @param {{ discountCode?: string | null, discount: number, shipping: number, tax: number, total: number }} answer
 * @param {Pricing} pricing
 */
export function checkPriced(what, answer, pricing) {
  if (answer.discountCode !== pricing.discountCode || !(answer.discount > 0) || !(answer.shipping > 0) || !(answer.tax > 0)) {
    throw new Error(`${what} is not priced with delivery, tax and the code: ${JSON.stringify({ discountCode: answer.discountCode, discount: answer.discount, shipping: answer.shipping, tax: answer.tax, total: answer.total })}`);
  }
}

/**
 * `POST /api/quote` as a visitor (no bearer: the lines are sent) for three catalogue parts to
 * New York by Express with the code, at `connections` connections; first checked to answer
 * the code applied, delivery and tax. The reference: the ceiling answering the quote's bytes to
 * the same POSTs at the same connections, right before.
 * @param {string} origin
 * @param {{ productIds: string[], pricing: Pricing, size: number, connections: number }} target
 * @param {import('./report.mjs').Settings} settings
 * @param {import('./cpu.mjs').CpuMeter} [meter]
 * @returns {Promise<QuoteStage>}
 */
export async function measureQuote(origin, { productIds, pricing, size, connections }, settings, meter) {
  const lines = QUOTE_PARTS.map(({ position, quantity }) => {
    const productId = productIds[position];
    if (!productId) throw new Error(`the quote's cart needs ${position + 1} catalogue parts, there are ${productIds.length}`);
    return { productId, quantity };
  });
  const body = { lines, ...pricedOptions(pricing) };
  const first = await fetch(`${origin}/api/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const bytes = Buffer.from(await first.arrayBuffer());
  if (first.status === 404) throw new Error(`POST /api/quote answered 404: ${LACKS_CALL}, so it has no quote to measure`);
  if (first.status !== 200) throw new Error(`POST /api/quote answered ${first.status}: ${bytes.toString().slice(0, 300)}`);
  const answer = /** @type {{ lines: unknown[], shippingMethodId: string, discountCode: string | null, subtotal: number, discount: number, shipping: number, tax: number, total: number }} */ (
    JSON.parse(bytes.toString())
  );
  checkPriced('the quote', answer, pricing);
  if (answer.lines.length !== lines.length || answer.shippingMethodId !== pricing.shippingMethodId) throw new Error(`the quote answered ${answer.lines.length} lines and method ${answer.shippingMethodId}`);

  const timing = { connections, seconds: settings.quoteSeconds, body };
  const ceiling = await startCeiling([{ path: '/api/quote', status: 200, contentType: first.headers.get('content-type') ?? 'application/json', body: bytes.toString('base64') }]);
  /** @type {import('./latency.mjs').LatencyResult} */
  let reference;
  try {
    reference = await measureLatency({ url: `${ceiling.url}/api/quote`, ...timing, warmupSeconds: settings.growthWarmupSeconds });
  } finally {
    await ceiling.stop();
  }
  // A longer warm-up than the ceiling's: the quote's own code (pricing, dates, the code's rules) is cold on a fresh server.
  const ours = await measureLatency({ url: `${origin}/api/quote`, ...timing, warmupSeconds: settings.warmupSeconds, meter });
  const amounts = { subtotal: answer.subtotal, discount: answer.discount, shipping: answer.shipping, tax: answer.tax, total: answer.total };
  const cpu = ours.cpu ? `, CPU server ${ours.cpu.serverMs?.toFixed(2) ?? 'n/a'} ms${ours.cpu.databaseMethod === 'in-process' ? '' : ` + database ${ours.cpu.databaseMs?.toFixed(2) ?? 'n/a'} ms`} a request` : '';
  console.log(`  quote             ${latencyText(ours)}${cpu} (${amountsText(amounts)})`);
  console.log(`  quote ceiling     ${latencyText(reference)} (the quote's bytes, the same POSTs)`);
  return { size, connections, ours, ceiling: reference, answer: amounts };
}

/** @param {QuoteStage['answer']} answer */
const amountsText = ({ subtotal, discount, shipping, tax, total }) => {
  const dollars = (/** @type {number} */ value) => `$${value.toFixed(2)}`;
  return `${dollars(subtotal)} − ${dollars(discount)} code + ${dollars(shipping)} delivery + ${dollars(tax)} tax = ${dollars(total)}`;
};

/** @param {import('./latency.mjs').LatencyResult} result */
const latencyText = (result) => `${Math.round(result.rps).toLocaleString('en-GB')} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms`;

/**
 * The Markdown section: per database, the quote and its ceiling at each size, and their ratio.
 * @param {Array<{ database: string, quote?: QuoteStage[] }>} databases
 * @param {import('./report.mjs').Settings} settings
 * @returns {string[]}
 */
export function renderQuote(databases, settings) {
  const measured = databases.filter((entry) => entry.quote && entry.quote.length > 0);
  if (measured.length === 0) return [];
  const sizes = [...new Set(measured.flatMap((entry) => (entry.quote ?? []).map((stage) => stage.size)))].sort((a, b) => a - b);
  const example = measured[0]?.quote?.[0];
  const lines = [
    '### Quote',
    '',
    `\`POST /api/quote\` as a visitor (the lines sent, no bearer): three parts of the catalogue (${QUOTE_PARTS.map((part) => part.quantity).join(', ')} pieces) ` +
      `to ${PRICED_ADDRESS.country}-${PRICED_ADDRESS.region} ${PRICED_ADDRESS.postcode} by ${METHOD}, with a ${DISCOUNT.value} % code (no use limit), the demo's tax rates in place ` +
      `(New York's taxes delivery)${example ? `: ${amountsText(example.answer)}` : ''}; ` +
      `the first answer checked to carry the code, delivery and tax. ${example?.connections ?? 0} connections, ${settings.quoteSeconds} s each after ${settings.warmupSeconds} s unmeasured (the ceiling ${settings.growthWarmupSeconds} s), every answer timed, ` +
      'with the caches off as in Growth. The ceiling, measured right before at each size, is a bare `node:http` server answering the quote\'s bytes to the same POSTs at the same connections. ' +
      'Each cell: p50 / p95 / p99 ms, requests/s; CPU ms a request, the server\'s and the database\'s.',
    '',
  ];
  /** @type {Array<Array<string | number>>} */
  const rows = [];
  for (const entry of measured) {
    const at = (/** @type {number} */ size) => entry.quote?.find((stage) => stage.size === size);
    const cell = latencyCell;
    const smallest = at(sizes[0] ?? 0)?.ours;
    const largest = at(sizes.at(-1) ?? 0)?.ours;
    rows.push([entry.database, 'quote', ...sizes.map((size) => cell(at(size)?.ours)), smallest && largest && sizes.length > 1 ? `${number(largest.p95 / smallest.p95, 1)}×` : '']);
    rows.push([entry.database, 'ceiling', ...sizes.map((size) => cell(at(size)?.ceiling)), '']);
    rows.push([
      entry.database,
      'quote / ceiling',
      ...sizes.map((size) => {
        const stage = at(size);
        return stage ? `${number(stage.ours.rps / stage.ceiling.rps, 2)} of its req/s, p95 ${number(stage.ours.p95 / stage.ceiling.p95, 1)}×` : '';
      }),
      '',
    ]);
  }
  const header = ['Database', 'Call', ...sizes.map((size) => `${number(size)} parts`), 'p95 growth'];
  lines.push(`| ${header.join(' | ')} |`, `| ${header.map((_, index) => (index < 2 ? '---' : '---:')).join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`), '');
  return lines;
}
