import type { ShopSettings } from '@shop/shared';
import type { Transaction } from 'kysely';
import type { ShopDatabase } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { bumpRevision, readRevision } from '../../lib/shared-revision.js';
import { toSettingsRow, toShopSettings } from './settings.mapper.js';

const SETTINGS_ID = 1;

/** Database access of the shop's settings: one row, written by migration 029. */
export function createSettingsRepository({ db, dialect }: Pick<ShopDatabase, 'db' | 'dialect'>) {
  return {
    revision: () => readRevision(db, 'settings'),

    async read(): Promise<ShopSettings> {
      return toShopSettings(await db.selectFrom('shop_settings').selectAll().where('id', '=', SETTINGS_ID).executeTakeFirstOrThrow());
    },

    /**
     * Writes every field, then `after` (its activity entry) with the settings as they were (none
     * before the first save), in one transaction; answers the new revision.
     */
    async save(settings: ShopSettings, after?: (trx: Transaction<Database>, before: ShopSettings | undefined) => Promise<unknown>): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const current = trx.selectFrom('shop_settings').selectAll().where('id', '=', SETTINGS_ID);
        // Two admins saving at once: each entry's 'before' is what the other saved.
        const was = await (dialect === 'postgres' ? current.forUpdate() : current).executeTakeFirst();
        const row = { ...toSettingsRow(settings, new Date().toISOString()) };
        await trx
          .insertInto('shop_settings')
          .values({ id: SETTINGS_ID, ...row })
          .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
          .execute();
        if (after) await after(trx, was && toShopSettings(was));
        return bumpRevision(trx, 'settings');
      });
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
