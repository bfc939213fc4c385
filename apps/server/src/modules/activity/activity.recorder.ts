import type { ActivityAction, ActivityChange, ActivityRecordType } from '@shop/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database, Role } from '../../db/schema.js';

/** Who made a change: `request.user` of the route. */
export interface Actor {
  id: string;
  name: string;
  email: string;
  role: Role;
}

/** One change as the log keeps it. */
export interface ActivityNote {
  action: ActivityAction;
  record: { type: ActivityRecordType; id: string; label: string };
  /** The fields the change changed (see `changesBetween`); none for an addition or a deletion that says it all. */
  changes?: ActivityChange[];
  /** An entry of many records: what it did to them ('12 added, 3 changed'). */
  summary?: string;
}

type Logged = ActivityChange['before'];
const logged = (value: unknown): Logged =>
  value === undefined ? null : typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null ? value : JSON.stringify(value);

/**
 * The fields whose value differs between `before` and `after`, by the names `after` gives (the
 * API's names: `price` in dollars, `quantity`, `minimum`, `status`, `role`). A value that is not
 * a string, number or boolean is kept as its JSON text.
 */
export function changesBetween(before: Record<string, unknown>, after: Record<string, unknown>): ActivityChange[] {
  const changes: ActivityChange[] = [];
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const was = logged(before[field]);
    const now = logged(value);
    if (was !== now) changes.push({ field, before: was, after: now });
  }
  return changes;
}

/**
 * Writes the change's entry in the transaction that makes the change, so a change without its
 * entry cannot exist (SPEC-3 section 7). Only admins' and staff's changes are kept: a customer
 * cancelling their own order is not the shop's activity. The entry cannot be changed afterwards
 * (migration 044's triggers).
 */
export async function recordActivity(trx: Transaction<Database> | Kysely<Database>, actor: Actor | null | undefined, note: ActivityNote): Promise<void> {
  if (!actor || actor.role === 'user') return;
  const summary = note.summary ?? null;
  await trx
    .insertInto('activity')
    .values({
      created_at: new Date().toISOString(),
      actor_id: actor.id,
      actor_name: actor.name,
      actor_email: actor.email,
      actor_role: actor.role,
      action: note.action,
      record_type: note.record.type,
      record_id: note.record.id,
      record_label: note.record.label,
      changes: JSON.stringify(note.changes ?? []),
      summary,
      search_text: [note.record.label, note.record.id, actor.name, actor.email, summary ?? ''].join(' ').toLowerCase(),
    })
    .execute();
}
