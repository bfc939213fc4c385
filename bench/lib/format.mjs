// @ts-check
/** Number formats shared by the report and the targets. */

/** @param {number} value @param {number} [digits] */
export const number = (value, digits = 0) =>
  value.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
/** Kilobytes of 1 000 bytes. @param {number} bytes */
export const kb = (bytes) => number(bytes / 1000, 1);
/** @param {number} value */
export const ms = (value) => number(value, value < 10 ? 1 : 0);

/**
 * A latency stage as a report cell: 'p50 / p95 / p99, req/s, CPU server + database', with any
 * answer that was not 2xx and any failed request in bold; '' when not measured.
 * @param {import('./latency.mjs').LatencyResult | undefined} result
 */
export function latencyCell(result) {
  if (!result) return '';
  const bad = Object.entries(result.statuses).filter(([code]) => !code.startsWith('2'));
  const problems = [...bad.map(([code, count]) => `${number(count)} × ${code}`), ...(result.failures ? [`${result.failures} errors`] : [])];
  const cpu = result.cpu
    ? `, CPU ${result.cpu.serverMs === undefined ? 'n/a' : number(result.cpu.serverMs, 2)}${result.cpu.databaseMethod === 'in-process' ? '' : ` + ${result.cpu.databaseMs === undefined ? 'n/a' : number(result.cpu.databaseMs, 2)}`}`
    : '';
  return `${ms(result.p50)} / ${ms(result.p95)} / ${ms(result.p99)}, ${number(result.rps)}/s${cpu}${problems.length ? ` (**${problems.join(', ')}**)` : ''}`;
}
