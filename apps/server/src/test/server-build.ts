import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const serverRoot = path.resolve(import.meta.dirname, '../..');
const repositoryRoot = path.resolve(serverRoot, '../..');
const sharedSources = path.join(repositoryRoot, 'packages/shared/src');

/**
 * The server's sources (and the shared package's) compiled into plain JavaScript, for the tests
 * that start the server's programs as processes (server-process.ts): under tsx every start
 * compiled and loaded the whole source through its loader hooks, the packages' modules included
 * (about 8 s of CPU a start, against 3 s). Each file as it is, its types removed (the type
 * check's compiler options, without checking: `npm run typecheck` does that); tests and test
 * helpers are left out. Written under apps/server/node_modules in the repository's layout
 * (`apps/server/src/main.js` in the folder answered), so Node finds the packages from there as
 * from the sources; `import.meta.dirname` keeps each source file's own folder (the web build).
 *
 * Kept by the sources' hash: a run whose sources were compiled before (the other database's
 * pass, the next run) takes that build. A build is written aside and renamed into place whole,
 * so two runs at once never read a half-written one.
 */
export function buildServerPrograms(): string {
  const cache = path.join(serverRoot, 'node_modules/.cache/shop-test-server');
  const files = [...sources(path.join(serverRoot, 'src')), ...sources(sharedSources)];
  const hash = createHash('sha256').update(readFileSync(import.meta.filename));
  for (const file of files) hash.update(`\0${file}\0`).update(readFileSync(file));
  const directory = path.join(cache, hash.digest('hex').slice(0, 24));
  if (existsSync(directory)) {
    // In use again: not an old build that another run may remove.
    utimesSync(directory, new Date(), new Date());
    return directory;
  }

  removeOldBuilds(cache);
  const scratch = `${directory}.${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    compile(files, scratch);
    renameSync(scratch, directory);
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true });
    // Another run put the same build in place first.
    if (!existsSync(directory)) throw error;
  }
  return directory;
}

function compile(files: string[], outDir: string) {
  mkdirSync(outDir, { recursive: true });
  // node_modules ends Node's search for a package.json: the compiled files say they are modules.
  writeFileSync(path.join(outDir, 'package.json'), '{ "type": "module" }\n');
  const sharedIndex = path.join(outDir, path.relative(repositoryRoot, sharedSources), 'index.js');
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.ESNext,
    verbatimModuleSyntax: true,
    isolatedModules: true,
    esModuleInterop: true,
    noCheck: true,
    noResolve: true,
    noLib: true,
    types: [],
    rootDir: repositoryRoot,
    outDir,
  });
  const emitted = program.emit(undefined, (file, text) => {
    const sourceFolder = path.join(repositoryRoot, path.relative(outDir, path.dirname(file)));
    const shared = JSON.stringify(relativeImport(path.dirname(file), sharedIndex));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      file,
      text
        .replaceAll('import.meta.dirname', JSON.stringify(sourceFolder))
        // The shared package is TypeScript source (its exports name src/index.ts): its compiled index.
        .replace(/(?<=\bfrom\s*|\bimport\s*\(\s*)(['"])@shop\/shared\1/g, shared),
    );
  });
  if (emitted.emitSkipped) throw new Error('compiling the server for the tests emitted nothing');
}

/** The .ts files under `folder`, without tests and test helpers. */
function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts') && !file.includes(`${path.sep}src${path.sep}test${path.sep}`));
}

const relativeImport = (fromFolder: string, file: string) => {
  const relative = path.relative(fromFolder, file);
  return relative.startsWith('.') ? relative : `./${relative}`;
};

/** Builds of other sources unused for an hour, and scratch folders of runs that ended: no run reads them any more. */
function removeOldBuilds(cache: string) {
  let names: string[];
  try {
    names = readdirSync(cache);
  } catch {
    return;
  }
  const hourAgo = Date.now() - 3600_000;
  for (const name of names) {
    const folder = path.join(cache, name);
    const scratchOf = /\.(\d+)-[0-9a-f]+$/.exec(name);
    const stale = scratchOf ? !isRunning(Number(scratchOf[1])) : statSync(folder).mtimeMs < hourAgo;
    if (stale) rmSync(folder, { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}
