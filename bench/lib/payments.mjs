// @ts-check
/**
 * What paying costs now that the payment issues its invoice, and what the invoice's PDF costs
 * (issue 34): purchases placed beforehand are paid as the web app pays in test mode, the
 * confirming `PATCH /api/orders/{id}` (which marks the purchase paid and issues its invoice in
 * one transaction) timed under concurrent payments; every purchase is then checked paid with one
 * invoice, numbered without gaps. Then the owners download their invoices beside the ceiling
 * answering one PDF's bytes. And the Markdown section of these rows.
 */
import http from 'node:http';
import { assertRunning } from './cleanup.mjs';
import { startCeiling } from './ceiling.mjs';
import { ms, number } from './format.mjs';
import { measureLatency, percentile } from './latency.mjs';
import { LACKS_CALL } from './quote.mjs';

/** Payments at once: issue 34 asks for 50 concurrent payments of different purchases. */
export const CONFIRM_CONNECTIONS = 50;
/** Stripe's test card that succeeds, as the payment page sends it in test mode. */
const TEST_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const ORDER = { quantity: 1, location: 'Bench street 1', phone: '+44 7700 900000' };
/** Invoice numbers as decision 039 makes them: 'INV-2026-00001'. */
const INVOICE_NUMBER = /^INV-(\d{4})-(\d+)$/;

/**
 * @typedef {object} InvoiceCheck   the `invoices` and `document_counters` rows after the payments
 * @property {number} invoices       invoices of the purchases paid (the warm-up's included)
 * @property {number} withoutInvoice   paid purchases with none
 * @property {number} withSeveral      paid purchases with more than one
 * @property {number} others         invoices of purchases the bench did not pay
 * @property {string} first          the lowest number
 * @property {string} last           the highest number
 * @property {number} gaps           numbers missing or repeated within a year
 * @property {number} counterOff     years whose counter row is not their highest number
 */

/**
 * @typedef {object} InvoiceDownload
 * @property {number} connections
 * @property {number} bytes     the first PDF's size
 * @property {number} purchases   the invoices downloaded in turn
 * @property {import('./latency.mjs').LatencyResult} ours
 * @property {import('./latency.mjs').LatencyResult} ceiling   a bare server answering the first PDF's bytes at the same connections, right before
 */

/**
 * @typedef {object} PaymentsResult
 * @property {number} customers
 * @property {number} connections    payments at once
 * @property {number} warmup         purchases paid whole first, unmeasured
 * @property {number} purchases      purchases whose confirmation was measured
 * @property {number} confirmed      200 answers to the confirmations
 * @property {number} confirmationsPerSecond
 * @property {number} p50            ms, of the 200 answers
 * @property {number} p95
 * @property {number} p99
 * @property {Record<string, number>} statuses   the confirmations' answers by status
 * @property {number} failures       connection errors
 * @property {import('./cpu.mjs').CpuCost} [cpu]   server and database CPU per confirmation
 * @property {number} unpaid         purchases not paid afterwards
 * @property {InvoiceCheck} [invoices]   undefined: the code measured issues no invoices
 * @property {InvoiceDownload} [download]
 * @property {string} [downloadMissing]   why the download was not measured
 */

/** @typedef {{ orderId: string, purchaseId: string, token: string, clientSecret?: string, intentId?: string }} Purchase */

/**
 * One JSON request on a kept-alive connection of `agent`, timed.
 * @param {http.Agent} agent
 * @param {string} origin
 * @param {{ method: string, path: string, token: string, body?: unknown }} request
 * @returns {Promise<{ status: number, ms: number, text: string }>}
 */
function call(agent, origin, { method, path, token, body }) {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  /** @type {Record<string, string | number>} */
  const headers = { authorization: `Bearer ${token}` };
  if (payload) Object.assign(headers, { 'content-type': 'application/json', 'content-length': payload.length });
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(path, origin), { agent, method, headers }, (response) => {
      /** @type {Buffer[]} */
      const chunks = [];
      response.on('data', (/** @type {Buffer} */ chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started, text: Buffer.concat(chunks).toString() }));
    });
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * Runs `task` for every item, `connections` at a time, each client taking the next item as it is free.
 * @template T
 * @param {T[]} items
 * @param {number} connections
 * @param {(item: T, agent: http.Agent) => Promise<void>} task
 */
