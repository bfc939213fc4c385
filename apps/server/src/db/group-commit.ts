import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.js';

/** Units of work written by one commit at most; the rest wait for the next. */
const MAX_BATCH = 100;
const SAVEPOINT = CompiledQuery.raw('savepoint one_unit');
const RELEASE = CompiledQuery.raw('release one_unit');
const ROLLBACK = CompiledQuery.raw('rollback to one_unit');

type Work = (trx: Transaction<Database>) => Promise<unknown>;

interface Pending {
  work: Work;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * SQLite: group commit (decision 008). Units of work that arrive while the event loop is busy
 * are written by one transaction, each in its own savepoint, in order of arrival; every caller's
 * answer waits for that commit. A commit (its WAL writes) costs far more than the few statements
 * of an order, so a burst is written several times faster, and a unit that fails rolls back alone.
 * The transaction holds SQLite's write lock throughout, so what a unit reads stays true until it
 * has written.
 */
export function createGroupCommit(db: Kysely<Database>) {
  let queue: Pending[] = [];
  let scheduled = false;

  async function flush() {
    scheduled = false;
    const batch = queue.slice(0, MAX_BATCH);
    queue = queue.slice(batch.length);
    if (queue.length > 0) schedule();
    const outcomes: ({ value: unknown } | { error: unknown })[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        for (const pending of batch) {
          await trx.executeQuery(SAVEPOINT);
          try {
            outcomes.push({ value: await pending.work(trx) });
            await trx.executeQuery(RELEASE);
          } catch (error) {
            await trx.executeQuery(ROLLBACK);
            await trx.executeQuery(RELEASE);
            outcomes.push({ error });
          }
        }
      });
    } catch (error) {
      // The commit itself failed: no unit of the batch was written.
      for (const pending of batch) pending.reject(error);
      return;
    }
    batch.forEach((pending, index) => {
      const outcome = outcomes[index]!;
      if ('error' in outcome) pending.reject(outcome.error);
      else pending.resolve(outcome.value);
    });
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    // After the requests already read from the sockets have queued their work.
    setImmediate(() => void flush());
  }

  /** Runs `work` inside the next commit; a throw rolls back this unit only. */
  return function run<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      schedule();
    });
  };
}
