import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface RouteOptions {
  method?: string | string[];
  url?: string;
}

/**
 * Rate-limit counters kept in the shop's database, so every server instance behind a load
 * balancer counts the same requests. One atomic upsert per counted request.
 */
export function createDatabaseRateLimitStore(db: Kysely<Database>) {
  let calls = 0;

  class DatabaseRateLimitStore {
    prefix = 'global';

    incr(key: string, callback: Callback, timeWindow: number) {
      const now = Date.now();
      const bucket = `${this.prefix}|${key}`;
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
          if (++calls % 500 === 0) void db.deleteFrom('rate_limits').where('reset_at', '<', now).execute();
          callback(null, { current: Number(row.count), ttl: Math.max(0, Number(row.reset_at) - now) });
        }, (error: Error) => callback(error));
    }

    read(key: string, callback: Callback) {
      const now = Date.now();
      db.selectFrom('rate_limits')
        .select(['count', 'reset_at'])
        .where('key', '=', `${this.prefix}|${key}`)
        .executeTakeFirst()
        .then((row) => {
          if (!row || Number(row.reset_at) <= now) callback(null, { current: 0, ttl: 0 });
          else callback(null, { current: Number(row.count), ttl: Number(row.reset_at) - now });
        }, (error: Error) => callback(error));
    }

    child(routeOptions: RouteOptions) {
      const store = new DatabaseRateLimitStore();
      store.prefix = `${String(routeOptions.method ?? '')} ${routeOptions.url ?? ''}`;
      return store;
    }
  }

  return DatabaseRateLimitStore;
}