async function eachAtOnce(items, connections, task) {
  assertRunning();
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let next = 0;
  const client = async () => {
    while (next < items.length) await task(/** @type {T} */ (items[next++]), agent);
  };
  try {
    await Promise.all(Array.from({ length: Math.min(connections, items.length) }, client));
  } finally {
    agent.destroy();
  }
}

/**
 * A call that must answer `status`, its JSON answer parsed.
 * @param {http.Agent} agent
 * @param {string} origin
 * @param {Parameters<typeof call>[2]} request
 * @param {number} [status]
 */
async function answerOf(agent, origin, request, status = 200) {
  const answer = await call(agent, origin, request);
  if (answer.status !== status) throw new Error(`${request.method} ${request.path} answered ${answer.status}, not ${status}: ${answer.text.slice(0, 300)}`);
  return JSON.parse(answer.text);
}

/**
 * The payment intent of the purchase, then the test card confirmed against it, as the payment
 * page does before it tells the server.
 * @param {http.Agent} agent @param {string} origin @param {Purchase} purchase
 */
async function payByCard(agent, origin, purchase) {
  const { clientSecret } = /** @type {{ clientSecret: string }} */ (await answerOf(agent, origin, { method: 'POST', path: '/api/create-payment-intent', token: purchase.token, body: { orderId: purchase.orderId } }));
  const intent = /** @type {{ id: string, status: string }} */ (await answerOf(agent, origin, { method: 'POST', path: '/api/payments/test/confirm', token: purchase.token, body: { clientSecret, card: TEST_CARD } }));
  if (intent.status !== 'succeeded') throw new Error(`the test card's payment is ${intent.status}, not succeeded`);
  purchase.clientSecret = clientSecret;
  purchase.intentId = intent.id;
}

/** The confirmation that marks the purchase paid: the payment page's last call. @param {Purchase} purchase */
const confirmation = (purchase) => ({ method: 'PATCH', path: `/api/orders/${purchase.orderId}`, token: purchase.token, body: { transactionID: purchase.intentId } });

/**
 * Every customer places `settings.paymentRounds + 1` one-part orders of the `productIds` in turn
 * (quantity 1, SPEC-2's body): the first round is paid whole to wake the payment path up; the
 * confirmations of the others are measured. Their intents and card confirmations are made first, at the same
 * connections, so the measured run is the confirmations alone, `CONFIRM_CONNECTIONS` at once.
 * Then every purchase is checked paid with one invoice each, numbered without gaps, and its
 * counter at the last number; with code that issues no invoices (no `invoices` table), paid only.
 * Then the invoices are downloaded at `connections` (`measureInvoiceDownload`).
 * @param {string} origin
 * @param {{ db: import('kysely').Kysely<any>, customers: Array<{ token: string }>, productIds: string[], connections: number }} target
 * @param {import('./report.mjs').Settings} settings
 * @param {import('./cpu.mjs').CpuMeter} [meter]
 * @returns {Promise<PaymentsResult>}
 */
