import { spawn } from 'node:child_process';
import path from 'node:path';
import { waitUntilAnswering } from './server-process.js';

/** The configuration docs/deploy.md gives, used as it is. */
const HAPROXY_CONFIG = path.resolve(import.meta.dirname, '../../../../deploy/haproxy.cfg');

export interface Balancer {
  /** The shop as customers reach it through the balancer. */
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * Debian's HAProxy with deploy/haproxy.cfg on loopback at `port`, in front of the two instances
 * it names (each `host:port`), once it answers /api/ready; stopped, with its output in the
 * error, when it does not. Used by the scale-out tests and the bench alike.
 */
export async function startHaproxy({ port, instances }: { port: number; instances: readonly [string, string] }): Promise<Balancer> {
  let output = '';
  const child = spawn('haproxy', ['-f', HAPROXY_CONFIG, '-db'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', SHOP_BIND: `127.0.0.1:${port}`, SHOP_INSTANCE_1: instances[0], SHOP_INSTANCE_2: instances[1] },
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let running = true;
  const exited = new Promise<void>((resolve) =>
    child.once('close', () => {
      running = false;
      resolve();
    }),
  );
  child.once('error', (error) => {
    running = false;
    output += `${error.message} (Debian's haproxy is needed: apt-get install haproxy; .ci/run installs it)`;
  });
  const stop = async () => {
    if (!running) return;
    child.kill('SIGTERM');
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(`${url}/api/ready`, { what: 'HAProxy', isRunning: () => running, output: () => output });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid, stop };
}
