import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitUntilAnswering } from './server-process.js';

/** The configuration docs/deploy.md gives. */
const HAPROXY_CONFIG = path.resolve(import.meta.dirname, '../../../../deploy/haproxy.cfg');
const SERVER_LINE = /^([ \t]*)server shop1 "\$\{SHOP_INSTANCE_1\}" check$/m;

/**
 * deploy/haproxy.cfg for `count` instances, as docs/deploy.md says to grow it: one `server` line
 * per instance in place of the file's two. Two instances: the file as it is.
 */
function configFor(count: number): { file: string; remove: () => void } {
  if (count === 2) return { file: HAPROXY_CONFIG, remove: () => {} };
  const text = readFileSync(HAPROXY_CONFIG, 'utf8');
  const indent = SERVER_LINE.exec(text)?.[1];
  if (indent === undefined) throw new Error('deploy/haproxy.cfg has no `server shop1` line to grow from');
  const lines = Array.from({ length: count }, (_, index) => `${indent}server shop${index + 1} "\${SHOP_INSTANCE_${index + 1}}" check`).join('\n');
  const grown = text.replace(/^[ \t]*server shop2 .*\n/m, '').replace(SERVER_LINE, lines);
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, grown);
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface Balancer {
  /** The shop as customers reach it through the balancer. */
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * Debian's HAProxy with deploy/haproxy.cfg on loopback at `port`, in front of the instances
 * (each `host:port`; the file names two, more get a `server` line each), once it answers
 * /api/ready; stopped, with its output in the error, when it does not. Used by the scale-out
 * tests and the bench alike.
 */
export async function startHaproxy({ port, instances }: { port: number; instances: readonly string[] }): Promise<Balancer> {
  if (instances.length === 0) throw new Error('HAProxy needs at least one instance');
  let output = '';
  const config = configFor(instances.length);
  const child = spawn('haproxy', ['-f', config.file, '-db'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', SHOP_BIND: `127.0.0.1:${port}`, ...Object.fromEntries(instances.map((instance, index) => [`SHOP_INSTANCE_${index + 1}`, instance])) },
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let running = true;
  const exited = new Promise<void>((resolve) =>
    child.once('close', () => {
      running = false;
      config.remove();
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
