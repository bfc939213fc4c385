// @ts-check
/**
 * One measured pass over the bench's garage, in a process of its own so its peak memory is its
 * own (`process.resourceUsage().maxRSS`): `round` runs the server's daily service reminder round
 * (`tick`) on the measured tree's code; `scan` is its reference, the same keyset pages of bikes
 * and their readings and services read by the round's own repository calls, with no decision and
 * no insert. Prints one line of JSON: { ms, maxRssBytes, bikes, queued }.
 *
 *   node bench/lib/reminder-round-worker.mjs '{"mode":"round","config":{...},"now":1789999999999,"timeZone":"America/New_York"}'
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { CODE_ROOT } from './server.mjs';

register();

/** @param {string} file  a module of the measured tree */
const measured = (file) => import(pathToFileURL(path.join(CODE_ROOT, file)).href);

/** @type {{ mode: 'round' | 'scan', config: import('../../apps/server/src/app-config.js').DatabaseConfig, now: number, timeZone: string, page: number }} */
const job = JSON.parse(process.argv[2] ?? '{}');

const { createDatabase } = /** @type {typeof import('../../apps/server/src/db/database.js')} */ (await measured('apps/server/src/db/database.ts'));
const { createGarageRepository } = /** @type {typeof import('../../apps/server/src/modules/garage/garage.repository.js')} */ (await measured('apps/server/src/modules/garage/garage.repository.ts'));
const reminders = /** @type {typeof import('../../apps/server/src/modules/garage/service-reminders.repository.js')} */ (
  await measured('apps/server/src/modules/garage/service-reminders.repository.ts')
);
/**
 * Typed by hand: the service's own types reach the plugins', which need the app's declarations
 * (app.ts), and the bench's type check does not load the app.
 * @typedef {{ tick(now: number): Promise<{ bikes: number, queued: number } | null> }} ReminderRound
 */
const { createServiceRemindersService } = /** @type {{ createServiceRemindersService: (dependencies: Record<string, unknown>) => ReminderRound }} */ (
  await measured('apps/server/src/modules/garage/service-reminders.service.ts')
);

const database = createDatabase(job.config);
const repository = reminders.createServiceRemindersRepository(database);
const garage = createGarageRepository(database);
const silent = () => {};
const log = { info: silent, warn: silent, error: silent, debug: silent, trace: silent, fatal: silent };

/** The round as the leading instance runs it; nothing is emailed (the sender is another job). */
async function round() {
  const service = createServiceRemindersService({
    repository,
    garage,
    serviceKits: { get: async () => null },
    settings: { current: async () => ({ timeZone: job.timeZone }) },
    mailer: { send: async () => {} },
    log,
    publicUrl: 'http://localhost',
    secret: 'bench',
  });
  const outcome = await service.tick(job.now);
  if (!outcome) throw new Error('the round did not run: its day is done already, or it is before 08:00 on the shop clock');
  return { bikes: outcome.bikes, queued: outcome.queued };
}

/** The same reads, page by page, deciding nothing and writing nothing. */
async function scan() {
  /** @type {string | null} */
  let after = null;
  let bikes = 0;
  let entries = 0;
  for (;;) {
    const page = await repository.bikesAfter(after, job.page);
    if (page.length === 0) break;
    entries += (await repository.entriesBetween(page[0]?.id ?? '', /** @type {string} */ (page.at(-1)?.id))).length;
    bikes += page.length;
    after = /** @type {string} */ (page.at(-1)?.id);
    if (page.length < job.page) break;
  }
  return { bikes, queued: 0, entries };
}

try {
  const started = performance.now();
  const result = job.mode === 'round' ? await round() : await scan();
  const ms = performance.now() - started;
  console.log(JSON.stringify({ ms, maxRssBytes: process.resourceUsage().maxRSS * 1024, ...result }));
} finally {
  await database.close();
}
