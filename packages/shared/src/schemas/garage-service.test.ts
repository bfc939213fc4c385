import { describe, expect, it } from 'vitest';
import {
  addMonths,
  daysBetween,
  formatKm,
  formatServiceDay,
  garageServiceMessages,
  nextServiceText,
  type OdometerEntry,
  odometerConflict,
  odometerSummary,
  estimatedKm,
  isServiceDue,
  serviceReminderLinks,
} from '../garage-service.js';
import { odometerReadingInputSchema, serviceDoneInputSchema } from './garage-service.js';

const reading = (on: string, km: number): OdometerEntry => ({ kind: 'reading', on, km });
const service = (on: string, km: number): OdometerEntry => ({ kind: 'service', on, km });
const KIT = { intervalKm: 6000, intervalMonths: 12 };

describe('calendar days', () => {
  it('adds months, a day the month lacks becoming its last', () => {
    expect(addMonths('2026-11-03', 12)).toBe('2027-11-03');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2027-12-31', 2)).toBe('2028-02-29');
    expect(addMonths('2026-08-15', 6)).toBe('2027-02-15');
  });
  it('counts whole days, across a change of clocks', () => {
    expect(daysBetween('2026-10-01', '2026-11-01')).toBe(31);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-11-03', '2026-11-03')).toBe(0);
  });
  it('writes km as en-US does: whole, with thousands commas', () => {
    for (const km of [0, 7, 999, 1000, 12_400, 1_234_567.6, 2_000_000]) expect(formatKm(km)).toBe(km.toLocaleString('en-US', { maximumFractionDigits: 0 }));
    expect(formatKm(12_400)).toBe('12,400');
  });

  it("writes a day as '3 Nov 2026', September included", () => {
    expect(formatServiceDay('2026-11-03')).toBe('3 Nov 2026');
    expect(formatServiceDay('2027-09-21')).toBe('21 Sep 2027');
  });
});

describe('odometerConflict', () => {
  const entries = [reading('2026-11-03', 12_400), service('2026-11-10', 12_600), reading('2026-11-20', 13_000)];

  it('accepts an entry that keeps the odometer going up', () => {
    expect(odometerConflict(entries, { on: '2026-11-21', km: 13_000 })).toBeNull();
    expect(odometerConflict(entries, { on: '2026-11-05', km: 12_500 })).toBeNull();
    expect(odometerConflict([], { on: '2026-11-05', km: 0 })).toBeNull();
  });
  it('names the latest entry on or before its day with more km, in the words the rider sees', () => {
    const found = odometerConflict(entries, { on: '2026-11-08', km: 12_000 });
    expect(found).toEqual({ entry: entries[0], earlier: true });
    expect(garageServiceMessages.backFromEarlier(found!.entry)).toBe('The odometer cannot go back: the last reading was 12,400 km on 3 Nov 2026');
    const afterService = odometerConflict(entries, { on: '2026-11-12', km: 12_500 });
    expect(afterService).toEqual({ entry: entries[1], earlier: true });
    expect(garageServiceMessages.backFromEarlier(afterService!.entry)).toBe('The odometer cannot go back: the last service was at 12,600 km on 10 Nov 2026');
    // The same day counts as earlier.
    expect(odometerConflict(entries, { on: '2026-11-20', km: 12_999 })?.entry).toBe(entries[2]);
  });
  it('names the first later entry with fewer km', () => {
    const found = odometerConflict(entries, { on: '2026-11-05', km: 12_700 });
    expect(found).toEqual({ entry: entries[1], earlier: false });
    expect(garageServiceMessages.aboveLater(found!.entry)).toBe('The odometer cannot go back: a later service was at 12,600 km on 10 Nov 2026');
    expect(garageServiceMessages.aboveLater(entries[2]!)).toBe('The odometer cannot go back: a later reading was 13,000 km on 20 Nov 2026');
  });
});

