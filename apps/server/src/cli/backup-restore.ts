import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { AppConfig } from '../app-config.js';

export interface BackupResult {
  directory: string;
  databaseBytes: number;
  images: number;
}

function sqliteFile(config: AppConfig): string {
  if (config.database.dialect !== 'sqlite' || config.database.file === ':memory:') {
    throw new Error('This backup is for the embedded SQLite database. For PostgreSQL use pg_dump (see README).');
  }
  return config.database.file;
}

/**
 * A consistent copy of the SQLite database (SQLite's online backup, safe while the shop runs)
 * and of the images, into a new timestamped folder.
 */
export async function backupData(config: AppConfig, backupsDir: string, now = new Date()): Promise<BackupResult> {
  const source = sqliteFile(config);
  if (!existsSync(source)) throw new Error(`No database at ${source}`);
  const directory = path.join(backupsDir, now.toISOString().replaceAll(':', '-'));
  mkdirSync(directory, { recursive: true });
  const database = new BetterSqlite3(source, { readonly: true, fileMustExist: true });
  try {
    await database.backup(path.join(directory, 'shop.db'));
  } finally {
    database.close();
  }
  // Images are immutable and named by content: copying after the database keeps every
  // image a backed-up row points at.
  const imagesDir = path.join(config.dataDir, 'images');
  let images = 0;
  if (existsSync(imagesDir)) {
    cpSync(imagesDir, path.join(directory, 'images'), { recursive: true, filter: (file) => !file.endsWith('.tmp') });
    images = readdirSync(path.join(directory, 'images')).length;
  }
  return { directory, databaseBytes: statSync(path.join(directory, 'shop.db')).size, images };
}

/**
 * Puts a backup back in place of the current database and images. The shop must be stopped;
 * the replaced files are kept beside as `*.before-restore-<time>`.
 */
export function restoreData(config: AppConfig, backupDir: string, now = new Date()): void {
  const target = sqliteFile(config);
  const backupDb = path.join(backupDir, 'shop.db');
  if (!existsSync(backupDb)) throw new Error(`${backupDir} holds no shop.db`);
  const check = new BetterSqlite3(backupDb, { readonly: true, fileMustExist: true });
  try {
    const result = check.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`The backup's database is damaged: ${String(result)}`);
  } finally {
    check.close();
  }
  const suffix = `.before-restore-${now.toISOString().replaceAll(':', '-')}`;
  mkdirSync(path.dirname(target), { recursive: true });
  if (existsSync(target)) {
    // Refuse while the shop holds the database: a running server would keep writing to the old file.
    // In WAL mode, exclusive locking needs every other connection gone.
    const probe = new BetterSqlite3(target, { fileMustExist: true, timeout: 0 });
    try {
      probe.pragma('locking_mode = EXCLUSIVE');
      probe.exec('begin exclusive');
      probe.exec('rollback');
    } catch {
      probe.close();
      throw new Error('The database is in use. Stop the shop before restoring.');
    }
    probe.close();
    renameSync(target, target + suffix);
    for (const extra of ['-wal', '-shm']) if (existsSync(target + extra)) rmSync(target + extra);
  }
  cpSync(backupDb, target);
  const imagesDir = path.join(config.dataDir, 'images');
  const backupImages = path.join(backupDir, 'images');
  if (existsSync(backupImages)) {
    if (existsSync(imagesDir)) renameSync(imagesDir, imagesDir + suffix);
    cpSync(backupImages, imagesDir, { recursive: true });
  }
}
