import type { ActivityChange, TaxRate, taxRatesInputSchema } from '@shop/shared';
import type { z } from 'zod';
import { newId } from '../../lib/ids.js';
import { createSharedValue } from '../../lib/shared-revision.js';
import { type Actor, recordActivity } from '../activity/activity.plugin.js';
import { toTaxRate, toTaxRateRow } from './taxes.mapper.js';
import type { TaxesRepository, TaxRateRow } from './taxes.repository.js';

type TaxRatesInput = z.output<typeof taxRatesInputSchema>['rates'];

/** The rate the quote applies at an address. */
export interface AppliedTaxRate {
  name: string;
  ratePercent: number;
  appliesToDelivery: boolean;
}

const placeKey = (country: string, region: string | null | undefined) => `${country}|${region ?? ''}`;

/**
 * The rates a new list adds, removes or changes, each named by its place ('US-CA', 'DE') with
 * what it says there ('Sales tax 7.25%', '... with delivery'); null where it had or has none.
 */
function rateChanges(before: TaxRateRow[], after: TaxRateRow[]): ActivityChange[] {
  const said = (rows: TaxRateRow[]) =>
    new Map(rows.map((row) => {
      const { name, rate, appliesToDelivery } = toTaxRate(row);
      return [row.region ? `${row.country}-${row.region}` : row.country, `${name} ${rate}%${appliesToDelivery ? ' with delivery' : ''}`];
    }));
  const was = said(before);
  const now = said(after);
  const changes: ActivityChange[] = [];
  for (const place of new Set([...was.keys(), ...now.keys()])) {
    const from = was.get(place) ?? null;
    const to = now.get(place) ?? null;
    if (from !== to) changes.push({ field: place, before: from, after: to });
  }
  return changes;
}

/**
 * The shop's tax rates (SPEC-3 section 1), from memory; a change made through any instance is
 * seen by every other within about `checkAfterMs`.
 */
export function createTaxesService({ repository, checkAfterMs }: { repository: TaxesRepository; checkAfterMs?: number }) {
  const index = (rates: TaxRate[]) => ({ rates, byPlace: new Map(rates.map((rate) => [placeKey(rate.country, rate.region), rate])) });
  const held = createSharedValue({
    revision: repository.revision,
    load: async () => index((await repository.list()).map(toTaxRate)),
    ...(checkAfterMs === undefined ? {} : { checkAfterMs }),
  });

  return {
    /** Every rate, in the admin's order. */
    async list(): Promise<TaxRate[]> {
      return (await held.get()).rates;
    },

    /** Replaces the whole list, with its activity entry (the rates added, removed or changed); answers it as saved. */
    async replace(input: TaxRatesInput, actor?: Actor | null): Promise<TaxRate[]> {
      const rows = input.map((rate, position) => toTaxRateRow(rate, position, newId()));
      const revision = await repository.replace(rows, async (trx, before) => {
        const changes = rateChanges(before, rows);
        if (changes.length === 0) return;
        await recordActivity(trx, actor, {
          action: 'tax-rates.updated',
          record: { type: 'tax-rates', id: 'tax-rates', label: 'Tax rates' },
          changes,
          summary: `${rows.length} ${rows.length === 1 ? 'rate' : 'rates'}`,
        });
      });
      const saved = index(rows.map(toTaxRate));
      held.wrote(saved, revision);
      return saved.rates;
    },

    /**
     * The rate for an address: its region's, else its country's without a region; null when the
     * shop has neither (no tax).
     */
    async rateFor(country: string, region: string | null): Promise<AppliedTaxRate | null> {
      const { byPlace } = await held.get();
      const rate = (region ? byPlace.get(placeKey(country, region)) : undefined) ?? byPlace.get(placeKey(country, null));
      return rate ? { name: rate.name, ratePercent: rate.rate, appliesToDelivery: rate.appliesToDelivery } : null;
    },
  };
}
export type TaxesService = ReturnType<typeof createTaxesService>;
