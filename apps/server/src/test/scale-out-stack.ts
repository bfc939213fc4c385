import { type Balancer, startHaproxy } from './haproxy.js';
import { startS3StandIn, type S3StandIn } from './s3-stand-in.js';
import { freePort, startServerProcess, type ServerProcess } from './server-process.js';
import { createPostgresTestDatabase, type TestDatabase } from './test-database.js';

/** One instance of the shop: its own process on its own port, stopped and started again at will. */
export interface ShopInstance {
  port: number;
  readonly process: ServerProcess | undefined;
  /** SIGTERM, as an orchestrator stops it: it drains, finishes what is in flight, and exits. */
  stop(): Promise<number | string>;
  start(): Promise<void>;
}

export interface ScaleOutStack {
  /** The load balancer's address: the shop as customers reach it. */
  url: string;
  instances: ShopInstance[];
  database: TestDatabase;
  bucket: S3StandIn;
  /** Folder the instances share for the outbox of emails (a shared mail relay's stand-in). */
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The shop as it runs in production on several machines, on this one: two instances of the
 * real server (each its own process) on one fresh PostgreSQL database and one S3 bucket (the
 * local stand-in), behind HAProxy with the configuration docs/deploy.md gives (round robin,
 * health checks on /api/ready, retries of refused connections). Needs TEST_DATABASE_URL and
 * Debian's haproxy.
 */
export async function startScaleOutStack({
  env = {},
  port,
  dataDir: chosenDataDir,
  prepare,
}: {
  env?: Record<string, string>;
  /** Work on the fresh, empty database before any instance starts (the instances then find what it left). */
  prepare?: (database: TestDatabase) => Promise<void>;
  /** The balancer's port; a free one when not given. */
  port?: number;
  /** The folder the instances share (its outbox holds the emails); a temporary one when not given. */
  dataDir?: string;
} = {}): Promise<ScaleOutStack> {
  const database = await createPostgresTestDatabase(chosenDataDir);
  try {
    await prepare?.(database);
  } catch (error) {
    await database.drop();
    throw error;
  }
  const bucket = await startS3StandIn();
  const dataDir = database.dataDir;
  const balancerPort = port ?? (await freePort());
  const url = `http://127.0.0.1:${balancerPort}`;
  const shopEnv: Record<string, string> = {
    DATABASE_URL: database.config.url,
    DATA_DIR: dataDir,
    AUTH_SECRET: 'scale-out-secret-shared-by-every-instance-0123',
    PUBLIC_URL: url,
    TRUST_PROXY: '127.0.0.1',
    // Longer than HAProxy takes to see the instance draining (three checks a second apart).
    SHUTDOWN_DRAIN_SECONDS: '4',
    ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    ...bucket.env,
    ...env,
  };

  const instances: ShopInstance[] = [];
  // deploy/haproxy.cfg names two instances.
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    let current: ServerProcess | undefined;
    instances.push({
      port,
      get process() {
        return current;
      },
      async start() {
        current = await startServerProcess(shopEnv, { port });
      },
      async stop() {
        if (!current) return 'not running';
        current.child.kill('SIGTERM');
        const code = await current.exited;
        current = undefined;
        return code;
      },
    });
  }
  // Every instance starts at the same moment: one migrates and seeds, the others wait for it.
  await Promise.all(instances.map((instance) => instance.start()));

  let balancer: Balancer;
  try {
    balancer = await startHaproxy({ port: balancerPort, instances: [`127.0.0.1:${instances[0]!.port}`, `127.0.0.1:${instances[1]!.port}`] });
  } catch (error) {
    await Promise.all(instances.map((instance) => instance.stop()));
    await bucket.close();
    await database.drop();
    throw new Error(`the load balancer did not start: ${String(error)}`, { cause: error });
  }

  return {
    url,
    instances,
    database,
    bucket,
    dataDir,
    async close() {
      await balancer.stop();
      await Promise.all(instances.map((instance) => instance.stop()));
      await bucket.close();
      await database.drop();
    },
  };
}