export async function measurePayments(origin, { db, customers, productIds, connections }, settings, meter) {
  /** @type {Array<{ token: string, productId: string }>} */
  const orders = [];
  for (let round = 0; round <= settings.paymentRounds; round++) {
    for (const [index, customer] of customers.entries()) orders.push({ token: customer.token, productId: /** @type {string} */ (productIds[(round * customers.length + index) % productIds.length]) });
  }
  /** @type {Purchase[]} */
  const purchases = [];
  let started = performance.now();
  await eachAtOnce(orders, customers.length, async ({ token, productId }, agent) => {
    const placed = /** @type {{ insertedId: string, purchaseId: string }} */ (await answerOf(agent, origin, { method: 'POST', path: '/api/orders', token, body: { productId, ...ORDER } }, 201));
    purchases.push({ orderId: placed.insertedId, purchaseId: placed.purchaseId, token });
  });
  const warmup = purchases.slice(0, customers.length);
  const measured = purchases.slice(customers.length);
  log(`${number(purchases.length)} purchases placed in ${seconds(started)} s`);

  started = performance.now();
  await eachAtOnce(warmup, CONFIRM_CONNECTIONS, async (purchase, agent) => {
    await payByCard(agent, origin, purchase);
    await answerOf(agent, origin, confirmation(purchase));
  });
  log(`${number(warmup.length)} paid whole in ${seconds(started)} s (warm-up)`);
  started = performance.now();
  await eachAtOnce(measured, CONFIRM_CONNECTIONS, (purchase, agent) => payByCard(agent, origin, purchase));
  log(`${number(measured.length)} intents and card confirmations in ${seconds(started)} s`);

  /** @type {number[]} */
  const times = [];
  /** @type {Record<string, number>} */
  const statuses = {};
  let failures = 0;
  let elapsed = 0;
  const confirmAll = async () => {
    const from = performance.now();
    await eachAtOnce(measured, CONFIRM_CONNECTIONS, async (purchase, agent) => {
      try {
        const answer = await call(agent, origin, confirmation(purchase));
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        if (answer.status === 200) times.push(answer.ms);
      } catch {
        failures++;
      }
    });
    elapsed = (performance.now() - from) / 1000;
  };
  const spent = meter ? await meter.around(confirmAll) : (await confirmAll(), { server: undefined, database: undefined });
  times.sort((a, b) => a - b);
  const confirmed = statuses['200'] ?? 0;
  const cpu = meter?.perRequest(spent, confirmed);

  const ids = purchases.map((purchase) => purchase.purchaseId);
  const paid = await db.selectFrom('purchases').select('id').where('id', 'in', ids).where('status', '=', 'paid').execute();
  const invoices = (await hasTable(db, 'invoices')) ? await checkInvoices(db, ids) : undefined;
  const result = {
    customers: customers.length,
    connections: CONFIRM_CONNECTIONS,
    warmup: warmup.length,
    purchases: measured.length,
    confirmed,
    confirmationsPerSecond: confirmed / elapsed,
    p50: round(percentile(times, 0.5)),
    p95: round(percentile(times, 0.95)),
    p99: round(percentile(times, 0.99)),
    statuses,
    failures,
    ...(cpu ? { cpu } : {}),
    unpaid: ids.length - paid.length,
    ...(invoices ? { invoices } : {}),
  };
  log(
    `confirmations     ${number(result.confirmationsPerSecond)}/s, p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms${cpuText(cpu)}, ${Object.entries(statuses).map(([status, count]) => `${count} × ${status}`).join(', ')}${failures ? `, ${failures} errors` : ''}; ` +
      `${result.unpaid === 0 ? `all ${number(ids.length)} paid` : `${number(result.unpaid)} of ${number(ids.length)} NOT paid`}; ${invoices ? invoicesText(invoices) : 'no invoices table: the code measured issues none'}`,
  );

  const owned = purchases.map(({ purchaseId, token }) => ({ purchaseId, token }));
  const download = await measureInvoiceDownload(origin, owned, connections, settings, meter);
  return { ...result, ...download };
}

/**
 * `GET /api/purchases/{id}/invoice` as each purchase's owner, over the paid purchases in turn, at
 * `connections`; the first answer checked to be a 200 application/pdf starting with `%PDF-`.
 * The reference: the ceiling answering that PDF's bytes at the same connections, right before.
 * Code without the call (a 404 to the owner of a paid purchase) measures nothing, and says why.
 * @param {string} origin
 * @param {Array<{ purchaseId: string, token: string }>} purchases
 * @param {number} connections
 * @param {import('./report.mjs').Settings} settings
 * @param {import('./cpu.mjs').CpuMeter} [meter]
 * @returns {Promise<{ download?: InvoiceDownload, downloadMissing?: string }>}
 */
