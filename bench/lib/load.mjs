// @ts-check
/** Load runs with autocannon; every run is bounded in time or in number of requests. */
import autocannon from 'autocannon';
import { assertRunning, onCleanup } from './cleanup.mjs';

/**
 * @typedef {object} LoadResult
 * @property {number} rps        answers per second (every status)
 * @property {number} p50        ms, 2xx answers only
 * @property {number} p99        ms, 2xx answers only
 * @property {number} total      answers received
 * @property {Record<string, number>} statuses  answers per status code
 * @property {number} failures   connection errors + timeouts
 * @property {number} seconds    measured time
 * @property {import('./cpu.mjs').CpuCost} [cpu]   server and database CPU per answer, when measured with a meter
 */

/** @typedef {import('autocannon').AutocannonRaw} AutocannonRaw */

const GET_TIMEOUT_SECONDS = 10;
/** Longer than any answer the order runs have seen, so an order is never placed with its answer uncounted. */
const POST_TIMEOUT_SECONDS = 60;

/** The sample interval of a run of `amount` requests, in ms (autocannon's default is 1 000). */
const AMOUNT_SAMPLE_MS = 20;

/**
 * One autocannon run, its results left unaggregated so that runs can be merged.
 * @param {Record<string, unknown>} options  autocannon's options
 * @returns {Promise<AutocannonRaw>}
 */
async function run(options) {
  assertRunning();
  // autocannon ends a run of `amount` requests at its next sample tick: short ticks keep the
  // measured duration within a tick of the last answer.
  const sampling = 'amount' in options ? { sampleInt: AMOUNT_SAMPLE_MS } : {};
  const instance = autocannon({ timeout: GET_TIMEOUT_SECONDS, ...sampling, ...options, skipAggregateResult: true });
  const forget = onCleanup('load generator', () => instance.stop());
  try {
    return await instance;
  } finally {
    forget();
  }
}

/**
 * One result from one or more runs against the same target: latencies from the merged histograms.
 * @param {AutocannonRaw[]} runs
 * @param {Record<string, unknown>} options  the runs' autocannon options
 * @returns {LoadResult}
 */
function summarise(runs, options) {
  const merged = autocannon.aggregateResult(runs, options);
  const seconds = runs.reduce((sum, result) => sum + result.duration, 0);
  const answers = runs.reduce((sum, result) => sum + result.totalCompletedRequests, 0);
  /** @type {Record<string, number>} */
  const statuses = {};
  for (const [code, stats] of Object.entries(merged.statusCodeStats ?? {})) statuses[code] = stats.count;
  return {
    rps: answers / seconds,
    p50: merged.latency.p50,
    p99: merged.latency.p99,
    total: answers,
    statuses,
    failures: merged.errors + merged.timeouts,
    seconds,
  };
}

/**
 * GET `url` from `connections` connections for `seconds`, after `warmupSeconds` unmeasured;
 * with a meter, the CPU the measured seconds cost per answer.
 * @param {{ url: string, connections: number, seconds: number, warmupSeconds: number, meter?: import('./cpu.mjs').CpuMeter }} options
 * @returns {Promise<LoadResult>}
 */
export async function measureGet({ url, connections, seconds, warmupSeconds, meter }) {
  if (warmupSeconds > 0) await run({ url, connections, duration: warmupSeconds });
  const options = { url, connections, duration: seconds };
  if (!meter) return summarise([await run(options)], options);
  const measured = await meter.around(() => run(options));
  const result = summarise([measured.result], options);
  return { ...result, cpu: meter.perRequest(measured, result.total) };
}

/**
 * Our server and the ceiling in turns (ours, ceiling, ours, ceiling ...), `seconds` each in
 * all, so a change in the machine's load during the measurement falls on both alike; with a
 * meter, the CPU our turns cost per answer.
 * @param {{ ours: string, ceiling: string, connections: number, seconds: number, turns: number, warmupSeconds: number, meter?: import('./cpu.mjs').CpuMeter, headers?: Record<string, string>, oursRequests?: Array<Record<string, unknown>>, afterOurs?: () => Promise<void> }} options
 *   headers: sent with every request to both; oursRequests: autocannon's `requests` for our
 *   server only (e.g. a setupRequest giving each request an address of its own); afterOurs: run
 *   after each of our runs (e.g. waiting until our server has finished the requests still in it)
 * @returns {Promise<{ ours: LoadResult, ceiling: LoadResult }>}
 */
