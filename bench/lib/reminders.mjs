// @ts-check
/**
 * Issue 36 item 6: the daily service reminder round over REMINDER_BIKES garage bikes (time, peak
 * memory, emails queued), beside its reference in the same run: a bare keyset scan of the same
 * bikes and their readings and services by the same repository calls, deciding nothing and
 * inserting nothing. Each pass runs in a process of its own (reminder-round-worker.mjs), so its
 * peak memory is its own; the reference's peak is the process's floor (Node, tsx, the server's
 * modules, the driver), and the round's above it is what the round holds.
 *
 * The garage is written by multi-row SQL inserts into a fresh database: REMINDER_BIKES / 10
 * verified accounts with 10 bikes each (reminders on), 100 vehicles with a service kit, two
 * readings a bike and a 'Service done' on every other bike, drawn so that about one bike in ten
 * is due on the round's day.
 */
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { openFreshDatabase } from './data.mjs';
import { newId } from './server-code.mjs';

const run = promisify(execFile);

export const REMINDER_BIKES = 100_000;
const BIKES_PER_ACCOUNT = 10;
const VEHICLES = 100;
/** The round's page (ROUND_PAGE in service-reminders.service.ts): the scan reads the same pages. */
const PAGE = 1000;
const ZONE = 'America/New_York';
/** The round's day: 10:00 on 15 Jan 2027 in New York, after the 08:00 start. */
const ROUND_AT = Date.UTC(2027, 0, 15, 15, 0, 0);
/** Rows per INSERT: 7 columns x 500 stays under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

/**
 * @typedef {object} ReminderPass
 * @property {number} ms
 * @property {number} maxRssBytes
 * @property {number} bikes
 * @property {number} queued
 */
/**
 * @typedef {object} ReminderResult
 * @property {string} database
 * @property {number} bikes       bikes in the garage
 * @property {number} entries     readings and services
 * @property {number} loadSeconds
 * @property {ReminderPass[]} rounds   each turn's round
 * @property {ReminderPass[]} scans    each turn's reference
 * @property {number} queuedRows  reminders in the table after the last round
 */

/** A small deterministic generator, so each run loads the same garage. @param {number} seed */
function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const day = (/** @type {number} */ ms) => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/**
 * @param {import('kysely').Kysely<any>} db
 * @param {string} table
 * @param {Array<Record<string, unknown>>} rows
 */
async function insertChunks(db, table, rows) {
  for (let start = 0; start < rows.length; start += CHUNK) await db.insertInto(table).values(rows.slice(start, start + CHUNK)).execute();
}

/**
 * Writes the garage: accounts, vehicles with kits, bikes, readings and services.
 * @param {import('kysely').Kysely<any>} db
 * @param {'sqlite' | 'postgres'} dialect
 * @param {number} bikeCount
 */
async function loadGarage(db, dialect, bikeCount) {
  const pick = generator(36);
  const yes = dialect === 'postgres' ? sql.lit(true) : 1;
  const stamp = new Date(ROUND_AT - 400 * DAY_MS).toISOString();
  const vehicles = Array.from({ length: VEHICLES }, (_, index) => ({
    id: newId(),
    make: 'Bench',
    make_key: 'bench',
    model: `Reminder ${index}`,
    model_key: `reminder ${index}`,
    year_from: 2010,
    year_to: 2026,
    cc: 650,
    created_at: stamp,
  }));
  await insertChunks(db, 'vehicles', vehicles);
  await insertChunks(
    db,
    'service_kits',
    vehicles.map((vehicle, index) => ({ vehicle_id: vehicle.id, interval_km: [6000, 10_000, 12_000][index % 3], interval_months: [12, 12, 24][index % 3], updated_at: stamp })),
  );

  let entries = 0;
  /** @type {Record<'users' | 'garage_bikes' | 'garage_readings' | 'garage_services', Array<Record<string, unknown>>>} */
  const rows = { users: [], garage_bikes: [], garage_readings: [], garage_services: [] };
  // In blocks of accounts, each table after the ones its foreign keys name: the loader's memory stays one block.
  const flush = async () => {
    for (const table of /** @type {const} */ (['users', 'garage_bikes', 'garage_readings', 'garage_services'])) await insertChunks(db, table, rows[table].splice(0));
  };
  for (let account = 0; account * BIKES_PER_ACCOUNT < bikeCount; account++) {
    const userId = newId();
    rows.users.push({ id: userId, name: `Rider ${account}`, email: `rider${account}@bench.example`, email_verified: yes, image: null, phone: null, created_at: stamp, updated_at: stamp, role: 'user' });
    for (let n = 0; n < BIKES_PER_ACCOUNT && account * BIKES_PER_ACCOUNT + n < bikeCount; n++) {
      const id = newId();
      const vehicle = /** @type {{ id: string }} */ (vehicles[(account * BIKES_PER_ACCOUNT + n) % VEHICLES]);
      rows.garage_bikes.push({ id, user_id: userId, vehicle_id: vehicle.id, year: 2019, active: n === 0 ? 1 : 0, reminders: yes, created_at: stamp });
      // Two readings 30-200 days apart, 5-80 km a day, the last within the 60 days before the round.
      const lastOn = ROUND_AT - Math.floor(pick() * 60) * DAY_MS;
      const days = 30 + Math.floor(pick() * 170);
      const firstOn = lastOn - days * DAY_MS;
      const firstKm = Math.floor(pick() * 40_000);
      const lastKm = firstKm + Math.round(days * (5 + pick() * 75));
      rows.garage_readings.push({ id: newId(), bike_id: id, read_on: day(firstOn), km: firstKm, created_at: stamp }, { id: newId(), bike_id: id, read_on: day(lastOn), km: lastKm, created_at: stamp });
      entries += 2;
      if (n % 2 === 0) {
        rows.garage_services.push({ id: newId(), bike_id: id, done_on: day(firstOn + Math.floor(days / 2) * DAY_MS), km: Math.round((firstKm + lastKm) / 2), created_at: stamp });
        entries += 1;
      }
    }
    if (rows.users.length >= 200) await flush();
  }
  await flush();
  return entries;
}

