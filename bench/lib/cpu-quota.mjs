// @ts-check
/**
 * A CPU quota for one process, so that instances on this machine behave like instances on
 * machines of their own of a given size: Linux's cgroup v1 `cpu` controller (cfs quota), and the
 * `cpuacct` controller beside it for the CPU time the process used.
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const CPU = '/sys/fs/cgroup/cpu';
const CPUACCT = '/sys/fs/cgroup/cpuacct';
const PERIOD_US = 100_000;

/** Why quotas cannot be set here, or undefined when they can. */
export function cpuQuotaUnavailable() {
  if (!existsSync(path.join(CPU, 'cpu.cfs_quota_us'))) return `no cgroup v1 cpu controller at ${CPU}`;
  if (!existsSync(path.join(CPUACCT, 'cpuacct.usage'))) return `no cgroup v1 cpuacct controller at ${CPUACCT}`;
  try {
    const probe = path.join(CPU, `shop-bench-probe-${process.pid}`);
    mkdirSync(probe);
    rmdirSync(probe);
  } catch (error) {
    return `cgroups cannot be made here (${/** @type {Error} */ (error).message}); run as root`;
  }
  return undefined;
}

/**
 * Puts process `pid` in a cgroup of its own allowed `cpus` CPUs (0.5: half of one core's time in
 * every 100 ms period).
 * @param {number} pid
 * @param {number} cpus
 * @returns {{ cpuSeconds: () => number, release: () => void }}
 *   cpuSeconds: the CPU time the process has used since; release: removes the cgroups once it has exited
 */
export function confineCpu(pid, cpus) {
  const name = `shop-bench-${pid}`;
  const cpuGroup = path.join(CPU, name);
  const acctGroup = path.join(CPUACCT, name);
  mkdirSync(cpuGroup);
  mkdirSync(acctGroup);
  writeFileSync(path.join(cpuGroup, 'cpu.cfs_period_us'), String(PERIOD_US));
  writeFileSync(path.join(cpuGroup, 'cpu.cfs_quota_us'), String(Math.round(cpus * PERIOD_US)));
  // Every thread of the process (the event loop, libuv's pool, V8's helpers) moves with it.
  writeFileSync(path.join(cpuGroup, 'cgroup.procs'), String(pid));
  writeFileSync(path.join(acctGroup, 'cgroup.procs'), String(pid));
  return {
    cpuSeconds: () => Number(readFileSync(path.join(acctGroup, 'cpuacct.usage'), 'utf8')) / 1e9,
    release: () => {
      for (const group of [cpuGroup, acctGroup]) if (existsSync(group)) rmdirSync(group);
    },
  };
}
