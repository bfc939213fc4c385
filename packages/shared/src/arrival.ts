import { calendarDayWords } from './written.js';

/**
 * SPEC-3 section 1's arrival texts, once for every screen and email that shows when a parcel
 * arrives: 'Arrives Fri 28 Nov', 'Arrives Fri 28 Nov – Tue 2 Dec', 'Ready to collect Thu 27 Nov'
 * and 'Order within 3 h 20 min for dispatch today'. The server computes the dates (in the shop's
 * time zone); these only word them.
 */

/** A calendar date (YYYY-MM-DD) as 'Fri 28 Nov'. */
export function shortDay(date: string): string {
  const { weekday, day, month } = calendarDayWords(date);
  return `${weekday} ${day} ${month}`;
}

/** When a method's parcel arrives, or (a method of 0 days: collecting) is ready. */
export function arrivalText({ arrivesFrom, arrivesTo, daysMax }: { arrivesFrom: string; arrivesTo: string; daysMax: number }): string {
  if (daysMax === 0) return `Ready to collect ${shortDay(arrivesFrom)}`;
  if (arrivesFrom === arrivesTo) return `Arrives ${shortDay(arrivesFrom)}`;
  return `Arrives ${shortDay(arrivesFrom)} – ${shortDay(arrivesTo)}`;
}

/** Whole minutes left before the dispatch deadline, rounded down; 0 once under a minute or past. */
export const minutesUntil = (deadline: string, now: Date): number => Math.max(0, Math.floor((Date.parse(deadline) - now.getTime()) / 60_000));

/** 'Order within 3 h 20 min for dispatch today' ('45 min' under an hour), or null once less than a minute is left. */
export function dispatchCountdownText(dispatchBy: string | null, now: Date): string | null {
  if (!dispatchBy) return null;
  const minutes = minutesUntil(dispatchBy, now);
  if (minutes < 1) return null;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const left = hours === 0 ? `${rest} min` : rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  return `Order within ${left} for dispatch today`;
}