/**
 * One pass in a process of its own.
 * @param {'round' | 'scan'} mode
 * @param {import('./data.mjs').BenchDatabase} target
 * @returns {Promise<ReminderPass>}
 */
async function pass(mode, target) {
  const job = { mode, config: target.config, now: ROUND_AT, timeZone: ZONE, page: PAGE };
  const { stdout } = await run(process.execPath, [path.join(import.meta.dirname, 'reminder-round-worker.mjs'), JSON.stringify(job)], { maxBuffer: 1024 * 1024 });
  const line = stdout.trim().split('\n').at(-1) ?? '';
  return /** @type {ReminderPass} */ (JSON.parse(line));
}

/**
 * Loads the garage into a fresh database, then measures the round and its reference in turns
 * (reference, round, ...), the round's reminders and its day's record removed between turns so
 * each round does the whole work again.
 * @param {import('./data.mjs').BenchDatabase} target
 * @param {{ turns: number, bikes?: number }} options
 * @returns {Promise<ReminderResult>}
 */
export async function benchReminders(target, { turns, bikes = REMINDER_BIKES }) {
  if (target.config.dialect === 'sqlite') mkdirSync(path.dirname(target.config.file), { recursive: true });
  const { shop, close } = await openFreshDatabase(target);
  try {
    const db = /** @type {import('kysely').Kysely<any>} */ (/** @type {unknown} */ (shop.db));
    const started = performance.now();
    const entries = await loadGarage(db, target.config.dialect, bikes);
    if (target.config.dialect === 'postgres') await sql`analyze`.execute(db);
    const loadSeconds = (performance.now() - started) / 1000;
    /** @type {ReminderPass[]} */
    const rounds = [];
    /** @type {ReminderPass[]} */
    const scans = [];
    for (let turn = 0; turn < turns; turn++) {
      await db.deleteFrom('service_reminders').execute();
      await db.deleteFrom('service_reminder_rounds').execute();
      scans.push(await pass('scan', target));
      rounds.push(await pass('round', target));
    }
    const counted = await db.selectFrom('service_reminders').select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
    return { database: target.label, bikes, entries, loadSeconds, rounds, scans, queuedRows: Number(counted.count) };
  } finally {
    await close();
  }
}

const median = (/** @type {number[]} */ values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? /** @type {number} */ (sorted[middle]) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const mb = (/** @type {number} */ bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const seconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(2)} s`;

/**
 * The rows of docs/benchmarks.md: per database, the round beside its reference.
 * @param {ReminderResult[]} results
 * @returns {string[]}
 */
export function renderReminders(results) {
  if (results.length === 0) return [];
  const lines = [
    '### Service reminder round (issue 36)',
    '',
    'The daily round over every garage bike with reminders on (a keyset page of 1,000 bikes and their readings and services at a time, the next service decided, the due ones inserted), beside a bare keyset scan of the same pages by the same queries, deciding and inserting nothing. Each pass in a process of its own; medians of the turns. Peak memory is the process\'s maximum resident set; the scan\'s is the floor of a process that loads the server\'s modules.',
    '',
    '| Database | Bikes | Readings and services | Round | Scan (reference) | Round / scan | Round peak memory | Scan peak memory | Emails queued |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const result of results) {
    const round = median(result.rounds.map((pass) => pass.ms));
    const scan = median(result.scans.map((pass) => pass.ms));
    const queued = result.rounds.at(-1)?.queued ?? 0;
    lines.push(
      `| ${result.database} | ${result.bikes.toLocaleString('en-GB')} | ${result.entries.toLocaleString('en-GB')} | ${seconds(round)} | ${seconds(scan)} | ${(round / scan).toFixed(2)}x | ${mb(median(result.rounds.map((pass) => pass.maxRssBytes)))} | ${mb(median(result.scans.map((pass) => pass.maxRssBytes)))} | ${queued.toLocaleString('en-GB')} (${((queued / result.bikes) * 100).toFixed(1)} %) |`,
    );
  }
  return lines;
}
