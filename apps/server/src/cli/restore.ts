// `npm run restore -- <backup folder>`: puts a backup made by `npm run backup` back in place.
// Stop the shop first; the replaced files are kept beside as *.before-restore-<time>.
import path from 'node:path';
import { loadConfig } from '../config.js';
import { restoreData } from './backup-restore.js';

const source = process.argv[2];
if (!source) {
  console.error('Usage: npm run restore -- <backup folder>');
  process.exit(2);
}
try {
  restoreData(loadConfig(), path.resolve(source));
  console.log(`Restored from ${path.resolve(source)}. Start the shop again with npm start.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
