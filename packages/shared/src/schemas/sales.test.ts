import { describe, expect, it } from 'vitest';
import { addDays, daysInRange, eachDay, lastDays, salesMessages, salesQuerySchema } from './sales.js';

describe('sales days', () => {
  it('counts and lists UTC days across a month end and a leap day, both ends included', () => {
    expect(daysInRange('2028-02-27', '2028-03-01')).toBe(4);
    expect(eachDay('2028-02-27', '2028-03-01')).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('takes the last N days up to today in UTC, whatever the hour', () => {
    expect(lastDays(7, new Date('2026-03-04T23:59:59Z'))).toEqual({ from: '2026-02-26', to: '2026-03-04' });
    expect(lastDays(30, new Date('2026-03-04T00:00:00Z'))).toEqual({ from: '2026-02-03', to: '2026-03-04' });
  });

  it('accepts a year and refuses a reversed range, a longer one and dates that are not days', () => {
    expect(salesQuerySchema.safeParse({ from: '2025-03-01', to: '2026-03-01' }).success).toBe(true);
    const message = (from: string, to: string) => salesQuerySchema.safeParse({ from, to }).error?.issues[0]?.message;
    expect(message('2026-03-02', '2026-03-01')).toBe(salesMessages.reversed);
    expect(message('2016-03-01', '2026-03-01')).toBe(salesMessages.tooLong);
    expect(message('2026-02-29', '2026-03-01')).toBe(salesMessages.day);
    expect(message('1 March', '2026-03-01')).toBe(salesMessages.day);
  });
});
