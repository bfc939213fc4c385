import { dollarsText } from '@shop/shared';

/**
 * A formatter made on its first use: making one costs the browser milliseconds (more on a slow
 * phone), and a page that shows no such value should not pay for it while it loads.
 */
const madeOnFirstUse = <T>(make: () => T): (() => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};

/**
 * Prices travel in dollars; shown with a dollar sign and cents, e.g. "$12.99" (written out, not by
 * `Intl`: see @shop/shared's written.ts).
 */
export const formatPrice: (dollars: number) => string = dollarsText;

const day = madeOnFirstUse(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }));

/** A day as people write it, e.g. "23 Nov 2026", from an ISO timestamp. */
export const formatDay = (isoTimestamp: string): string => day().format(new Date(isoTimestamp));

const utcDay = madeOnFirstUse(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }));

/** A UTC day of the shop's books as people write it, e.g. "3 Mar", from YYYY-MM-DD. */
export const formatUtcDay = (isoDay: string): string => utcDay().format(new Date(`${isoDay}T00:00:00Z`));

/** Upper-cases the first letter, leaving the rest as the author typed it. */
export const capitalizeFirst = (text: string): string => {
  const trimmed = text.trimStart();
  return trimmed.charAt(0).toLocaleUpperCase('en-US') + trimmed.slice(1);
};

const dayAndTime = madeOnFirstUse(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }));

/** A moment as people write it, e.g. "23 Nov 2026, 14:05", in the reader's time zone. */
export const formatDayAndTime = (isoTimestamp: string): string => dayAndTime().format(new Date(isoTimestamp));

/**
 * A moment as people write it in the shop's time zone (an IANA name), e.g. "28 Nov 2026, 14:05";
 * in the reader's own while the zone is not known, or when this browser does not know it.
 */
export const formatDayAndTimeIn = (isoTimestamp: string, timeZone: string | undefined): string => {
  if (!timeZone) return formatDayAndTime(isoTimestamp);
  try {
    return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(isoTimestamp));
  } catch {
    return formatDayAndTime(isoTimestamp);
  }
};
