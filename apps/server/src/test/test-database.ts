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

  return createPostgresTestDatabase(dataDir, template);
}

/** The run's migrated template, which Vitest's global setup made (imported here only inside a Vitest run). */
async function migratedTemplate(): Promise<string> {
  const { inject } = await import('vitest');
  const template = inject('migratedTemplate');
  if (!template) throw new Error('No migrated template database: run the server tests through their Vitest project (globalSetup)');
  return template;
}

/**
 * A new PostgreSQL database beside TEST_DATABASE_URL, with a temporary folder for its shop's files:
 * empty, or a copy of the template database named.
 */
export async function createPostgresTestDatabase(
  dataDir = mkdtempSync(path.join(tmpdir(), 'shop-test-')),
  template?: string,
): Promise<TestDatabase & { config: { dialect: 'postgres'; url: string } }> {
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('A PostgreSQL test database needs TEST_DATABASE_URL');
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    config: { dialect: 'postgres', url: url.toString() },
    dataDir,
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        // An autovacuum worker on the database cannot be stopped by its owner: it finishes in a moment.
        for (let attempt = 1; ; attempt++) {
          try {
            await client.query(`drop database if exists ${name} with (force)`);
            break;
          } catch (error) {
            if (attempt === 20 || !/pg_signal_backend|being accessed by other users/.test(String(error))) throw error;
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
        }
      } finally {
        await client.end();
      }
      removeDataDir();
    },
  };
}
