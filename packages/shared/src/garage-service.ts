import { calendarDayWords, groupThousands } from './written.js';

/**
 * A garage bike's odometer and services (SPEC-3 section 5, issue 36 item 4): 'Odometer (km)'
 * readings, 'Service done' (a date and the km), the kilometres a day they show, and the next
 * service by the vehicle's service kit interval. Dates are calendar days (YYYY-MM-DD) in the
 * shop's time zone; the server decides which day is today. Here, apart from their schemas
 * (schemas/garage-service.ts), so the pages that only show a bike's km and days load without zod.
 */
export const ODOMETER_KM_MAX = 2_000_000;
/** Kilometres a day are estimated only from entries at least this many days apart. */
export const KM_PER_DAY_MIN_DAYS = 7;

/** '12,400' */
export const formatKm = (km: number): string => groupThousands(Math.round(km));

/** A calendar date (YYYY-MM-DD) as '3 Nov 2026'. */
export function formatServiceDay(date: string): string {
  const { day, month, year } = calendarDayWords(date);
  return `${day} ${month} ${year}`;
}

export const garageServiceMessages = {
  kmInvalid: `Odometer (km) must be a whole number from 0 to ${formatKm(ODOMETER_KM_MAX)}`,
  dateInvalid: 'Please enter a date as YYYY-MM-DD',
  future: 'The date cannot be in the future',
  /** The new km is below an entry on or before its day. */
  backFromEarlier: (entry: OdometerEntry) =>
    entry.kind === 'reading'
      ? `The odometer cannot go back: the last reading was ${formatKm(entry.km)} km on ${formatServiceDay(entry.on)}`
      : `The odometer cannot go back: the last service was at ${formatKm(entry.km)} km on ${formatServiceDay(entry.on)}`,
  /** The new km is above an entry of a later day. */
  aboveLater: (entry: OdometerEntry) =>
    entry.kind === 'reading'
      ? `The odometer cannot go back: a later reading was ${formatKm(entry.km)} km on ${formatServiceDay(entry.on)}`
      : `The odometer cannot go back: a later service was at ${formatKm(entry.km)} km on ${formatServiceDay(entry.on)}`,
} as const;

/** The next service of a garage bike: at `km` or by `date` (YYYY-MM-DD), whichever comes first. */
export interface NextService {
  km: number;
  date: string;
}

/** A reading or a service as the odometer rules see it. */
export interface OdometerEntry {
  kind: 'reading' | 'service';
  /** Its day, YYYY-MM-DD. */
  on: string;
  km: number;
}

/** Oldest first; on one day the lower km first (the odometer only goes up). */
const byDay = (a: OdometerEntry, b: OdometerEntry) => (a.on < b.on ? -1 : a.on > b.on ? 1 : a.km - b.km);

/**
 * The entry a new one contradicts, or null: an entry on or before its day with more km
 * (`earlier`), else an entry of a later day with fewer km (`later`).
 */
export function odometerConflict(entries: readonly OdometerEntry[], candidate: { on: string; km: number }): { entry: OdometerEntry; earlier: boolean } | null {
  const earlier = entries.filter((entry) => entry.on <= candidate.on && entry.km > candidate.km).sort(byDay).at(-1);
  if (earlier) return { entry: earlier, earlier: true };
  const later = entries.filter((entry) => entry.on > candidate.on && entry.km < candidate.km).sort(byDay)[0];
  return later ? { entry: later, earlier: false } : null;
}

const dayNumber = (date: string): number => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export const daysBetween = (from: string, to: string): number => Math.round(dayNumber(to) - dayNumber(from));

