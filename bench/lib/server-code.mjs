// @ts-check
/** The server's own TypeScript modules the bench reuses (database setup, id generator), loaded through tsx. */
import { register } from 'tsx/esm/api';

register();

const database = /** @type {typeof import('../../apps/server/src/db/database.js')} */ (await import('../../apps/server/src/db/database.ts'));
const ids = /** @type {typeof import('../../apps/server/src/lib/ids.js')} */ (await import('../../apps/server/src/lib/ids.ts'));

export const { createDatabase } = database;
export const { newId } = ids;
