import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.js';

const BIN = ['/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/17/bin'].find((dir) => existsSync(path.join(dir, 'initdb')));

/**
 * A PostgreSQL server of the test's own (initdb into a temporary folder, its own port), so a
 * test can stop and start it without touching any other database. Runs as the postgres user
 * when the tests run as root, since PostgreSQL refuses to run as root.
 */
export async function startOwnPostgres() {
  if (!BIN) throw new Error('PostgreSQL server binaries (initdb, pg_ctl) are not installed');
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-own-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (command: string, args: string[]) => {
    const argv = asRoot ? ['-u', 'postgres', '--', path.join(BIN, command), ...args] : args;
    const result = spawnSync(asRoot ? 'runuser' : path.join(BIN, command), argv, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'shop', '--no-sync', '-E', 'UTF8']);
  const start = () =>
    run('pg_ctl', ['-D', dataDir, '-w', '-t', '30', '-l', path.join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  start();
  return {
    url: `postgres://shop@127.0.0.1:${port}/postgres`,
    /** Stops the server at once, as a crash or an outage would. */
    stop: () => run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']),
    start,
    destroy() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
