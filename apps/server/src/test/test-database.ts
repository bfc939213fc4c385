import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../app-config.js';

export interface TestDatabase {
  config: DatabaseConfig;
  dataDir: string;
  drop(): Promise<void>;
}

/**
 * A fresh database for one test file: a SQLite file in a temporary folder, or a new PostgreSQL
 * database beside TEST_DATABASE_URL when the suite runs on PostgreSQL. Every migration is already
 * in it (a copy of the run's template, see global-setup.ts), so `migrate()` finds nothing to do;
 * `{ empty: true }` gives one without any table, for the tests of migrating itself.
 */
export async function createTestDatabase({ empty = false }: { empty?: boolean } = {}): Promise<TestDatabase> {
  const template = empty ? undefined : await migratedTemplate();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-test-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });

  if (process.env.TEST_DIALECT !== 'postgres') {
    const file = path.join(dataDir, 'shop.db');
    if (template) copyFileSync(template, file);
    return { config: { dialect: 'sqlite', file }, dataDir, drop: async () => removeDataDir() };
  }

  return template ? postgresCopyOf(template, dataDir) : createPostgresTestDatabase(dataDir);
}

/** The prefix of every copy of a run's template: the run's global teardown drops what is left of them. */
export const copyPrefixOf = (template: string): string => `${template.replace(TEMPLATE_PREFIX, COPY_PREFIX)}_`;
export const TEMPLATE_PREFIX = 'shop_test_template_';
export const COPY_PREFIX = 'shop_test_copy_';

/** The next copy of the template, made while the worker's current test file runs (see postgresCopyOf). */
let spareCopy: Promise<string> | undefined;

/** CREATE DATABASE … TEMPLATE: the name of a new copy of the template. */
async function copyTemplate(template: string): Promise<string> {
  const name = `${copyPrefixOf(template)}${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`create database ${name} template ${template}`));
  return name;
}

/**
 * A copy of the run's template for one test file on PostgreSQL. Copying a database and dropping
 * one each take the server about half a second: the next file's copy is made while this one
 * runs, and a copy is dropped without the file waiting for it. Whatever the run leaves (a spare
 * copy, a drop cut short when its worker ends) the global teardown drops by the run's prefix.
 */
async function postgresCopyOf(template: string, dataDir: string): Promise<TestDatabase> {
  const name = await (spareCopy ?? copyTemplate(template)).catch(() => copyTemplate(template));
  spareCopy = copyTemplate(template);
  // Taken by the next file, which makes its own copy if this one failed.
  spareCopy.catch(() => undefined);
  return {
    config: { dialect: 'postgres', url: databaseUrl(name) },
    dataDir,
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      dropDatabase(name).catch(() => undefined);
    },
  };
}

/** TEST_DATABASE_URL's server and role, on the database named. */
export const databaseUrl = (name: string): string => {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
};

/** A connection to TEST_DATABASE_URL for one piece of work (creating and dropping databases), closed after it. */
export async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('A PostgreSQL test database needs TEST_DATABASE_URL');
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Drops a test database, its last connections ended. */
export function dropDatabase(name: string): Promise<void> {
  return withAdminClient(async (client) => {
    // An autovacuum worker on the database cannot be stopped by its owner: it finishes in a moment.
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`drop database if exists ${name} with (force)`);
        return;
      } catch (error) {
        if (attempt === 20 || !/pg_signal_backend|being accessed by other users/.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  });
}

/** The run's migrated template, which Vitest's global setup made (imported here only inside a Vitest run). */
async function migratedTemplate(): Promise<string> {
  const { inject } = await import('vitest');
  const template = inject('migratedTemplate');
  if (!template) throw new Error('No migrated template database: run the server tests through their Vitest project (globalSetup)');
  return template;
}

/** A new, empty PostgreSQL database beside TEST_DATABASE_URL, with a temporary folder for its shop's files. */
export async function createPostgresTestDatabase(
  dataDir = mkdtempSync(path.join(tmpdir(), 'shop-test-')),
): Promise<TestDatabase & { config: { dialect: 'postgres'; url: string } }> {
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`create database ${name}`));
  return {
    config: { dialect: 'postgres', url: databaseUrl(name) },
    dataDir,
    async drop() {
      await dropDatabase(name);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
