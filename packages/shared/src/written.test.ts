import { describe, expect, it } from 'vitest';
import { calendarDayWords, dollarsText, groupThousands } from './written.js';

describe('written as en-US writes it, without Intl', () => {
  it('groups thousands', () => {
    expect([0, 7, 999, 1000, 12_400, 2_000_000, 1_234_567_890].map(groupThousands)).toEqual(['0', '7', '999', '1,000', '12,400', '2,000,000', '1,234,567,890']);
  });

  it("writes dollars exactly as Intl's en-US currency format does", () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const amounts = [0, 0.01, 0.1, 0.5, 1, 9.99, 12.99, 19.9, 100, 999.99, 1000, 1234.5, 99_999.99, 1_000_000, -12.99, -0.01, -1234.5, 0.004];
    for (let cents = 0; cents < 100_000; cents += 37) amounts.push(cents / 100);
    for (const amount of amounts) expect(dollarsText(amount), String(amount)).toBe(intl.format(amount));
  });

  it("words a calendar day as Intl's en-US short parts do, September as 'Sep', on every day of two years", () => {
    const intl = new Intl.DateTimeFormat('en-US', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    for (let time = Date.UTC(2027, 0, 1); time < Date.UTC(2029, 0, 1); time += 86_400_000) {
      const date = new Date(time).toISOString().slice(0, 10);
      const parts = intl.formatToParts(new Date(`${date}T12:00:00Z`));
      const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value;
      expect(calendarDayWords(date), date).toEqual({ weekday: part('weekday'), day: part('day'), month: part('month'), year: part('year') });
    }
    expect(calendarDayWords('2026-09-07').month).toBe('Sep');
  });

  it('refuses what is not a calendar date', () => {
    expect(() => calendarDayWords('28 Nov')).toThrow(RangeError);
  });
});
