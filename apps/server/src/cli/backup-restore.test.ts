import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createDatabase } from '../db/database.js';
import { insertProduct, insertSignedInUser, storeTestImage } from '../test/factories.js';
import { backupData, restoreData } from './backup-restore.js';

let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'shop-backup-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('backup and restore (SQLite)', () => {
  it('copies a consistent database and its images while the shop writes, and restores them', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(root, 'data'), SEED: 'none', LOG_LEVEL: 'silent' });
    const database = createDatabase(config.database);
    await database.migrate();
    const app = await buildApp({ config, database, logger: false });
    const img = await storeTestImage(app);
    const product = await insertProduct(database.db, { name: 'Before backup', img, quantity: 500, minimum: 1 });
    const customer = await insertSignedInUser(database.db);

    // Orders keep arriving while the backup runs.
    let writing = true;
    const writes = (async () => {
      while (writing) {
        await app.inject({ method: 'POST', url: '/api/orders', headers: customer.headers, payload: { productId: product.id, quantity: 1, location: 'L', phone: '+44 7700 900000' } });
      }
    })();
    const result = await backupData(config, path.join(root, 'backups'));
    writing = false;
    await writes;
    expect(result.images).toBe(1);

    // The copy is consistent: its stock and its orders agree.
    const copy = createDatabase({ dialect: 'sqlite', file: path.join(result.directory, 'shop.db') });
    const copiedStock = (await copy.db.selectFrom('products').select('quantity').where('id', '=', product.id).executeTakeFirstOrThrow()).quantity;
    const copiedOrders = (await copy.db.selectFrom('orders').select('id').execute()).length;
    expect(copiedStock + copiedOrders).toBe(500);
    await copy.close();

    // Later changes are undone by a restore, once the shop is stopped.
    await database.db.deleteFrom('products').execute();
    expect(() => restoreData(config, result.directory)).toThrow('Stop the shop');
    await app.close();
    await database.close();
    restoreData(config, result.directory);
    const restored = createDatabase(config.database);
    const names = await restored.db.selectFrom('products').select('name').execute();
    expect(names).toEqual([{ name: 'Before backup' }]);
    expect(existsSync(path.join(config.dataDir, img))).toBe(true);
    await restored.close();
  });

  it('refuses a folder that is not a backup', () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(root, 'other'), SEED: 'none' });
    expect(() => restoreData(config, path.join(root, 'nothing-here'))).toThrow('holds no shop.db');
  });
});
