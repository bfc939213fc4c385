import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createDatabase } from './db/database.js';
import { seedDemo } from './db/seed/seed.js';
import { ConfigError } from './lib/errors.js';
import { scheduleSweeps } from './sweeps.js';
import { ensureConfiguredAdmin } from './modules/identity/admin-bootstrap.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const database = createDatabase(config.database);
  await database.migrate();

  const app = await buildApp({ config, database });
  await ensureConfiguredAdmin(app);
  if (config.seed === 'demo') {
    const seeded = await seedDemo(database.db, app.imageStorage, (message) => app.log.info(message));
    if (seeded.products > 0) app.log.info(seeded, 'demo catalogue seeded');
  }

  scheduleSweeps(app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // SIGTERM comes from an orchestrator: report not ready and keep serving while the load
    // balancer stops sending, then close. Ctrl-C (SIGINT) closes at once.
    if (signal === 'SIGTERM' && config.shutdownDrainMs > 0) {
      app.draining = true;
      app.log.info({ drainMs: config.shutdownDrainMs }, 'draining before shutdown');
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    }
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('requests did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    await app
      .close()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // The search index is built now, not by the first rider to search.
  app.catalogueSearch.warm().catch((error: unknown) => app.log.error({ err: error }, 'search index build failed'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The shop could not start:', error);
  }
  process.exit(1);
});