async function measureInvoiceDownload(origin, purchases, connections, settings, meter) {
  const [first] = purchases;
  if (!first) throw new Error('no purchases to download the invoices of');
  const path = (/** @type {string} */ purchaseId) => `/api/purchases/${purchaseId}/invoice`;
  const headers = (/** @type {string} */ token) => ({ authorization: `Bearer ${token}` });
  const answer = await fetch(origin + path(first.purchaseId), { headers: headers(first.token) });
  const bytes = Buffer.from(await answer.arrayBuffer());
  if (answer.status === 404) {
    const downloadMissing = `GET /api/purchases/{id}/invoice answered 404 to the owner of a paid purchase: ${LACKS_CALL}`;
    log(`invoice download  not measured: ${downloadMissing}`);
    return { downloadMissing };
  }
  const type = answer.headers.get('content-type') ?? '';
  if (answer.status !== 200 || !type.startsWith('application/pdf') || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
    throw new Error(`GET ${path(first.purchaseId)} answered ${answer.status} ${type}, ${bytes.length} bytes starting ${JSON.stringify(bytes.subarray(0, 8).toString('latin1'))}: not a PDF`);
  }
  const timing = { connections, seconds: settings.seconds };
  const ceiling = await startCeiling([{ path: path(first.purchaseId), status: 200, contentType: type, body: bytes.toString('base64') }]);
  /** @type {import('./latency.mjs').LatencyResult} */
  let reference;
  try {
    reference = await measureLatency({ url: ceiling.url + path(first.purchaseId), ...timing, warmupSeconds: settings.growthWarmupSeconds, headers: headers(first.token) });
  } finally {
    await ceiling.stop();
  }
  // A longer warm-up than the ceiling's: the PDF's fonts are read and its code compiled on the first downloads.
  const urls = purchases.map(({ purchaseId, token }) => ({ url: origin + path(purchaseId), headers: headers(token) }));
  const ours = await measureLatency({ url: urls, ...timing, warmupSeconds: settings.warmupSeconds, meter });
  log(`invoice download  ${latencyText(ours)}${cpuText(ours.cpu)} (${number(bytes.length / 1000, 1)} kB PDFs)`);
  log(`  ceiling         ${latencyText(reference)} (one PDF's bytes)`);
  return { download: { connections, bytes: bytes.length, purchases: purchases.length, ours, ceiling: reference } };
}

/**
 * The invoices of the purchases `ids` (all paid): one each, numbered 1, 2, 3 ... in each year
 * with nothing missing or repeated, the year's counter row at its last number, and none of
 * other purchases.
 * @param {import('kysely').Kysely<any>} db
 * @param {string[]} ids
 * @returns {Promise<InvoiceCheck>}
 */
async function checkInvoices(db, ids) {
  const rows = /** @type {Array<{ purchase_id: string, number: string }>} */ (await db.selectFrom('invoices').select(['purchase_id', 'number']).execute());
  const paid = new Set(ids);
  /** @type {Map<string, number>} */
  const perPurchase = new Map();
  /** @type {Map<number, number[]>} */
  const byYear = new Map();
  let others = 0;
  for (const row of rows) {
    if (!paid.has(row.purchase_id)) others++;
    perPurchase.set(row.purchase_id, (perPurchase.get(row.purchase_id) ?? 0) + 1);
    const match = INVOICE_NUMBER.exec(row.number);
    if (!match) throw new Error(`invoice number ${row.number} is not INV-YYYY-NNNNN`);
    const year = Number(match[1]);
    byYear.set(year, [...(byYear.get(year) ?? []), Number(match[2])]);
  }
  let gaps = 0;
  let counterOff = 0;
  const counters = /** @type {Array<{ year: number, last_number: number }>} */ (await db.selectFrom('document_counters').select(['year', 'last_number']).where('kind', '=', 'invoice').execute());
  for (const [year, numbers] of byYear) {
    numbers.sort((a, b) => a - b);
    gaps += numbers.filter((value, index) => value !== index + 1).length;
    if (Number(counters.find((counter) => Number(counter.year) === year)?.last_number) !== numbers.length) counterOff++;
  }
  const sorted = rows.map((row) => row.number).sort();
  return {
    invoices: rows.length - others,
    withoutInvoice: ids.filter((id) => !perPurchase.has(id)).length,
    withSeveral: [...perPurchase.values()].filter((count) => count > 1).length,
    others,
    first: sorted[0] ?? '',
    last: sorted.at(-1) ?? '',
    gaps,
    counterOff,
  };
}

