import { TZDate } from '@date-fns/tz';
import { addDays, format, isBefore, isWeekend, startOfDay } from 'date-fns';
import type { ShopSettings } from '@shop/shared';

/** What the dates of a delivery depend on: the shop's settings. */
export type ShopCalendar = Pick<ShopSettings, 'cutoff' | 'timeZone' | 'holidays'>;

export interface ArrivalDates {
  /** The day the parcel leaves the shop, YYYY-MM-DD in the shop's time zone. */
  dispatchOn: string;
  /** The first and last day it may arrive, YYYY-MM-DD. */
  arrivesFrom: string;
  arrivesTo: string;
}

const DAY = 'yyyy-MM-dd';
/** Far more than any run of weekends and holidays; a calendar that never works ends the search. */
const MAX_DAYS_SEARCHED = 400;

const dayOf = (date: Date): string => format(date, DAY);

/** Whether a day (a TZDate in the shop's zone) is one the shop works: not a weekend, not a holiday. */
const worksOn = (day: Date, holidays: ReadonlySet<string>) => !isWeekend(day) && !holidays.has(dayOf(day));

/** The first working day after `day`. */
function nextWorkingDay(day: TZDate, holidays: ReadonlySet<string>): TZDate {
  let next = day;
  for (let step = 0; step < MAX_DAYS_SEARCHED; step++) {
    next = addDays(next, 1);
    if (worksOn(next, holidays)) return next;
  }
  throw new Error('The shop has no working day in the next 400 days: check its holidays');
}

/** The working day `count` working days after `day` (`day` itself for 0). */
function addWorkingDays(day: TZDate, count: number, holidays: ReadonlySet<string>): TZDate {
  let result = day;
  for (let left = count; left > 0; left--) result = nextWorkingDay(result, holidays);
  return result;
}

/** `now` as a moment on the shop's clock, and today's cut-off on that clock. */
function onShopClock(now: Date, { cutoff, timeZone }: ShopCalendar) {
  const local = new TZDate(now.getTime(), timeZone);
  const [hours, minutes] = cutoff.split(':').map(Number) as [number, number];
  const today = startOfDay(local);
  // Built from the local date and time, so the offset is the one of that day (daylight saving).
  const cutoffToday = new TZDate(today.getFullYear(), today.getMonth(), today.getDate(), hours, minutes, 0, 0, timeZone);
  return { local, today, cutoffToday };
}

/**
 * Today's cut-off while an order placed at `now` is still dispatched today (a working day, before
 * the cut-off on the shop's clock), else null.
 */
export function dispatchDeadline(now: Date, calendar: ShopCalendar): Date | null {
  const { local, today, cutoffToday } = onShopClock(now, calendar);
  const holidays = new Set(calendar.holidays);
  return worksOn(today, holidays) && isBefore(local, cutoffToday) ? new Date(cutoffToday.getTime()) : null;
}

/**
 * SPEC-3 section 1: placed on a working day before the cut-off (shop's time zone), an order is
 * dispatched that day, otherwise on the next working day; it arrives `daysMin` to `daysMax`
 * working days after dispatch, weekends and holidays skipped.
 */
export function arrivalDates(now: Date, days: { daysMin: number; daysMax: number }, calendar: ShopCalendar): ArrivalDates {
  const holidays = new Set(calendar.holidays);
  const { today } = onShopClock(now, calendar);
  const dispatch = dispatchDeadline(now, calendar) ? today : nextWorkingDay(today, holidays);
  const from = addWorkingDays(dispatch, days.daysMin, holidays);
  const to = addWorkingDays(from, days.daysMax - days.daysMin, holidays);
  return { dispatchOn: dayOf(dispatch), arrivesFrom: dayOf(from), arrivesTo: dayOf(to) };
}
