// @ts-check
/**
 * Latency percentiles measured exactly: `connections` keep-alive clients each sending one GET
 * (or one JSON POST) after another for a fixed time, every answer's time kept (autocannon
 * reports no p95).
 */
import http from 'node:http';
import { assertRunning } from './cleanup.mjs';

/**
 * @typedef {object} LatencyResult
 * @property {number} rps     answers per second
 * @property {number} p50     ms, 2xx answers only
 * @property {number} p95
 * @property {number} p99
 * @property {number} total   answers
 * @property {Record<string, number>} statuses
 * @property {number} failures  connection errors
 * @property {import('./cpu.mjs').CpuCost} [cpu]   server and database CPU per answer, when measured with a meter
 */

/** The value at `share` (0.95: p95) of ascending `sorted` values; 0 when there are none. @param {number[]} sorted @param {number} share */
export const percentile = (sorted, share) => (sorted.length === 0 ? 0 : /** @type {number} */ (sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]));

/**
 * One GET, or a POST of `body` (JSON) when there is one.
 * @param {http.Agent} agent
 * @param {URL} url
 * @param {Record<string, string>} [headers]
 * @param {Buffer} [body]
 * @returns {Promise<{ status: number, ms: number }>}
 */
function send(agent, url, headers = {}, body = undefined) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const options = body ? { agent, method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'content-length': body.length } } : { agent, headers };
    const request = http.request(url, options, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** @typedef {{ url: URL, headers?: Record<string, string> }} Target  a URL asked, with headers of its own */

/**
 * Keeps `connections` clients each asking for the `targets` in turn while `busy()` holds, and
 * answers the 2xx answers' percentiles.
 * @param {{ targets: Target[], connections: number, agent: http.Agent, busy: () => boolean, keep: boolean, body?: Buffer }} options
 */
async function keepAsking({ targets, connections, agent, busy, keep, body }) {
  /** @type {number[]} */
  const times = [];
  /** @type {Record<string, number>} */
  const statuses = {};
  let failures = 0;
  let next = 0;
  const started = performance.now();
  const client = async () => {
    while (busy()) {
      const { url, headers } = /** @type {Target} */ (targets[next++ % targets.length]);
      try {
        const answer = await send(agent, url, headers, body);
        if (!keep) continue;
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        if (answer.status >= 200 && answer.status < 300) times.push(answer.ms);
      } catch {
        if (keep) failures++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  const elapsed = (performance.now() - started) / 1000;
  const total = Object.values(statuses).reduce((sum, count) => sum + count, 0);
  times.sort((a, b) => a - b);
  const round = (/** @type {number} */ value) => Math.round(value * 100) / 100;
  return {
    rps: total / elapsed,
    p50: round(percentile(times, 0.5)),
    p95: round(percentile(times, 0.95)),
    p99: round(percentile(times, 0.99)),
    total,
    statuses,
    failures,
  };
}

/**
 * @param {{ url: string | Array<string | { url: string, headers: Record<string, string> }>, connections: number, seconds: number, warmupSeconds: number, headers?: Record<string, string>, body?: unknown, meter?: import('./cpu.mjs').CpuMeter }} options
 *   url: one, or several asked in turn, each with headers of its own beside the common ones if
 *   it says (e.g. its owner's bearer token); headers: e.g. an admin's bearer token; body: POSTed
 *   as JSON with every request (none: GETs); meter: adds the CPU the measured seconds cost per answer
 * @returns {Promise<LatencyResult>}
 */
export async function measureLatency({ url, connections, seconds, warmupSeconds, headers, body: sent, meter }) {
  assertRunning();
  /** @type {Target[]} */
  const targets = (Array.isArray(url) ? url : [url]).map((each) => (typeof each === 'string' ? { url: new URL(each), headers } : { url: new URL(each.url), headers: { ...headers, ...each.headers } }));
  const body = sent === undefined ? undefined : Buffer.from(JSON.stringify(sent));
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const until = (/** @type {number} */ seconds) => {
    const end = performance.now() + seconds * 1000;
    return () => performance.now() < end;
  };
  try {
    await keepAsking({ targets, connections, agent, busy: until(warmupSeconds), keep: false, body });
    if (!meter) return await keepAsking({ targets, connections, agent, busy: until(seconds), keep: true, body });
    const measured = await meter.around(() => keepAsking({ targets, connections, agent, busy: until(seconds), keep: true, body }));
    return { ...measured.result, cpu: meter.perRequest(measured, measured.result.total) };
  } finally {
    agent.destroy();
  }
}

/**
 * The latency of GETs of `urls` (in turn) from `connections` clients for as long as `task` runs:
 * what other customers see meanwhile. Answers the task's own answer beside it.
 * @template T
 * @param {{ urls: string[], connections: number, task: () => Promise<T> }} options
 * @returns {Promise<{ latency: LatencyResult, answer: T, seconds: number }>}
 */
export async function measureLatencyDuring({ urls, connections, task }) {
  assertRunning();
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let running = true;
  try {
    const asking = keepAsking({ targets: urls.map((url) => ({ url: new URL(url) })), connections, agent, busy: () => running, keep: true });
    const started = performance.now();
    const answer = await task().finally(() => (running = false));
    const seconds = (performance.now() - started) / 1000;
    return { latency: await asking, answer, seconds };
  } finally {
    agent.destroy();
  }
}
