// @ts-check
/**
 * A CPU quota for one process, so that instances on this machine behave like instances on
 * machines of their own of a given size: Linux's cgroup v1 `cpu` controller (cfs quota). The CPU
 * time the process used is read from /proc (cpu.mjs), as for every server.
 */
import { existsSync, mkdirSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const CPU = '/sys/fs/cgroup/cpu';
const PERIOD_US = 100_000;

/** Why quotas cannot be set here, or undefined when they can. */
export function cpuQuotaUnavailable() {
  if (!existsSync(path.join(CPU, 'cpu.cfs_quota_us'))) return `no cgroup v1 cpu controller at ${CPU}`;
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
 * @returns {{ release: () => void }}  release: removes the cgroup once the process has exited
 */
export function confineCpu(pid, cpus) {
  const name = `shop-bench-${pid}`;
  const cpuGroup = path.join(CPU, name);
  mkdirSync(cpuGroup);
  writeFileSync(path.join(cpuGroup, 'cpu.cfs_period_us'), String(PERIOD_US));
  writeFileSync(path.join(cpuGroup, 'cpu.cfs_quota_us'), String(Math.round(cpus * PERIOD_US)));
  // Every thread of the process (the event loop, libuv's pool, V8's helpers) moves with it.
  writeFileSync(path.join(cpuGroup, 'cgroup.procs'), String(pid));
  return {
    release: () => {
      if (existsSync(cpuGroup)) rmdirSync(cpuGroup);
    },
  };
}
