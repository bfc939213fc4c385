import type { TaxRate, taxRatesInputSchema } from '@shop/shared';
import type { z } from 'zod';
import { newId } from '../../lib/ids.js';
import { createSharedValue } from '../../lib/shared-revision.js';
import { toTaxRate, toTaxRateRow } from './taxes.mapper.js';
import type { TaxesRepository } from './taxes.repository.js';

type TaxRatesInput = z.output<typeof taxRatesInputSchema>['rates'];

/** The rate the quote applies at an address. */
export interface AppliedTaxRate {
  name: string;
  ratePercent: number;
  appliesToDelivery: boolean;
}

const placeKey = (country: string, region: string | null | undefined) => `${country}|${region ?? ''}`;

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

    /** Replaces the whole list; answers it as saved. */
    async replace(input: TaxRatesInput): Promise<TaxRate[]> {
      const rows = input.map((rate, position) => toTaxRateRow(rate, position, newId()));
      const revision = await repository.replace(rows);
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
