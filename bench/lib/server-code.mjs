// @ts-check
/** The server's own TypeScript modules the bench reuses (database setup, id generator, the sales count, the balancer), loaded through tsx. */
import { register } from 'tsx/esm/api';

register();

const database = /** @type {typeof import('../../apps/server/src/db/database.js')} */ (await import('../../apps/server/src/db/database.ts'));
const ids = /** @type {typeof import('../../apps/server/src/lib/ids.js')} */ (await import('../../apps/server/src/lib/ids.ts'));
const sales = /** @type {typeof import('../../apps/server/src/db/migrations/021-sales.js')} */ (await import('../../apps/server/src/db/migrations/021-sales.ts'));
const statuses = /** @type {typeof import('../../apps/server/src/db/migrations/022-order-status-days.js')} */ (
  await import('../../apps/server/src/db/migrations/022-order-status-days.ts')
);
const haproxy = /** @type {typeof import('../../apps/server/src/test/haproxy.js')} */ (await import('../../apps/server/src/test/haproxy.ts'));

export const { createDatabase } = database;
export const { newId } = ids;
/** HAProxy with deploy/haproxy.cfg in front of the instances, as the scale-out tests start it. */
export const { startHaproxy } = haproxy;
/**
 * Counts every order into the (empty) sales and status tables, as migrations 021 and 022 do.
 * @param {import('kysely').Kysely<unknown>} db
 */
export async function countExistingOrders(db) {
  await sales.countExistingOrders(db);
  await statuses.countExistingStatuses(db);
}
