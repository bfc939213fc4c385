import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { AppError } from '../lib/errors.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface RouteOptions {
  method?: string | string[];
  url?: string;
}

/**
 * The route a child store counts for. The plugin hands `child` its merged limit options with
 * the route under `routeInfo` (the `rateLimit` decorator hands an empty one).
 */
interface ChildOptions extends RouteOptions {
  routeInfo?: RouteOptions;
}

/** Longer keys, or keys with characters a database may refuse, are stored as their hash. */
const MAX_PLAIN_KEY_CHARS = 100;
const PLAIN_KEY = /^[\x20-\x7e]*$/;

/**
 * The stored form of a counter's key: short and printable as it is, otherwise its SHA-256,
 * so a key a caller makes as long as they like neither grows the table nor overflows the
 * column (a failed write would switch the limit off).
 */
export function storedKey(bucket: string): string {
  if (bucket.length <= MAX_PLAIN_KEY_CHARS && PLAIN_KEY.test(bucket)) return bucket;
  return `sha256:${createHash('sha256').update(bucket).digest('hex')}`;
}

/** The counters could not be read or written; a limit that fails closed answers this. */
const storeUnavailable = (cause: unknown) =>
  Object.assign(new AppError(503, 'SERVICE_UNAVAILABLE', 'The shop is busy right now. Please try again in a few seconds.'), { cause });

/**
 * Rate-limit counters kept in the shop's database, so every server instance behind a load
 * balancer counts the same requests. One atomic upsert per counted request.
 */
export function createDatabaseRateLimitStore(db: Kysely<Database>, log: FastifyBaseLogger) {
  let calls = 0;

  const failed = (callback: Callback) => (error: unknown) => {
    log.error({ err: error }, 'rate-limit store unavailable');
    callback(storeUnavailable(error));
  };

  class DatabaseRateLimitStore {
    prefix = 'global';

    incr(key: string, callback: Callback, timeWindow: number) {
      const now = Date.now();
      const bucket = storedKey(`${this.prefix}|${key}`);
      db.insertInto('rate_limits')
        .values({ key: bucket, count: 1, reset_at: now + timeWindow })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end`,
            reset_at: sql<number>`case when rate_limits.reset_at <= ${now} then ${now + timeWindow} else rate_limits.reset_at end`,
          }),
        )
        .returning(['count', 'reset_at'])
        .executeTakeFirstOrThrow()
        .then((row) => {
          if (++calls % 500 === 0) void db.deleteFrom('rate_limits').where('reset_at', '<', now).execute().catch(() => {});
          callback(null, { current: Number(row.count), ttl: Math.max(0, Number(row.reset_at) - now) });
        }, failed(callback));
    }

    read(key: string, callback: Callback) {
      const now = Date.now();
      db.selectFrom('rate_limits')
        .select(['count', 'reset_at'])
        .where('key', '=', storedKey(`${this.prefix}|${key}`))
        .executeTakeFirst()
        .then((row) => {
          if (!row || Number(row.reset_at) <= now) callback(null, { current: 0, ttl: 0 });
          else callback(null, { current: Number(row.count), ttl: Number(row.reset_at) - now });
        }, failed(callback));
    }

    child(options: ChildOptions) {
      const route = options.routeInfo ?? options;
      const store = new DatabaseRateLimitStore();
      // Each route counts on its own, even for the same caller.
      store.prefix = `${[route.method ?? ''].flat().join(',')} ${route.url ?? ''}`;
      return store;
    }
  }

  return DatabaseRateLimitStore;
}
