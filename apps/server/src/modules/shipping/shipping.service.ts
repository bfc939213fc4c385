import { type ShippingMethod, type ShippingMethodPatch, type ShippingMethodValues, shippingMethodMessages } from '@shop/shared';
import { invalidField, notFound } from '../../lib/errors.js';
import { createSharedValue } from '../../lib/shared-revision.js';
import { type Actor, changesBetween, recordActivity } from '../activity/activity.plugin.js';
import type { SettingsService } from '../settings/settings.plugin.js';
import { type ArrivalDates, arrivalDates, dispatchDeadline, type ShopCalendar } from './arrival.js';
import { countriesColumn, countriesOf, serves, toShippingMethod } from './shipping.mapper.js';
import type { ShippingMethodRow, ShippingRepository } from './shipping.repository.js';

/** A delivery method as the activity log names it. */
const methodRecord = (row: ShippingMethodRow) => ({ type: 'shipping-method' as const, id: row.id, label: row.name });
/** A method's terms as the activity log compares them: the admin's names, money in dollars. */
const loggedTerms = (row: ShippingMethodRow): Record<string, unknown> => {
  const { _id: _id, ...terms } = toShippingMethod(row);
  return { ...terms, active: row.active === 1 };
};

/** A delivery method as the rest of the server reads it: money in cents. */
export interface ShippingMethodRecord {
  id: string;
  name: string;
  priceCents: number;
  freeFromCents: number | null;
  daysMin: number;
  daysMax: number;
  countries: string[];
  active: boolean;
}

/** A method that serves a country, with the dates an order placed now arrives. */
export type ShippingOption = Omit<ShippingMethodRecord, 'countries' | 'active'> & { arrivesFrom: string; arrivesTo: string };

const toRecord = (row: ShippingMethodRow): ShippingMethodRecord => ({
  id: row.id,
  name: row.name,
  priceCents: row.price_cents,
  freeFromCents: row.free_from_cents,
  daysMin: row.days_min,
  daysMax: row.days_max,
  countries: countriesOf(row),
  active: row.active === 1,
});

/**
 * Arrival dates and the dispatch deadline hold for a whole minute of the clock (the cut-off is a
 * minute of the shop's clock, and no time zone changes its offset within one): each is worked out
 * once a minute per calendar (the settings as held) and method days, not on every quote.
 */
function createCalendarMemo() {
  let minute = Number.NaN;
  let calendar: ShopCalendar | undefined;
  const arrivals = new Map<string, ArrivalDates>();
  let deadline: { at: Date | null } | undefined;
  const current = (now: Date, shop: ShopCalendar) => {
    const nowMinute = Math.floor(now.getTime() / 60_000);
    if (nowMinute !== minute || shop !== calendar) {
      minute = nowMinute;
      calendar = shop;
      arrivals.clear();
      deadline = undefined;
    }
  };
  return {
    arrival(now: Date, days: { daysMin: number; daysMax: number }, shop: ShopCalendar): ArrivalDates {
      current(now, shop);
      const key = `${days.daysMin}-${days.daysMax}`;
      let dates = arrivals.get(key);
      if (!dates) arrivals.set(key, (dates = arrivalDates(now, days, shop)));
      return dates;
    },
    deadline(now: Date, shop: ShopCalendar): Date | null {
      current(now, shop);
      deadline ??= { at: dispatchDeadline(now, shop) };
      return deadline.at;
    },
  };
}

/**
 * The shop's delivery methods and the dates they arrive (SPEC-3 section 1). The active methods,
 * which every quote and placement reads, are held in memory like the settings and tax rates: a
 * change made through any instance is seen by every other within about `checkAfterMs`.
 */
