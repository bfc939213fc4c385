// @ts-check
/**
 * The server's own TypeScript modules the bench reuses (database setup, id generator, the sales
 * count, the balancer, the demo tax rates), loaded through tsx; the database's from the tree
 * measured (CODE_ROOT), so its migrations make the schema its server expects.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { CODE_ROOT } from './server.mjs';

register();

/** @param {string} file  a module of the measured tree */
const measured = (file) => import(pathToFileURL(path.join(CODE_ROOT, file)).href);

const database = /** @type {typeof import('../../apps/server/src/db/database.js')} */ (await measured('apps/server/src/db/database.ts'));
const ids = /** @type {typeof import('../../apps/server/src/lib/ids.js')} */ (await measured('apps/server/src/lib/ids.ts'));
const sales = /** @type {typeof import('../../apps/server/src/db/migrations/021-sales.js')} */ (await measured('apps/server/src/db/migrations/021-sales.ts'));
const statuses = /** @type {typeof import('../../apps/server/src/db/migrations/022-order-status-days.js')} */ (
  await measured('apps/server/src/db/migrations/022-order-status-days.ts')
);
const haproxy = /** @type {typeof import('../../apps/server/src/test/haproxy.js')} */ (await import('../../apps/server/src/test/haproxy.ts'));
// This tree's: the bench sends them to whichever server it measures, through its API.
const tax = /** @type {typeof import('../../packages/shared/src/schemas/tax.js')} */ (await import('../../packages/shared/src/schemas/tax.ts'));

export const { createDatabase } = database;
export const { newId } = ids;
/** HAProxy with deploy/haproxy.cfg in front of the instances, as the scale-out tests start it. */
export const { startHaproxy } = haproxy;
/** The demo shop's tax rates (SPEC-3 section 1), which the priced rows put in place. */
export const { DEMO_TAX_RATES } = tax;
/**
 * Counts every order into the (empty) sales and status tables, as migrations 021 and 022 do.
 * @param {import('kysely').Kysely<unknown>} db
 */
export async function countExistingOrders(db) {
  await sales.countExistingOrders(db);
  await statuses.countExistingStatuses(db);
}
