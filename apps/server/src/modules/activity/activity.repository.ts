import type { ActivityAction } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { ActivityRow, Database } from '../../db/schema.js';
import { holdsEveryWord } from '../../lib/text-match.js';

/** What the Activity page asks for: already checked, the days as instants. */
export interface ActivityFilter {
  person?: string | undefined;
  action?: ActivityAction | undefined;
  /** From this instant on (the start of the first day, UTC). */
  from?: string | undefined;
  /** Up to this instant (the last millisecond of the last day, UTC). */
  to?: string | undefined;
  q?: string | undefined;
}

/**
 * Reads of the activity log. It has no statement that changes or deletes an entry: entries are
 * written only by `recordActivity`, in the transaction of their change.
 */
export function createActivityRepository(db: Kysely<Database>) {
  return {
    /** Entries newest first, `limit` of them from `offset`. */
    list({ person, action, from, to, q }: ActivityFilter, offset: number, limit: number): Promise<ActivityRow[]> {
      return db
        .selectFrom('activity')
        .selectAll()
        .$if(Boolean(person), (query) => query.where((eb) => eb.or([eb(eb.fn('lower', ['actor_email']), '=', person!.toLowerCase()), eb('actor_id', '=', person!)])))
        .$if(action !== undefined, (query) => query.where('action', '=', action!))
        .$if(from !== undefined, (query) => query.where('created_at', '>=', from!))
        .$if(to !== undefined, (query) => query.where('created_at', '<=', to!))
        .$if(Boolean(q), (query) => query.where(holdsEveryWord(['search_text'], q!)))
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },
  };
}
export type ActivityRepository = ReturnType<typeof createActivityRepository>;