/** `date` plus whole months; a day the month does not have becomes its last (31 Jan + 1 month = 28 or 29 Feb). */
export function addMonths(date: string, months: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + months;
  const target = new Date(Date.UTC(year, month, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(Number(date.slice(8, 10)), lastDay));
  return target.toISOString().slice(0, 10);
}

/** A service kit's interval. */
export interface ServiceInterval {
  intervalKm: number;
  intervalMonths: number;
}

export interface OdometerSummary {
  odometerKm: number | null;
  odometerOn: string | null;
  kmPerDay: number | null;
  lastService: { doneOn: string; km: number } | null;
  nextService: NextService | null;
}

/**
 * What a bike's readings and services tell (SPEC-3 section 5): the km now (the latest entry's),
 * km a day ((last km - first km) / days between, one decimal; null under KM_PER_DAY_MIN_DAYS
 * days), the last service, and the next one: interval km after the last service's km and
 * interval months after its day. Without a service it counts from the first reading, and
 * without a reading from 0 km on the day the bike was added. No interval (no service kit): no
 * next service.
 */
export function odometerSummary(entries: readonly OdometerEntry[], interval: ServiceInterval | null, addedOn: string): OdometerSummary {
  const sorted = [...entries].sort(byDay);
  const first = sorted[0];
  const last = sorted.at(-1);
  const days = first && last ? daysBetween(first.on, last.on) : 0;
  const kmPerDay = first && last && days >= KM_PER_DAY_MIN_DAYS ? Math.round(((last.km - first.km) / days) * 10) / 10 : null;
  const service = sorted.filter((entry) => entry.kind === 'service').at(-1);
  const from = service ?? sorted.find((entry) => entry.kind === 'reading') ?? { on: addedOn, km: 0 };
  return {
    odometerKm: last?.km ?? null,
    odometerOn: last?.on ?? null,
    kmPerDay,
    lastService: service ? { doneOn: service.on, km: service.km } : null,
    nextService: interval ? { km: from.km + interval.intervalKm, date: addMonths(from.on, interval.intervalMonths) } : null,
  };
}

/** 'Next service at 18,400 km or by 3 May 2027, whichever comes first' */
export const nextServiceText = (next: NextService): string => `Next service at ${formatKm(next.km)} km or by ${formatServiceDay(next.date)}, whichever comes first`;

/** A service is due (its reminder goes out) this close to it, by km or by days (SPEC-3 section 5). */
export const DUE_WITHIN_KM = 500;
export const DUE_WITHIN_DAYS = 30;

/** The km on `today` by the estimate: the latest entry's km plus km a day for the days since; null with no entry. */
export function estimatedKm(summary: Pick<OdometerSummary, 'odometerKm' | 'odometerOn' | 'kmPerDay'>, today: string): number | null {
  if (summary.odometerKm === null || summary.odometerOn === null) return null;
  const days = Math.max(0, daysBetween(summary.odometerOn, today));
  return Math.round(summary.odometerKm + (summary.kmPerDay ?? 0) * days);
}

/** Whether the bike's next service is within DUE_WITHIN_DAYS days or DUE_WITHIN_KM km (estimated) on `today`, or past. */
export function isServiceDue(summary: Pick<OdometerSummary, 'odometerKm' | 'odometerOn' | 'kmPerDay' | 'nextService'>, today: string): boolean {
  const next = summary.nextService;
  if (!next) return false;
  if (daysBetween(today, next.date) <= DUE_WITHIN_DAYS) return true;
  const km = estimatedKm(summary, today);
  return km !== null && next.km - km <= DUE_WITHIN_KM;
}

/**
 * The service reminders (SPEC-3 section 5): the email's subject, the one-click stop link's
 * answers, and the links the email carries. `token` is the signed token of one sent reminder.
 */
export const serviceReminderMessages = {
  subject: (bike: string) => `Your ${bike} is due for a service`,
  stopped: (bike: string) => `Service emails for your ${bike} are stopped`,
  linkInvalid: 'This link is not valid: please use the link in the latest email, or turn the emails off in My Garage',
  linkUsed: 'This link was used already: these emails are stopped',
  bikeGone: 'This bike is no longer in a garage: no emails are sent for it',
} as const;

/** The query parameter of My Garage that adds a bike's service kit to the cart (after sign-in), as the reminder's link does. */
export const ADD_KIT_PARAM = 'addKit';
/** The web page the reminder's 'Stop these emails' link opens (it stops them without sign-in), with `?token=`. */
export const STOP_REMINDERS_PATH = '/service-emails/stop';

export const serviceReminderLinks = {
  addKit: (publicUrl: string, bikeId: string) => `${publicUrl}/garage?${ADD_KIT_PARAM}=${encodeURIComponent(bikeId)}`,
  stop: (publicUrl: string, token: string) => `${publicUrl}${STOP_REMINDERS_PATH}?token=${encodeURIComponent(token)}`,
};
