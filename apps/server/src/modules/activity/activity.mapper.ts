import { type ActivityChange, type ActivityEntry, type ActivityAction, type ActivityRecordType } from '@shop/shared';
import type { ActivityRow } from '../../db/schema.js';

/** A kept entry -> what the Activity page reads. */
export const toActivityEntry = (row: ActivityRow): ActivityEntry => ({
  _id: String(row.id),
  createdAt: row.created_at,
  actor: { id: row.actor_id, name: row.actor_name, email: row.actor_email, role: row.actor_role },
  action: row.action as ActivityAction,
  record: { type: row.record_type as ActivityRecordType, id: row.record_id, label: row.record_label },
  changes: JSON.parse(row.changes) as ActivityChange[],
  summary: row.summary,
});
