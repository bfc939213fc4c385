import type { ShopSettings } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { bumpRevision, readRevision } from '../../lib/shared-revision.js';
import { toSettingsRow, toShopSettings } from './settings.mapper.js';

const SETTINGS_ID = 1;

/** Database access of the shop's settings: one row, written by migration 029. */
export function createSettingsRepository(db: Kysely<Database>) {
  return {
    revision: () => readRevision(db, 'settings'),

    async read(): Promise<ShopSettings> {
      return toShopSettings(await db.selectFrom('shop_settings').selectAll().where('id', '=', SETTINGS_ID).executeTakeFirstOrThrow());
    },

    /** Writes every field; answers the new revision. */
    async save(settings: ShopSettings): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const row = { ...toSettingsRow(settings, new Date().toISOString()) };
        await trx
          .insertInto('shop_settings')
          .values({ id: SETTINGS_ID, ...row })
          .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
          .execute();
        return bumpRevision(trx, 'settings');
      });
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
