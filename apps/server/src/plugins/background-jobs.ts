import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import type { DatabaseConfig } from '../app-config.js';

/** How often a standing-by instance asks for the lead, and the leader checks it still has it. */
const LEADERSHIP_CHECK_MS = 2000;
/** The advisory lock the leading instance holds, on its own connection (decision 018). */
const LEADER_LOCK = 'moto-parts:background-jobs';

interface Job {
  name: string;
  intervalMs: number;
  work: () => Promise<unknown>;
  timer?: NodeJS.Timeout;
  round?: Promise<void>;
}

export interface BackgroundJobs {
  /**
   * Runs `work` every `intervalMs`, on one instance only: the one that leads (at once when it
   * starts to lead). Two rounds of one job never overlap; a failed round is logged and the
   * next one tries again.
   */
  every(name: string, intervalMs: number, work: () => Promise<unknown>): void;
  /** Whether this instance runs the jobs now. */
  readonly leading: boolean;
  /** Stops every job here, waiting for rounds in flight, and gives the lead to another instance for good (as closing does). */
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Work on a clock (sweeps, email rounds), done by one instance of all those sharing the database. */
    background: BackgroundJobs;
  }
}

/**
 * Who leads: on SQLite the one process always does. On PostgreSQL the instance holding the
 * session advisory lock LEADER_LOCK on a connection of its own; when that connection ends
 * (the instance stops or dies, the network fails), PostgreSQL releases the lock and a standing-by
 * instance takes it at its next check.
 */
function createLeadership(database: DatabaseConfig, log: FastifyBaseLogger, change: (leading: boolean) => Promise<void>) {
  let leading = false;
  let stopped = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let checking: Promise<void> | undefined;

  const become = async (next: boolean) => {
    if (leading === next) return;
    leading = next;
    log.info({ leading }, next ? 'this instance now runs the background jobs' : 'this instance no longer runs the background jobs');
    await change(next);
  };

  /** The connection is gone or in doubt: stop the jobs first, then let the lock go with it. */
  const lose = async (error: unknown) => {
    const lost = client;
    client = undefined;
    if (leading) log.warn({ err: error }, 'lost the background-jobs lock connection');
    await become(false);
    await lost?.end().catch(() => {});
  };

  const check = async () => {
    if (database.dialect === 'sqlite') return become(true);
    try {
      if (!client) {
        const fresh = new pg.Client({ connectionString: database.url, connectionTimeoutMillis: 3000, keepAlive: true });
        fresh.on('error', (error) => void lose(error));
        client = fresh;
        await fresh.connect();
      }
      if (leading) {
        await client.query('select 1');
      } else {
        const { rows } = await client.query<{ got: boolean }>('select pg_try_advisory_lock(hashtext($1)) as got', [LEADER_LOCK]);
        if (rows[0]?.got && !stopped) await become(true);
      }
    } catch (error) {
      await lose(error);
    }
  };

  const tick = () => {
    checking ??= check().finally(() => {
      checking = undefined;
    });
  };

  return {
    get leading() {
      return leading;
    },
    start() {
      if (stopped) return;
      tick();
      if (database.dialect === 'postgres') {
        timer = setInterval(tick, LEADERSHIP_CHECK_MS);
        timer.unref();
      }
    },
    /** Stops the jobs (waiting for rounds in flight), then gives the lead up. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      await checking;
      await become(false);
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}

export const backgroundJobsPlugin = fp(
  async (app: FastifyInstance) => {
    const jobs: Job[] = [];

    const run = (job: Job) => {
      job.round ??= job
        .work()
        .then(
          () => {},
          (error: unknown) => app.log.error({ err: error, job: job.name }, `${job.name} failed`),
        )
        .finally(() => {
          job.round = undefined;
        });
    };
    const startJob = (job: Job) => {
      run(job);
      job.timer = setInterval(() => run(job), job.intervalMs);
      job.timer.unref();
    };
    const stopJob = async (job: Job) => {
      clearInterval(job.timer);
      job.timer = undefined;
      await job.round;
    };

    const leadership = createLeadership(app.config.database, app.log, async (leading) => {
      if (leading) jobs.forEach(startJob);
      else await Promise.all(jobs.map(stopJob));
    });

    app.decorate<BackgroundJobs>('background', {
      every(name, intervalMs, work) {
        const job: Job = { name, intervalMs, work };
        jobs.push(job);
        if (leadership.leading) startJob(job);
      },
      get leading() {
        return leadership.leading;
      },
      stop: () => leadership.stop(),
    });
    app.addHook('onReady', async () => leadership.start());
    // Before anything closes: no round is left using the database or the mailer.
    app.addHook('preClose', async () => leadership.stop());
  },
  { name: 'background-jobs', dependencies: ['database'] },
);
