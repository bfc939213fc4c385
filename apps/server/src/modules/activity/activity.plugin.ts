import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createActivityRepository } from './activity.repository.js';
import { createActivityService, type ActivityService } from './activity.service.js';

/** What other modules use to record their changes, in their own transactions. */
export { type Actor, changesBetween, recordActivity } from './activity.recorder.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The activity log: who changed what, read only. */
    activity: ActivityService;
  }
}

export const activityPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('activity', createActivityService({ repository: createActivityRepository(app.database.db) }));
  },
  { name: 'activity', dependencies: ['database'] },
);
