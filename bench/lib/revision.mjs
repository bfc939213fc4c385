// @ts-check
/** Which server code a run measured: the commit, uncommitted changes, and whether the code changed mid-run. */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CODE_ROOT as ROOT } from './server.mjs';

/** The code a started server runs (tests excluded). */
const SERVED_CODE = ['apps/server/src', 'packages/shared/src'];

/** @param {string[]} args */
const git = (args) => {
  const result = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
};

/** The commit and how many files of the shop differ from it. */
export function describeRevision() {
  const commit = git(['rev-parse', '--short', 'HEAD']) ?? 'unknown';
  const changes = git(['status', '--porcelain', '--', 'apps', 'packages']);
  return { commit, uncommittedFiles: changes ? changes.split('\n').length : 0 };
}

/** @param {string} directory @param {string[]} files */
function collect(directory, files) {
  for (const entry of readdirSync(directory)) {
    const full = path.join(directory, entry);
    if (statSync(full).isDirectory()) collect(full, files);
    else if (!/\.test\.tsx?$/.test(entry)) files.push(full);
  }
  return files;
}

/** A hash of the server's code as it is on disk now; a server started later may run different code. */
export function codeFingerprint() {
  const hash = createHash('sha256');
  for (const root of SERVED_CODE) {
    for (const file of collect(path.join(ROOT, root), []).sort()) {
      hash.update(path.relative(ROOT, file)).update(readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 12);
}
