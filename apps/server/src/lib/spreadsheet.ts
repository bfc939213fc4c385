/**
 * The form of a date and time in the shop's CSV files, for spreadsheets to read (the rule for
 * formulas in them is @shop/shared's spreadsheetText).
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as spreadsheets read a date and time, '2026-11-27 14:05', on the clock of `timeZone`
 * (an IANA name, the shop's SHOP_TIME_ZONE); '' for none.
 */
export function spreadsheetDateTime(isoTimestamp: string | null | undefined, timeZone: string): string {
  if (!isoTimestamp) return '';
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    dateTimeFormats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(new Date(isoTimestamp)).map(({ type, value }) => [type, value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

/** Whether `timeZone` is an IANA time zone this platform knows ('Europe/Berlin', 'UTC'). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return true;
  } catch {
    return false;
  }
}
