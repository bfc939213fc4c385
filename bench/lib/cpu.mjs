// @ts-check
/** How busy the machine's cores were between two moments (Linux /proc/stat), for rows measured with everything on one machine. */
import { existsSync, readFileSync } from 'node:fs';

/** @typedef {{ busy: number, total: number, cores: number } | undefined} CpuSample */

/** @returns {CpuSample} */
export function cpuSample() {
  if (!existsSync('/proc/stat')) return undefined;
  const lines = readFileSync('/proc/stat', 'utf8').split('\n');
  const [, ...fields] = (lines[0] ?? '').trim().split(/\s+/);
  const ticks = fields.map(Number);
  // user nice system idle iowait irq softirq steal: idle and iowait are not busy.
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const total = ticks.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total, cores: lines.filter((line) => /^cpu\d+ /.test(line)).length };
}

/**
 * Cores kept busy on average between two samples (2.0: both cores of a 2-core machine all the time).
 * @param {CpuSample} before
 * @param {CpuSample} after
 * @returns {number | undefined}
 */
export function busyCores(before, after) {
  if (!before || !after || after.total === before.total) return undefined;
  return ((after.busy - before.busy) / (after.total - before.total)) * after.cores;
}
