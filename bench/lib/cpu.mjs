// @ts-check
/**
 * CPU time, which does not depend on how busy a shared machine is the way requests per second
 * do: the whole machine's busy cores (/proc/stat), one process's (/proc/<pid>/stat), and the
 * database's (PostgreSQL's `pg_stat_statements` when the extension can be used, else its
 * processes in /proc; SQLite runs inside the server).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

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

/** Linux's USER_HZ: the unit of the times in /proc/<pid>/stat on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;

/**
 * The CPU seconds (user + system, every thread) process `pid` has used, or undefined when it is
 * gone or there is no /proc.
 * @param {number | undefined} pid
 */
export function processCpuSeconds(pid) {
  if (pid === undefined) return undefined;
  let stat;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) may hold spaces: the fields are counted after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/**
 * What a database's work costs, read before and after a measurement.
 * @typedef {object} DatabaseCpu
 * @property {string} method   how it is read: 'pg_stat_statements', '/proc' or 'in-process'
 * @property {() => Promise<number | undefined>} seconds   the total so far (undefined: in the server's own figure)
 * @property {() => Promise<void>} close
 */

/** SQLite runs inside the server: its CPU is the server's. @returns {DatabaseCpu} */
export const inProcessDatabase = () => ({ method: 'in-process', seconds: async () => undefined, close: async () => {} });

/** PostgreSQL's shared helpers whose work grows with the writes of every database. */
const POSTGRES_HELPERS = /^postgres: .*(walwriter|checkpointer|background writer)\s*$/;

/**
 * PostgreSQL's work for database `url`: `pg_stat_statements` (statements' execution and planning
 * time, which includes waits) when the extension can be created and is loaded, else the CPU time
 * in /proc of the backends serving that database plus the WAL writer, checkpointer and
 * background writer (on the same machine only; other databases' writes add a little to those).
 * @param {string} url
 * @returns {Promise<DatabaseCpu>}
 */
export async function postgresCpu(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query('create extension if not exists pg_stat_statements');
    const read = async () => {
      const { rows } = await client.query(
        'select coalesce(sum(total_exec_time + total_plan_time), 0) as ms from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())',
      );
      return Number(rows[0].ms) / 1000;
    };
    await read();
    return { method: 'pg_stat_statements', seconds: read, close: () => client.end() };
  } catch {
    // Not allowed to create it, or not in shared_preload_libraries.
    await client.end();
  }
  // A backend's title names its database: "postgres: 15/main: user database host(port) state".
  const serves = (/** @type {string} */ title) => title.split(' ').includes(name) || POSTGRES_HELPERS.test(title);
  /** @type {Map<number, number>} */
  const lastSeen = new Map();
  let gone = 0;
  return {
    method: '/proc',
    // Backends that ended since the last reading keep the CPU they had then.
    seconds: async () => {
      /** @type {Map<number, number>} */
      const now = new Map();
      for (const entry of readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        let title;
        try {
          title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
        } catch {
          continue;
        }
        if (!title.startsWith('postgres: ') || !serves(title)) continue;
        const seconds = processCpuSeconds(Number(entry));
        if (seconds !== undefined) now.set(Number(entry), seconds);
      }
      for (const [pid, seconds] of lastSeen) if (!now.has(pid)) gone += seconds;
      lastSeen.clear();
      for (const [pid, seconds] of now) lastSeen.set(pid, seconds);
      return gone + [...now.values()].reduce((sum, seconds) => sum + seconds, 0);
    },
    close: async () => {},
  };
}

/**
 * Server and database CPU per request of a measurement: milliseconds, undefined where not read.
 * @typedef {{ serverMs: number | undefined, databaseMs: number | undefined, databaseMethod: string }} CpuCost
 */

/**
 * Reads the servers' and the database's CPU around measured runs, adding up over several runs.
 * @param {{ pids: () => Array<number | undefined>, database: DatabaseCpu }} what
 */
export function cpuMeter({ pids, database }) {
  const servers = () => {
    let total = 0;
    for (const pid of pids()) {
      const seconds = processCpuSeconds(pid);
      if (seconds === undefined) return undefined;
      total += seconds;
    }
    return total;
  };
  return {
    /**
     * Runs `task` and answers its result with the CPU it cost.
     * @template T
     * @param {() => Promise<T>} task
     * @returns {Promise<{ result: T, server: number | undefined, database: number | undefined }>}
     */
    async around(task) {
      const serverBefore = servers();
      const databaseBefore = await database.seconds();
      const result = await task();
      const serverAfter = servers();
      const databaseAfter = await database.seconds();
      return {
        result,
        server: serverBefore === undefined || serverAfter === undefined ? undefined : serverAfter - serverBefore,
        database: databaseBefore === undefined || databaseAfter === undefined ? undefined : databaseAfter - databaseBefore,
      };
    },
    /**
     * Milliseconds per request from CPU seconds and a count.
     * @param {{ server: number | undefined, database: number | undefined }} spent
     * @param {number} requests
     * @returns {CpuCost}
     */
    perRequest(spent, requests) {
      const per = (/** @type {number | undefined} */ seconds) => (seconds === undefined || requests <= 0 ? undefined : (seconds * 1000) / requests);
      return { serverMs: per(spent.server), databaseMs: per(spent.database), databaseMethod: database.method };
    },
  };
}

/** @typedef {ReturnType<typeof cpuMeter>} CpuMeter */