/** True when the invoices checked out: one per paid purchase, no gap, the counter at the last number. @param {InvoiceCheck} check */
export const isInvoicingSound = (check) => check.withoutInvoice === 0 && check.withSeveral === 0 && check.others === 0 && check.gaps === 0 && check.counterOff === 0;

/** @param {InvoiceCheck} check */
const invoicesText = (check) =>
  isInvoicingSound(check)
    ? `${number(check.invoices)} invoices, one each, ${check.first} to ${check.last} without a gap`
    : `INVOICES WRONG: ${check.withoutInvoice} purchases without, ${check.withSeveral} with several, ${check.others} of other purchases, ${check.gaps} numbers off, ${check.counterOff} counters off (${check.first} to ${check.last})`;

/**
 * Whether the database has the table (the schema of the code measured).
 * @param {import('kysely').Kysely<any>} db
 * @param {string} name
 */
async function hasTable(db, name) {
  return (await db.introspection.getTables()).some((table) => table.name === name);
}

/** @param {string} text */
const log = (text) => console.log(`  ${text}`);
/** @param {number} from */
const seconds = (from) => ((performance.now() - from) / 1000).toFixed(1);
/** @param {number} value */
const round = (value) => Math.round(value * 100) / 100;
/** @param {import('./latency.mjs').LatencyResult} result */
const latencyText = (result) => `${number(result.rps, 1)} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms`;
/** @param {import('./cpu.mjs').CpuCost | undefined} cpu */
const cpuText = (cpu) => (cpu ? `, CPU server ${cpu.serverMs?.toFixed(2) ?? 'n/a'} ms${cpu.databaseMethod === 'in-process' ? '' : ` + database ${cpu.databaseMs?.toFixed(2) ?? 'n/a'} ms`} each` : '');

/**
 * The Markdown section: per database, the confirmations with what was checked after them, the
 * invoice download, its ceiling, and their ratio.
 * @param {Array<{ database: string, payments?: PaymentsResult }>} databases
 * @param {import('./report.mjs').Settings} settings
 * @returns {string[]}
 */