export function createShippingService({
  repository,
  settings,
  checkAfterMs,
}: {
  repository: ShippingRepository;
  settings: Pick<SettingsService, 'current'>;
  checkAfterMs?: number;
}) {
  const calendar = createCalendarMemo();
  const active = createSharedValue({
    revision: repository.revision,
    load: () => repository.list({ activeOnly: true }),
    ...(checkAfterMs === undefined ? {} : { checkAfterMs }),
  });
  /** After a write here: this instance sees it at once (the others at their next check). */
  const wrote = async (revision: number) => active.wrote(await repository.list({ activeOnly: true }), revision);

  /** The active methods serving `country`, cheapest first, with the dates an order placed at `now` arrives. */
  async function methodsFor(country: string, now: Date): Promise<ShippingOption[]> {
    const [rows, shop] = await Promise.all([active.get(), settings.current()]);
    return rows
      .filter((row) => serves(row, country))
      .map((row) => {
        const { active: _active, countries: _countries, ...method } = toRecord(row);
        const { arrivesFrom, arrivesTo } = calendar.arrival(now, method, shop);
        return { ...method, arrivesFrom, arrivesTo };
      });
  }

  return {
    methodsFor,

    /** A method, active or not (a past purchase names it); null when the shop never had it. */
    async find(id: string): Promise<ShippingMethodRecord | null> {
      const row = await repository.find(id);
      return row ? toRecord(row) : null;
    },

    /** Until when an order placed at `now` is dispatched today; null when it is not (after the cut-off, a weekend, a holiday). */
    async dispatchBy(now: Date): Promise<Date | null> {
      return calendar.deadline(now, await settings.current());
    },

    /**
     * GET /shipping-methods: the active methods (every one with `all`, the admin's list), cheapest
     * first; with a country, those serving it, each with its arrival and today's dispatch deadline.
     */
    async list({ country, all, now }: { country?: string | undefined; all?: boolean; now: Date }): Promise<ShippingMethod[]> {
      if (country !== undefined) {
        const [rows, shop] = await Promise.all([active.get(), settings.current()]);
        const dispatchBy = calendar.deadline(now, shop)?.toISOString() ?? null;
        return rows
          .filter((row) => serves(row, country))
          .map((row) => {
            const { arrivesFrom, arrivesTo } = calendar.arrival(now, { daysMin: row.days_min, daysMax: row.days_max }, shop);
            return { ...toShippingMethod(row), arrivesFrom, arrivesTo, dispatchBy };
          });
      }
      const rows = all ? await repository.list({ activeOnly: false }) : await active.get();
      return rows.map((row) => (all ? { ...toShippingMethod(row), active: row.active === 1 } : toShippingMethod(row)));
    },

    async add(method: ShippingMethodValues, actor?: Actor | null): Promise<string> {
      const { id, revision } = await repository.insert(
        {
        name: method.name,
        price_cents: method.price,
        free_from_cents: method.freeFrom ?? null,
        days_min: method.daysMin,
        days_max: method.daysMax,
        countries: countriesColumn(method.countries),
        active: method.active === false ? 0 : 1,
        },
        (trx, added) => recordActivity(trx, actor, { action: 'shipping-method.created', record: methodRecord(added), changes: changesBetween({}, loggedTerms(added)) }),
      );
      await wrote(revision);
      return id;
    },

    /** Changes the fields sent; the days must stay in order with the saved ones. */
    async change(id: string, patch: ShippingMethodPatch, actor?: Actor | null): Promise<void> {
      const saved = await repository.find(id);
      if (!saved) throw notFound('Delivery method');
      if ((patch.daysMax ?? saved.days_max) < (patch.daysMin ?? saved.days_min)) throw invalidField('daysMax', shippingMethodMessages.daysReversed);
      const updated = await repository.update(
        id,
        {
        ...(patch.name !== undefined && { name: patch.name }),
        ...(patch.price !== undefined && { price_cents: patch.price }),
        ...(patch.freeFrom !== undefined && { free_from_cents: patch.freeFrom }),
        ...(patch.daysMin !== undefined && { days_min: patch.daysMin }),
        ...(patch.daysMax !== undefined && { days_max: patch.daysMax }),
        ...(patch.countries !== undefined && { countries: countriesColumn(patch.countries) }),
        ...(patch.active !== undefined && { active: patch.active ? 1 : 0 }),
        },
        async (trx, before, changed) => {
          const changes = changesBetween(loggedTerms(before), loggedTerms(changed));
          if (changes.length > 0) await recordActivity(trx, actor, { action: 'shipping-method.updated', record: methodRecord(changed), changes });
        },
      );
      if (updated === null) throw notFound('Delivery method');
      await wrote(updated);
    },

    /** DELETE: the method is no longer offered, but past purchases keep naming it. */
    async deactivate(id: string, actor?: Actor | null): Promise<void> {
      const revision = await repository.update(id, { active: 0 }, (trx, before, changed) =>
        recordActivity(trx, actor, { action: 'shipping-method.deleted', record: methodRecord(changed), changes: changesBetween(loggedTerms(before), loggedTerms(changed)) }),
      );
      if (revision === null) throw notFound('Delivery method');
      await wrote(revision);
    },
  };
}
export type ShippingService = ReturnType<typeof createShippingService>;
