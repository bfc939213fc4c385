import { ACTIVITY_PAGE_SIZE, type ActivityPage, type ActivityQuery } from '@shop/shared';
import { toActivityEntry } from './activity.mapper.js';
import type { ActivityRepository } from './activity.repository.js';

/** The activity log (SPEC-3 section 7): every change an admin or staff member made, read only. */
export function createActivityService({ repository }: { repository: ActivityRepository }) {
  return {
    /** A page of entries, newest first; one more row is read to know whether an older page follows. */
    async page({ person, action, from, to, q, page = 0 }: ActivityQuery): Promise<ActivityPage> {
      const filter = {
        person,
        action,
        from: from === undefined ? undefined : `${from}T00:00:00.000Z`,
        to: to === undefined ? undefined : `${to}T23:59:59.999Z`,
        q,
      };
      const rows = await repository.list(filter, page * ACTIVITY_PAGE_SIZE, ACTIVITY_PAGE_SIZE + 1);
      return { entries: rows.slice(0, ACTIVITY_PAGE_SIZE).map(toActivityEntry), more: rows.length > ACTIVITY_PAGE_SIZE, page };
    },
  };
}
export type ActivityService = ReturnType<typeof createActivityService>;