export function renderPayments(databases, settings) {
  const measured = databases.filter((entry) => entry.payments);
  if (measured.length === 0) return [];
  const example = measured[0]?.payments;
  const connections = measured.find((entry) => entry.payments?.download)?.payments?.download?.connections;
  const lines = [
    '### Payments and invoices',
    '',
    `${number(example?.customers ?? 0)} signed-in customers each place ${settings.paymentRounds + 1} one-part orders, then pay them as the payment page does in test mode ` +
      '(`POST /api/create-payment-intent`, `POST /api/payments/test/confirm` with the card 4242 4242 4242 4242, then `PATCH /api/orders/{id}` with the intent\'s id). ' +
      `The first ${number(example?.warmup ?? 0)} are paid whole to warm up; of the others, the intents and card confirmations are made first, then the confirmations alone are measured, ` +
      `${example?.connections ?? 0} at once: the \`PATCH\` marks the purchase paid and issues its invoice in the same transaction. ` +
      'Checked afterwards in the database: every purchase paid, with exactly one invoice, the numbers of each year 1, 2, 3 ... with none missing or repeated, and the counter row at the last. ' +
      `The invoice: \`GET /api/purchases/{id}/invoice\` as each purchase's owner, over the paid purchases in turn, ${connections ?? 10} connections, ${settings.seconds} s after ${settings.warmupSeconds} s unmeasured, ` +
      `the first answer checked to be a 200 \`application/pdf\` starting with \`%PDF-\`; the ceiling, measured right before, a bare \`node:http\` server answering the first PDF's bytes at the same connections. ` +
      'Each row: p50 / p95 / p99 ms of the 200 answers, confirmations or requests a second; CPU ms per confirmation or request, the server\'s and the database\'s.',
    '',
  ];
  /** @type {Array<Array<string | number>>} */
  const rows = [];
  const cpuCell = (/** @type {import('./cpu.mjs').CpuCost | undefined} */ cpu) => {
    const fixed = (/** @type {number | undefined} */ value) => (value === undefined ? 'n/a' : number(value, 2));
    return cpu ? [fixed(cpu.serverMs), cpu.databaseMethod === 'in-process' ? 'in server' : fixed(cpu.databaseMs)] : ['n/a', 'n/a'];
  };
  /** @param {Pick<import('./latency.mjs').LatencyResult, 'statuses' | 'failures'>} result */
  const problems = (result) => {
    const bad = Object.entries(result.statuses).filter(([code]) => !code.startsWith('2'));
    const parts = [...bad.map(([code, count]) => `${number(count)} × ${code}`), ...(result.failures ? [`${number(result.failures)} errors`] : [])];
    return parts.length ? ` (**${parts.join(', ')}**)` : '';
  };
  for (const entry of measured) {
    const payments = /** @type {PaymentsResult} */ (entry.payments);
    const paid = payments.unpaid === 0 ? 'all paid' : `**${number(payments.unpaid)} not paid**`;
    const invoiced = payments.invoices ? (isInvoicingSound(payments.invoices) ? `${number(payments.invoices.invoices)} invoices, one each, ${payments.invoices.first} to ${payments.invoices.last}, no gap` : `**${invoicesText(payments.invoices)}**`) : 'no invoices (the code measured issues none)';
    rows.push([
      entry.database,
      `confirmation \`PATCH /api/orders/{id}\`, ${payments.connections} at once`,
      number(payments.purchases),
      `${ms(payments.p50)} / ${ms(payments.p95)} / ${ms(payments.p99)}${problems(payments)}`,
      `${number(payments.confirmationsPerSecond)} confirmations/s`,
      ...cpuCell(payments.cpu),
      `${paid}; ${invoiced}`,
    ]);
    const { download } = payments;
    if (!download) {
      rows.push([entry.database, 'invoice `GET /api/purchases/{id}/invoice`', '', `*not measured*: ${payments.downloadMissing ?? 'no download'}`, '', '', '', '']);
      continue;
    }
    rows.push([
      entry.database,
      `invoice \`GET /api/purchases/{id}/invoice\`, ${download.connections} connections`,
      number(download.ours.total),
      `${ms(download.ours.p50)} / ${ms(download.ours.p95)} / ${ms(download.ours.p99)}${problems(download.ours)}`,
      `${number(download.ours.rps, 1)} req/s`,
      ...cpuCell(download.ours.cpu),
      `200 application/pdf, ${number(download.bytes / 1000, 1)} kB, ${number(download.purchases)} invoices in turn`,
    ]);
    rows.push([entry.database, 'ceiling (one PDF\'s bytes)', number(download.ceiling.total), `${ms(download.ceiling.p50)} / ${ms(download.ceiling.p95)} / ${ms(download.ceiling.p99)}`, `${number(download.ceiling.rps)} req/s`, '', '', '']);
    const slower = download.ours.p95 / download.ceiling.p95;
    rows.push([entry.database, 'invoice / ceiling', '', `p95 ${number(slower, slower < 10 ? 1 : 0)}×`, `${number(download.ours.rps / download.ceiling.rps, 4)} of its req/s`, '', '', '']);
  }
  const header = ['Database', 'Measured', 'Answers', 'p50 / p95 / p99 ms', 'Per second', 'Server CPU ms', 'Database CPU ms', 'Checked'];
  lines.push(`| ${header.join(' | ')} |`, `| ${header.map((_, index) => (index < 2 || index === header.length - 1 ? '---' : '---:')).join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`), '');
  return lines;
}
