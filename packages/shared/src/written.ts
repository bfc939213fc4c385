/**
 * Numbers and calendar days as en-US writes them ('12,400', '$1,234.50', 'Fri 28 Nov'), written
 * out rather than through `Intl`. The first `Intl` formatter a page makes loads ICU's data, tens of
 * milliseconds of a phone's main thread, and every storefront page shows prices and dates as the
 * app takes it over. Only what needs a time zone's rules (a moment in the shop's zone) uses `Intl`.
 */

/** A whole number with thousands commas: 12400 → '12,400'. */
export const groupThousands = (whole: number): string => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** US dollars with cents, as en-US currency formatting writes them: '$1,234.50', '-$12.99'. */
export function dollarsText(dollars: number): string {
  const cents = Math.round(Math.abs(dollars) * 100);
  const sign = dollars < 0 && cents > 0 ? '-' : '';
  return `${sign}$${groupThousands(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A calendar date (YYYY-MM-DD) in en-US's short words: 'Fri', '28', 'Nov', '2026'. */
export function calendarDayWords(date: string): { weekday: string; day: string; month: string; year: string } {
  const noon = /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T12:00:00Z`) : new Date(Number.NaN);
  if (Number.isNaN(noon.getTime())) throw new RangeError(`Not a calendar date: ${date}`);
  return { weekday: WEEKDAYS[noon.getUTCDay()]!, day: String(noon.getUTCDate()), month: MONTHS[noon.getUTCMonth()]!, year: String(noon.getUTCFullYear()) };
}
