// @ts-check
/**
 * The bench's own databases: a SQLite file in a fresh temporary folder, or a PostgreSQL
 * database it creates (and drops), opened with the server's own Kysely setup and migrations.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { onCleanup } from './cleanup.mjs';
import { createDatabase } from './server-code.mjs';

/** @typedef {import('../../apps/server/src/app-config.js').DatabaseConfig} DatabaseConfig */

/**
 * @typedef {object} BenchDatabase
 * @property {string} label     SQLite or PostgreSQL
 * @property {string} url       the DATABASE_URL the server is started with
 * @property {DatabaseConfig} config
 */

/**
 * A SQLite file that does not exist yet, inside the bench's own temporary folder.
 * @param {string} dataDir
 * @returns {BenchDatabase}
 */
export function sqliteDatabase(dataDir) {
  const file = path.join(dataDir, 'shop.db');
  if (existsSync(file)) throw new Error(`refusing to use ${file}: it already exists`);
  return { label: 'SQLite', url: `sqlite:${file}`, config: { dialect: 'sqlite', file } };
}

/**
 * Creates `shop_bench_<random>` on the server of `adminUrl` and drops it at cleanup.
 * @param {string} adminUrl  a role allowed to create databases
 * @returns {Promise<BenchDatabase>}
 */
export async function postgresDatabase(adminUrl) {
  const name = `shop_bench_${randomBytes(6).toString('hex')}`;
  onCleanup(`database ${name}`, () => dropPostgresDatabase(adminUrl, name));
  await withAdmin(adminUrl, (admin) => admin.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { label: 'PostgreSQL', url: url.toString(), config: { dialect: 'postgres', url: url.toString() } };
}

/**
 * @param {string} adminUrl
 * @param {(client: pg.Client) => Promise<unknown>} task
 */
async function withAdmin(adminUrl, task) {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    return await task(admin);
  } finally {
    await admin.end();
  }
}

/**
 * @param {string} adminUrl
 * @param {string} name
 */
async function dropPostgresDatabase(adminUrl, name) {
  await withAdmin(adminUrl, async (admin) => {
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
    await admin.query(`drop database if exists "${name}"`);
  });
}

/** PostgreSQL's version string, or undefined when it cannot be asked. @param {string} adminUrl */
export async function postgresVersion(adminUrl) {
  /** @type {any} */
  const result = await withAdmin(adminUrl, (admin) => admin.query('show server_version'));
  return String(result.rows[0].server_version);
}

/**
 * Opens the bench database, refuses it if it already holds products, then migrates it.
 * @param {BenchDatabase} target
 */
export async function openFreshDatabase(target) {
  const shop = createDatabase(target.config);
  const forget = onCleanup(`connection to the ${target.label} bench database`, () => shop.close());
  const tables = await shop.db.introspection.getTables();
  if (tables.some((table) => table.name === 'products')) {
    const row = await shop.db.selectFrom('products').select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
    if (Number(row.count) > 0) throw new Error(`refusing to load data: the ${target.label} database already has ${row.count} products`);
  }
  await shop.migrate();
  return {
    shop,
    async close() {
      await shop.close();
      forget();
    },
  };
}

/**
 * One small WebP every loaded product and review points at.
 * @param {string} dataDir
 */
export async function writeBenchImage(dataDir) {
  const directory = path.join(dataDir, 'images');
  mkdirSync(directory, { recursive: true });
  const bytes = await sharp({ create: { width: 600, height: 450, channels: 3, background: '#f97316' } }).webp({ quality: 80 }).toBuffer();
  writeFileSync(path.join(directory, 'bench-part.webp'), bytes);
  return '/images/bench-part.webp';
}
