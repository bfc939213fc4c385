import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../db/database.js';
import { buildServerPrograms } from './server-build.js';
import { COPY_PREFIX, copyPrefixOf, databaseUrl, TEMPLATE_PREFIX, withAdminClient } from './test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database every test database of this run starts as: a SQLite file, or a PostgreSQL database name. */
    migratedTemplate: string;
  }
}

/**
 * Runs every migration once per run and dialect, into a template each test file's database is
 * copied from (`createTestDatabase`). Built anew on every run, under a name of its own, so a
 * changed migration list is always in it and two runs at once never share or drop each other's.
 * Compiles the server's programs for the tests that start them as processes, too (server-build.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dialect = project.config.env?.TEST_DIALECT ?? process.env.TEST_DIALECT;
  project.provide('serverBuild', buildServerPrograms());
  if (dialect === 'postgres') return postgresTemplate(project);
  return sqliteTemplate(project);
}

async function sqliteTemplate(project: TestProject) {
  const directory = mkdtempSync(path.join(tmpdir(), 'shop-test-template-'));
  const template = path.join(directory, 'template.db');
  const database = createDatabase({ dialect: 'sqlite', file: path.join(directory, 'migrated.db') });
  try {
    await database.migrate();
    // One self-contained file (no -wal beside it) that a plain file copy reproduces exactly.
    await sql`vacuum into ${template}`.execute(database.db);
  } finally {
    await database.close();
  }
  project.provide('migratedTemplate', template);
  return async () => rmSync(directory, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject) {
  if (!process.env.TEST_DATABASE_URL) throw new Error('The PostgreSQL test pass needs TEST_DATABASE_URL');
  const name = `${TEMPLATE_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(dropTemplatesOfEndedRuns);
  await withAdminClient((client) => client.query(`create database ${name}`));
  const database = createDatabase({ dialect: 'postgres', url: databaseUrl(name), poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  // CREATE DATABASE ... TEMPLATE fails while anyone is connected to the template: nobody may.
  await withAdminClient((client) => client.query(`alter database ${name} allow_connections false`));
  project.provide('migratedTemplate', name);
  return async () => {
    // The copies whose drop the test files did not wait for, then the template they were made from.
    await withAdminClient((client) => dropDatabasesStartingWith(client, copyPrefixOf(name)));
    await withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`));
  };
}

async function dropDatabasesStartingWith(client: pg.Client, prefix: string) {
  const { rows } = await client.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [prefix]);
  for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`).catch(() => undefined);
}

/** A run killed before its teardown leaves its template and copies behind: dropped once its process is gone. */
async function dropTemplatesOfEndedRuns(client: pg.Client) {
  for (const prefix of [COPY_PREFIX, TEMPLATE_PREFIX]) {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [prefix]);
    for (const { datname } of rows) {
      const pid = Number(datname.slice(prefix.length).split('_')[0]);
      if (Number.isInteger(pid) && pid > 0 && !isRunning(pid)) await client.query(`drop database if exists ${datname} with (force)`).catch(() => undefined);
    }
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
