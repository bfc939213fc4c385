// @ts-check
/**
 * Latency percentiles measured exactly: `connections` keep-alive clients each sending one GET
 * after another for a fixed time, every answer's time kept (autocannon reports no p95).
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
 */

/** @param {number[]} sorted @param {number} share */
const percentile = (sorted, share) => (sorted.length === 0 ? 0 : /** @type {number} */ (sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]));

/**
 * @param {http.Agent} agent
 * @param {URL} url
 * @returns {Promise<{ status: number, ms: number }>}
 */
function get(agent, url) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
    });
    request.on('error', reject);
  });
}

/**
 * @param {{ url: string, connections: number, seconds: number, warmupSeconds: number }} options
 * @returns {Promise<LatencyResult>}
 */
export async function measureLatency({ url, connections, seconds, warmupSeconds }) {
  assertRunning();
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  /** @type {number[]} */
  const times = [];
  /** @type {Record<string, number>} */
  const statuses = {};
  let failures = 0;
  const run = async (/** @type {number} */ until, /** @type {boolean} */ keep) => {
    while (performance.now() < until) {
      try {
        const answer = await get(agent, target);
        if (!keep) continue;
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        if (answer.status >= 200 && answer.status < 300) times.push(answer.ms);
      } catch {
        if (keep) failures++;
      }
    }
  };
  try {
    const warmEnd = performance.now() + warmupSeconds * 1000;
    await Promise.all(Array.from({ length: connections }, () => run(warmEnd, false)));
    const started = performance.now();
    await Promise.all(Array.from({ length: connections }, () => run(started + seconds * 1000, true)));
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
  } finally {
    agent.destroy();
  }
}
