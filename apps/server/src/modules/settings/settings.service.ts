import type { ShopSettings } from '@shop/shared';
import { createSharedValue } from '../../lib/shared-revision.js';
import { type Actor, changesBetween, recordActivity } from '../activity/activity.plugin.js';
import type { SettingsRepository } from './settings.repository.js';

/**
 * The shop's settings, the one place the server reads them: from memory, and a change made
 * through any instance is seen by every other within about `checkAfterMs`.
 */
export function createSettingsService({ repository, checkAfterMs }: { repository: SettingsRepository; checkAfterMs?: number }) {
  const settings = createSharedValue({ revision: repository.revision, load: repository.read, ...(checkAfterMs === undefined ? {} : { checkAfterMs }) });
  return {
    current: (): Promise<ShopSettings> => settings.get(),

    /** Sets every field at once, with its activity entry (the fields it changed); answers what is now saved. */
    async save(next: ShopSettings, actor?: Actor | null): Promise<ShopSettings> {
      const revision = await repository.save(next, async (trx, before) => {
        const changes = changesBetween(before ?? {}, next);
        if (changes.length > 0) await recordActivity(trx, actor, { action: 'settings.updated', record: { type: 'settings', id: 'shop', label: 'Shop settings' }, changes });
      });
      settings.wrote(next, revision);
      return next;
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
