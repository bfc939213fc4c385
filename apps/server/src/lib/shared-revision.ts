import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The kinds of shop-wide data every instance keeps in memory, each with its counter in `data_revisions`. */
export type RevisionName = 'settings' | 'tax_rates' | 'shipping_methods' | 'discounts';

/** The data's counter now (0 before its first write). */
export async function readRevision(db: Kysely<Database>, name: RevisionName): Promise<number> {
  const row = await db.selectFrom('data_revisions').select('revision').where('name', '=', name).executeTakeFirst();
  return Number(row?.revision ?? 0);
}

/** Counts a write of the data; call it in the write's own transaction. Answers the new counter. */
export async function bumpRevision(trx: Kysely<Database>, name: RevisionName): Promise<number> {
  const row = await trx
    .updateTable('data_revisions')
    .set((eb) => ({ revision: eb('revision', '+', 1) }))
    .where('name', '=', name)
    .returning('revision')
    .executeTakeFirst();
  if (row) return Number(row.revision);
  await trx.insertInto('data_revisions').values({ name, revision: 1 }).execute();
  return 1;
}

export interface SharedValue<T> {
  /** The value as of at most `checkAfterMs` ago, from memory; read again only when another instance changed it. */
  get(): Promise<T>;
  /** What this instance has just written, at the revision its write answered: seen here at once. */
  wrote(value: T, revision: number): void;
}

/**
 * A value every instance keeps in memory and shows another instance's write of within about
 * `checkAfterMs`: a read compares the database's counter with its copy's when it last did so
 * longer ago than that (one small read, shared by every request meanwhile), and loads the value
 * again only when the counter moved. When nothing changes there is no read per request.
 */
export function createSharedValue<T>({
  revision,
  load,
  checkAfterMs = 500,
}: {
  revision: () => Promise<number>;
  load: () => Promise<T>;
  checkAfterMs?: number;
}): SharedValue<T> {
  let held: { value: T; revision: number } | undefined;
  let checkedAt = -Infinity;
  let checking: Promise<void> | undefined;
  /** Moves on each write here: a load begun before it must not replace what the write put in. */
  let writes = 0;

  const check = async () => {
    const startedAt = Date.now();
    const writesBefore = writes;
    // The counter before the value: a write in between leaves an old counter with a new value, which the next check loads again.
    const current = await revision();
    if (held?.revision === current) {
      checkedAt = startedAt;
      return;
    }
    const value = await load();
    if (writes !== writesBefore) return;
    held = { value, revision: current };
    checkedAt = startedAt;
  };

  return {
    async get() {
      if (held && Date.now() - checkedAt < checkAfterMs) return held.value;
      checking ??= check().finally(() => {
        checking = undefined;
      });
      await checking;
      // Set by the check, or by a write here while it ran.
      return held!.value;
    },
    wrote(value, revisionNow) {
      writes++;
      held = { value, revision: revisionNow };
      checkedAt = Date.now();
    },
  };
}
