import { describe, expect, it } from 'vitest';
import { arrivalText, dispatchCountdownText, shortDay } from './arrival.js';

describe('arrival texts (SPEC-3 section 1)', () => {
  it('words a calendar date as a short day, whatever the clock', () => {
    expect(shortDay('2025-11-28')).toBe('Fri 28 Nov');
    expect(shortDay('2025-12-02')).toBe('Tue 2 Dec');
    expect(shortDay('2026-09-07')).toBe('Mon 7 Sep');
  });

  it("'Arrives' one day or a range with an en dash, and 'Ready to collect' for a method of 0 days", () => {
    expect(arrivalText({ arrivesFrom: '2025-11-28', arrivesTo: '2025-11-28', daysMax: 1 })).toBe('Arrives Fri 28 Nov');
    expect(arrivalText({ arrivesFrom: '2025-11-28', arrivesTo: '2025-12-02', daysMax: 4 })).toBe('Arrives Fri 28 Nov – Tue 2 Dec');
    expect(arrivalText({ arrivesFrom: '2025-11-27', arrivesTo: '2025-11-27', daysMax: 0 })).toBe('Ready to collect Thu 27 Nov');
  });

  it('counts down to the dispatch deadline in whole minutes, rounded down', () => {
    const deadline = '2025-11-27T19:00:00.000Z';
    expect(dispatchCountdownText(deadline, new Date('2025-11-27T15:39:30Z'))).toBe('Order within 3 h 20 min for dispatch today');
    expect(dispatchCountdownText(deadline, new Date('2025-11-27T15:40:00Z'))).toBe('Order within 3 h 20 min for dispatch today');
    expect(dispatchCountdownText(deadline, new Date('2025-11-27T15:40:01Z'))).toBe('Order within 3 h 19 min for dispatch today');
    expect(dispatchCountdownText(deadline, new Date('2025-11-27T18:15:00Z'))).toBe('Order within 45 min for dispatch today');
    expect(dispatchCountdownText(deadline, new Date('2025-11-27T17:00:00Z'))).toBe('Order within 2 h for dispatch today');
    expect(dispatchCountdownText(deadline, new Date('2025-11-27T18:58:30Z'))).toBe('Order within 1 min for dispatch today');
  });

  it('says nothing without a deadline, under a minute before it, or after it', () => {
    expect(dispatchCountdownText(null, new Date())).toBeNull();
    expect(dispatchCountdownText('2025-11-27T19:00:00.000Z', new Date('2025-11-27T18:59:30Z'))).toBeNull();
    expect(dispatchCountdownText('2025-11-27T19:00:00.000Z', new Date('2025-11-27T19:05:00Z'))).toBeNull();
  });
});
