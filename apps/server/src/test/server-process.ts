import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const serverRoot = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server's programs compiled from this run's sources (server-build.ts, by the global setup). */
    serverBuild: string;
  }
}

/** The server's programs that tests start as their own processes. */
const SERVER_PROGRAMS = { main: 'src/main.ts', admin: 'src/cli/admin.ts' } as const;

/**
 * The arguments for `node` (run in apps/server) that start one of the server's programs: inside a
 * Vitest run its compiled file (server-build.ts, made by the global setup), elsewhere (the browser
 * journeys' scale-out stack) its source through tsx, as `npm start` runs it.
 */
export async function serverProgramArgs(program: keyof typeof SERVER_PROGRAMS): Promise<string[]> {
  const built = process.env.VITEST ? (await import('vitest')).inject('serverBuild') : undefined;
  const source = SERVER_PROGRAMS[program];
  return built ? [path.join(built, 'apps/server', source.replace(/\.ts$/, '.js'))] : ['--import', 'tsx', source];
}

/** The real shop (apps/server/src/main.ts) as its own process on loopback, as it runs in production. */
export async function startServerProcess(env: Record<string, string>, { port: chosenPort }: { port?: number } = {}): Promise<ServerProcess> {
  const port = chosenPort ?? (await freePort());
  let output = '';
  const child = spawn(process.execPath, await serverProgramArgs('main'), {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED: 'none',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '100000',
      UNPAID_ORDERS_PER_ACCOUNT: '10000',
      UNPAID_UNITS_PER_ACCOUNT: '100000000',
      UNPAID_PART_UNITS_PER_ADDRESS: '10000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(`${url}/api/health`, { what: 'server', isRunning: () => child.exitCode === null, output: () => output });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { url, child, output: () => output, exited };
}

/**
 * Waits until `url` answers 2xx while the process that should answer it runs; throws with that
 * process's output when it exits first or `timeoutMs` passes. A start under tsx compiles the
 * whole server, which takes far longer on a busy machine than on an idle one.
 */
export async function waitUntilAnswering(
  url: string,
  { what, isRunning, output, timeoutMs = 60_000 }: { what: string; isRunning: () => boolean; output: () => string; timeoutMs?: number },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!isRunning()) throw new Error(`${what} exited at start:\n${output()}`);
    if (await fetch(url).then((response) => response.ok, () => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not answer ${url} within ${timeoutMs} ms:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
