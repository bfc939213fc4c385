import { describe, expect, it } from 'vitest';
import { arrivalDates, dispatchDeadline, type ShopCalendar } from './arrival.js';

/** The demo shop's clock: 14:00 in New York, with Christmas off. */
const NEW_YORK: ShopCalendar = { cutoff: '14:00', timeZone: 'America/New_York', holidays: ['2026-12-25'] };
const STANDARD = { daysMin: 2, daysMax: 4 };
const EXPRESS = { daysMin: 1, daysMax: 1 };
const COLLECT = { daysMin: 0, daysMax: 0 };
const at = (instant: string) => new Date(instant);

describe('arrival dates (SPEC-3 section 1)', () => {
  it('before the cut-off, a working day dispatches that day and counts working days from it', () => {
    const wednesdayMorning = at('2026-11-25T15:00:00Z'); // 10:00 in New York
    expect(arrivalDates(wednesdayMorning, STANDARD, NEW_YORK)).toEqual({ dispatchOn: '2026-11-25', arrivesFrom: '2026-11-27', arrivesTo: '2026-12-01' });
    expect(arrivalDates(wednesdayMorning, EXPRESS, NEW_YORK)).toMatchObject({ arrivesFrom: '2026-11-26', arrivesTo: '2026-11-26' });
    expect(dispatchDeadline(wednesdayMorning, NEW_YORK)?.toISOString()).toBe('2026-11-25T19:00:00.000Z');
  });

  it('at or after the cut-off, the next working day dispatches', () => {
    for (const instant of ['2026-11-25T19:00:00Z', '2026-11-25T19:30:00Z']) {
      expect(arrivalDates(at(instant), EXPRESS, NEW_YORK)).toEqual({ dispatchOn: '2026-11-26', arrivesFrom: '2026-11-27', arrivesTo: '2026-11-27' });
      expect(dispatchDeadline(at(instant), NEW_YORK)).toBeNull();
    }
    expect(dispatchDeadline(at('2026-11-25T18:59:59Z'), NEW_YORK)?.toISOString()).toBe('2026-11-25T19:00:00.000Z');
  });

  it('Friday after the cut-off and the weekend dispatch on Monday', () => {
    for (const instant of ['2026-11-27T20:00:00Z', '2026-11-28T15:00:00Z', '2026-11-29T23:00:00Z']) {
      expect(arrivalDates(at(instant), EXPRESS, NEW_YORK)).toEqual({ dispatchOn: '2026-11-30', arrivesFrom: '2026-12-01', arrivesTo: '2026-12-01' });
      expect(dispatchDeadline(at(instant), NEW_YORK)).toBeNull();
    }
    // Standard over a weekend: Friday morning, 2 to 4 working days.
    expect(arrivalDates(at('2026-11-27T14:00:00Z'), STANDARD, NEW_YORK)).toMatchObject({ dispatchOn: '2026-11-27', arrivesFrom: '2026-12-01', arrivesTo: '2026-12-03' });
  });

  it('a holiday neither dispatches nor counts as a delivery day', () => {
    const christmasMorning = at('2026-12-25T15:00:00Z');
    expect(dispatchDeadline(christmasMorning, NEW_YORK)).toBeNull();
    expect(arrivalDates(christmasMorning, EXPRESS, NEW_YORK)).toEqual({ dispatchOn: '2026-12-28', arrivesFrom: '2026-12-29', arrivesTo: '2026-12-29' });
    // Christmas Eve after the cut-off: the holiday and the weekend are skipped.
    expect(arrivalDates(at('2026-12-24T20:00:00Z'), COLLECT, NEW_YORK).dispatchOn).toBe('2026-12-28');
    // Wednesday before: Thursday counts, Christmas does not.
    expect(arrivalDates(at('2026-12-23T15:00:00Z'), STANDARD, NEW_YORK)).toEqual({ dispatchOn: '2026-12-23', arrivesFrom: '2026-12-28', arrivesTo: '2026-12-30' });
  });

  it("keeps the cut-off at 14:00 on the shop's clock across a daylight-saving change", () => {
    // New York moves to summer time on Sunday 8 March 2026: the cut-off is 19:00 UTC before, 18:00 after.
    expect(dispatchDeadline(at('2026-03-06T18:30:00Z'), NEW_YORK)?.toISOString()).toBe('2026-03-06T19:00:00.000Z');
    expect(dispatchDeadline(at('2026-03-09T17:59:00Z'), NEW_YORK)?.toISOString()).toBe('2026-03-09T18:00:00.000Z');
    const mondayAfterCutoff = at('2026-03-09T18:30:00Z'); // 14:30 summer time; a fixed -5 h offset would say 13:30
    expect(dispatchDeadline(mondayAfterCutoff, NEW_YORK)).toBeNull();
    expect(arrivalDates(mondayAfterCutoff, EXPRESS, NEW_YORK)).toEqual({ dispatchOn: '2026-03-10', arrivesFrom: '2026-03-11', arrivesTo: '2026-03-11' });
    // Friday before the change, after the cut-off: Monday dispatch, counted across the change.
    expect(arrivalDates(at('2026-03-06T19:30:00Z'), STANDARD, NEW_YORK)).toEqual({ dispatchOn: '2026-03-09', arrivesFrom: '2026-03-11', arrivesTo: '2026-03-13' });
  });

  it("reads the day on the shop's clock, not UTC's", () => {
    const berlin: ShopCalendar = { cutoff: '14:00', timeZone: 'Europe/Berlin', holidays: [] };
    // 23:30 UTC on Wednesday is 00:30 on Thursday in Berlin: before Thursday's cut-off.
    const lateWednesdayUtc = at('2026-11-25T23:30:00Z');
    expect(arrivalDates(lateWednesdayUtc, COLLECT, berlin).dispatchOn).toBe('2026-11-26');
    expect(dispatchDeadline(lateWednesdayUtc, berlin)?.toISOString()).toBe('2026-11-26T13:00:00.000Z');
  });

  it("'Collect from the shop' (0-0) is ready on the dispatch day", () => {
    expect(arrivalDates(at('2026-11-26T15:00:00Z'), COLLECT, NEW_YORK)).toEqual({ dispatchOn: '2026-11-26', arrivesFrom: '2026-11-26', arrivesTo: '2026-11-26' });
    expect(arrivalDates(at('2026-11-27T20:00:00Z'), COLLECT, NEW_YORK)).toEqual({ dispatchOn: '2026-11-30', arrivesFrom: '2026-11-30', arrivesTo: '2026-11-30' });
  });
});
