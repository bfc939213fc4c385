import BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type Driver,
  sql,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import type { DatabaseConfig } from '../app-config.js';
import { createGroupCommit } from './group-commit.js';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

/** SQLite write transactions take the write lock up front, so two writers never deadlock on upgrade. */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];
  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/** Compiled statements kept per SQLite connection; the shop asks a small, fixed set of queries. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 compiles a statement on every prepare(), and Kysely prepares on every query.
 * Compiled statements are reusable, so each SQL text is compiled once and kept (oldest out first).
 */
function withStatementCache(sqlite: BetterSqlite3.Database) {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string): BetterSqlite3.Statement {
      let statement = statements.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

/**
 * Runs a statement written in this database's SQL, parsed and planned once: by name on each
 * PostgreSQL connection, by the statement cache on SQLite.
 */
export type StatementRunner = <Row>(name: string, text: string, values: unknown[]) => Promise<Row[]>;

/** A Kysely transaction's statements as a StatementRunner (SQLite caches each statement's plan itself). */
export const transactionRunner =
  (trx: Transaction<Database>): StatementRunner =>
  async <Row>(_name: string, text: string, values: unknown[]) =>
    (await trx.executeQuery<Row>(CompiledQuery.raw(text, values))).rows;

export interface ShopDatabase {
  db: Kysely<Database>;
  dialect: DatabaseConfig['dialect'];
  /** For the few statements every signed-in request or every order runs. */
  prepared: StatementRunner;
  /**
   * Runs `work` as one write transaction; a throw rolls it back. On SQLite, one unit of the group
   * commit (decision 008): written with the others that arrive meanwhile, under the write lock
   * throughout. On PostgreSQL, a transaction of its own.
   */
  writeTransaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>;
  /**
   * `writeTransaction` for a few statements run often, each parsed and planned once: by name on
   * each PostgreSQL connection (a Kysely transaction sends every statement unnamed, planned anew
   * each time), through the group commit's statement cache on SQLite.
   */
  preparedTransaction: <T>(work: (run: StatementRunner) => Promise<T>) => Promise<T>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Waits up to about a minute for another process's migration; a lock left by a crashed one is stale after 30 s. */
const SQLITE_MIGRATION_LOCK: lockfile.LockOptions = { realpath: false, stale: 30_000, retries: { retries: 120, minTimeout: 50, maxTimeout: 500 } };

// PostgreSQL returns bigint/numeric as strings; counts and sums here stay far below 2^53.
pg.types.setTypeParser(20, (value: string) => Number.parseInt(value, 10));

export function createDatabase(config: DatabaseConfig): ShopDatabase {
  let db: Kysely<Database>;
  let prepared: ShopDatabase['prepared'];
  let writeTransaction: ShopDatabase['writeTransaction'];
  let preparedTransaction: ShopDatabase['preparedTransaction'];
  if (config.dialect === 'sqlite') {
    const sqlite = new BetterSqlite3(config.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    // better-sqlite3 waits synchronously, so a short wait keeps the event loop responsive.
    sqlite.pragma('busy_timeout = 2000');
    sqlite.pragma('foreign_keys = ON');
    const sqliteDb = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) });
    db = sqliteDb;
    prepared = async <Row>(_name: string, text: string, values: unknown[]) => (await sqliteDb.executeQuery<Row>(CompiledQuery.raw(text, values))).rows;
    writeTransaction = createGroupCommit(sqliteDb);
    preparedTransaction = (work) => writeTransaction((trx) => work(transactionRunner(trx)));
  } else {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: config.poolSize ?? 10,
      connectionTimeoutMillis: 3000,
      idleTimeoutMillis: 30_000,
    });
    // A client losing its server must not crash the process: the query in flight fails with
    // the error (answered as 503) and the pool opens a fresh connection for the next one.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    prepared = async <Row>(name: string, text: string, values: unknown[]) => (await pool.query({ name, text, values })).rows as Row[];
    writeTransaction = (work) => db.transaction().execute(work);
    preparedTransaction = async (work) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('begin');
        const result = await work(async (name, text, values) => (await client.query({ name, text, values })).rows);
        await client.query('commit');
        return result;
      } catch (error) {
        // A connection that cannot even roll back is closed rather than handed out again.
        await client.query('rollback').catch((lost: Error) => (broken = lost));
        throw error;
      } finally {
        client.release(broken);
      }
    };
  }

  return {
    db,
    dialect: config.dialect,
    prepared,
    writeTransaction,
    preparedTransaction,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async migrate() {
      // PostgreSQL: the migrator holds an advisory lock. SQLite: a lock beside the file, so shops
      // started at the same moment on one file migrate one after the other (decision 018).
      const release = config.dialect === 'sqlite' && config.file !== ':memory:' ? await lockfile.lock(config.file, SQLITE_MIGRATION_LOCK) : undefined;
      try {
        const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
        const { error, results } = await migrator.migrateToLatest();
        const failed = results?.find((result) => result.status === 'Error');
        if (error || failed) {
          throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
        }
      } finally {
        await release?.();
      }
    },
    async close() {
      await db.destroy();
    },
  };
}