describe('odometerSummary', () => {
  it('counts the next service from the last one: interval km after its km, interval months after its day', () => {
    const summary = odometerSummary([reading('2026-10-01', 12_000), service('2026-10-15', 12_400), reading('2026-11-01', 12_930)], KIT, '2026-09-01');
    expect(summary).toEqual({ odometerKm: 12_930, odometerOn: '2026-11-01', kmPerDay: 30, lastService: { doneOn: '2026-10-15', km: 12_400 }, nextService: { km: 18_400, date: '2027-10-15' } });
    expect(nextServiceText(summary.nextService!)).toBe('Next service at 18,400 km or by 15 Oct 2027, whichever comes first');
  });
  it('takes the latest of several services', () => {
    const summary = odometerSummary([service('2026-01-31', 4000), service('2026-07-31', 9000)], { intervalKm: 5000, intervalMonths: 7 }, '2025-12-01');
    expect(summary.lastService).toEqual({ doneOn: '2026-07-31', km: 9000 });
    expect(summary.nextService).toEqual({ km: 14_000, date: '2027-02-28' });
  });
  it('without a service counts from the first reading, and without a reading from 0 km on the day the bike was added', () => {
    expect(odometerSummary([reading('2026-11-20', 13_000), reading('2026-10-01', 12_000)], KIT, '2026-09-01').nextService).toEqual({ km: 18_000, date: '2027-10-01' });
    expect(odometerSummary([], KIT, '2026-09-01')).toEqual({ odometerKm: null, odometerOn: null, kmPerDay: null, lastService: null, nextService: { km: 6000, date: '2027-09-01' } });
  });
  it('has no next service without a service kit', () => {
    expect(odometerSummary([service('2026-10-15', 12_400)], null, '2026-09-01').nextService).toBeNull();
  });
  it('estimates km a day only from entries at least 7 days apart, to one decimal', () => {
    expect(odometerSummary([reading('2026-11-01', 1000), reading('2026-11-07', 1600)], null, '2026-11-01').kmPerDay).toBeNull();
    expect(odometerSummary([reading('2026-11-01', 1000), reading('2026-11-08', 1600)], null, '2026-11-01').kmPerDay).toBe(85.7);
    expect(odometerSummary([reading('2026-11-01', 1000)], null, '2026-11-01').kmPerDay).toBeNull();
  });
});

describe('when a service is due', () => {
  // Serviced at 12,400 km on 15 Oct 2026, 30 km a day since: next at 18,400 km or by 15 Oct 2027.
  const summary = odometerSummary([reading('2026-10-01', 12_000), service('2026-10-15', 12_400), reading('2026-11-01', 12_930)], KIT, '2026-09-01');

  it('estimates the km of a day from the latest entry and the km a day', () => {
    expect(estimatedKm(summary, '2026-11-01')).toBe(12_930);
    expect(estimatedKm(summary, '2026-11-11')).toBe(13_230);
    // A day before the latest entry counts as its day; no entry, no estimate.
    expect(estimatedKm(summary, '2026-10-20')).toBe(12_930);
    expect(estimatedKm(odometerSummary([], KIT, '2026-09-01'), '2026-11-01')).toBeNull();
  });
  it('is due within 500 km by the estimate: 17,900 km falls on 16 Apr 2027', () => {
    expect(isServiceDue(summary, '2027-04-15')).toBe(false);
    expect(isServiceDue(summary, '2027-04-16')).toBe(true);
  });
  it('is due within 30 days of the date, and past it', () => {
    const idle = odometerSummary([service('2026-10-15', 12_400)], KIT, '2026-09-01');
    expect(isServiceDue(idle, '2027-09-14')).toBe(false);
    expect(isServiceDue(idle, '2027-09-15')).toBe(true);
    expect(isServiceDue(idle, '2028-01-01')).toBe(true);
  });
  it('is never due without a service kit', () => {
    expect(isServiceDue(odometerSummary([service('2020-01-01', 1)], null, '2019-01-01'), '2026-11-01')).toBe(false);
  });
  it("links to the kit and to the stop page with the ids encoded", () => {
    expect(serviceReminderLinks.addKit('https://shop.example', 'b1')).toBe('https://shop.example/garage?addKit=b1');
    expect(serviceReminderLinks.stop('https://shop.example', 'r1.a+b/c')).toBe('https://shop.example/service-emails/stop?token=r1.a%2Bb%2Fc');
  });
});

describe('the input schemas', () => {
  const kmError = (body: unknown) => odometerReadingInputSchema.safeParse(body).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
  it('refuses km that is not a whole number from 0 to 2,000,000', () => {
    for (const km of [-1, 12.5, 2_000_001, '12400', null]) expect(kmError({ km })).toEqual([['km', 'Odometer (km) must be a whole number from 0 to 2,000,000']]);
    expect(kmError({ km: 0 })).toBeUndefined();
    expect(kmError({ km: 2_000_000, readOn: '2026-11-03' })).toBeUndefined();
  });
  it('refuses a day that is not a real YYYY-MM-DD', () => {
    expect(kmError({ km: 1, readOn: '2026-02-30' })).toEqual([['readOn', 'Please enter a date as YYYY-MM-DD']]);
    expect(serviceDoneInputSchema.safeParse({ km: 1 }).error?.issues.map((issue) => issue.path.join('.'))).toEqual(['doneOn']);
  });
});