export async function measureInTurns({ ours, ceiling, connections, seconds, turns, warmupSeconds, meter, headers, oursRequests, afterOurs }) {
  const targets = [ours, ceiling];
  const extra = (/** @type {number} */ index) => ({ ...(headers ? { headers } : {}), ...(index === 0 && oursRequests ? { requests: oursRequests } : {}) });
  if (warmupSeconds > 0) {
    for (const [index, url] of targets.entries()) {
      await run({ url, connections, duration: warmupSeconds, ...extra(index) });
      if (index === 0) await afterOurs?.();
    }
  }
  /** @type {AutocannonRaw[][]} */
  const runs = [[], []];
  const spent = { server: /** @type {number | undefined} */ (0), database: /** @type {number | undefined} */ (0) };
  const add = (/** @type {number | undefined} */ total, /** @type {number | undefined} */ more) => (total === undefined || more === undefined ? undefined : total + more);
  const duration = Math.max(1, Math.round(seconds / turns));
  for (let turn = 0; turn < turns; turn++) {
    for (const [index, url] of targets.entries()) {
      if (index === 0 && meter) {
        const measured = await meter.around(() => run({ url, connections, duration, ...extra(index) }));
        spent.server = add(spent.server, measured.server);
        spent.database = add(spent.database, measured.database);
        runs[index]?.push(measured.result);
      } else runs[index]?.push(await run({ url, connections, duration, ...extra(index) }));
      if (index === 0) await afterOurs?.();
    }
  }
  const oursResult = summarise(runs[0] ?? [], { url: ours, connections, duration });
  return {
    ours: meter ? { ...oursResult, cpu: meter.perRequest(spent, oursResult.total) } : oursResult,
    ceiling: summarise(runs[1] ?? [], { url: ceiling, connections, duration }),
  };
}

/**
 * GETs of the given paths in turn, unmeasured: wakes a freshly started server up (JIT, caches, pool).
 * @param {{ origin: string, paths: string[], connections: number, seconds: number }} options
 */
export async function warmUp({ origin, paths, connections, seconds }) {
  await run({ url: origin, connections, duration: seconds, requests: paths.map((path) => ({ method: 'GET', path })) });
}

/**
 * Exactly `amount` POSTs of one JSON body, each with the next bearer token in turn. No clock
 * cuts the run off, so every request the server handled has its answer counted.
 * @param {{ url: string, connections: number, tokens: string[], body: unknown, amount: number }} options
 */
export async function measurePosts({ url, connections, tokens, body, amount }) {
  let next = 0;
  const payload = JSON.stringify(body);
  const options = {
    url,
    connections,
    timeout: POST_TIMEOUT_SECONDS,
    amount,
    requests: [
      {
        method: 'POST',
        setupRequest: (/** @type {Record<string, unknown>} */ request) => ({
          ...request,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[next++ % tokens.length]}` },
          body: payload,
        }),
      },
    ],
  };
  return summarise([await run(options)], options);
}

/** @typedef {Array<{ method: string, path: string, body: unknown }>} Steps */

/**
 * Each connection is one customer (its own token), sending `steps` in turn, again and again,
 * until `amount` requests have been answered: e.g. filling a cart, then checking it out.
 * @param {{ origin: string, tokens: string[], steps: Steps, amount: number }} options
 */
export async function measureSequences({ origin, tokens, steps, amount }) {
  const options = sequenceOptions({ origin, tokens, steps, amount });
  return summarise([await run(options)], options);
}

/**
 * Several kinds of sequences (as `measureSequences` sends them) in turns, one run of `amounts[turn]`
 * requests each a turn: kind 0, kind 1, ..., then the other way round (A B, B A, ...), so a change
 * in a shared machine's load falls on every kind alike; with a meter, the CPU each kind's runs cost.
 * @param {{ origin: string, tokens: string[], kinds: Steps[], amounts: number[], meter?: import('./cpu.mjs').CpuMeter }} options
 * @returns {Promise<Array<{ load: LoadResult, server: number | undefined, database: number | undefined }>>}  by kind
 */
export async function measureSequencesInTurns({ origin, tokens, kinds, amounts, meter }) {
  const add = (/** @type {number | undefined} */ total, /** @type {number | undefined} */ more) => (total === undefined || more === undefined ? undefined : total + more);
  const measured = kinds.map((steps) => ({
    steps,
    runs: /** @type {AutocannonRaw[]} */ ([]),
    server: /** @type {number | undefined} */ (0),
    database: /** @type {number | undefined} */ (0),
  }));
  for (const [turn, amount] of amounts.entries()) {
    for (const kind of turn % 2 === 0 ? measured : [...measured].reverse()) {
      const options = sequenceOptions({ origin, tokens, steps: kind.steps, amount });
      const spent = meter ? await meter.around(() => run(options)) : { result: await run(options), server: undefined, database: undefined };
      kind.runs.push(spent.result);
      kind.server = add(kind.server, spent.server);
      kind.database = add(kind.database, spent.database);
    }
  }
  const merged = (/** @type {Steps} */ steps) => sequenceOptions({ origin, tokens, steps, amount: amounts.reduce((sum, amount) => sum + amount, 0) });
  return measured.map((kind) => ({ load: summarise(kind.runs, merged(kind.steps)), server: meter ? kind.server : undefined, database: meter ? kind.database : undefined }));
}

/**
 * autocannon's options for `measureSequences`: each connection a customer of its own.
 * @param {{ origin: string, tokens: string[], steps: Steps, amount: number }} options
 */
function sequenceOptions({ origin, tokens, steps, amount }) {
  let next = 0;
  const options = {
    url: origin,
    connections: tokens.length,
    timeout: POST_TIMEOUT_SECONDS,
    amount,
    requests: steps.map((step) => ({ method: step.method, path: step.path, body: JSON.stringify(step.body) })),
    // The token is the connection's own for the whole run (autocannon clears a request's
    // context each time the steps start again, so it cannot be kept there).
    setupClient: (/** @type {{ setRequests(requests: unknown[]): void }} */ client) => {
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${tokens[next++ % tokens.length]}` };
      client.setRequests(options.requests.map((request) => ({ ...request, headers })));
    },
  };
  return options;
}
