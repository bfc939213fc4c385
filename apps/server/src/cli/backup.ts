// `npm run backup [-- <folder>]`: a consistent copy of the shop's SQLite database and images,
// safe while the shop runs. Default folder: DATA_DIR/../backups.
import path from 'node:path';
import { loadConfig } from '../config.js';
import { backupData } from './backup-restore.js';

const config = loadConfig();
const target = path.resolve(process.argv[2] ?? path.join(config.dataDir, '..', 'backups'));
backupData(config, target).then(
  (result) => {
    console.log(`Backup written to ${result.directory} (database ${result.databaseBytes} bytes, ${result.images} images).`);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
