/**
 * How long identity sessions live. Better Auth creates them (and never lengthens them: its
 * refresh is off, see auth.ts); the API's bearer lookup renews them with `sessionRenewal`, so
 * one rule decides for every request.
 */

const DAY_SECONDS = 24 * 60 * 60;

/** Life of a session started with 'remember me' (Better Auth's default), renewed while in use. */
export const SESSION_TTL_SECONDS = 7 * DAY_SECONDS;
/** A session in use is renewed once this much of its life has passed. */
export const SESSION_UPDATE_AGE_SECONDS = DAY_SECONDS;
/**
 * Life of a session started without 'remember me'. Better Auth fixes it at one day and marks
 * such a session only with a browser cookie, which bearer calls never carry; the row itself
 * tells it apart, since it is never renewed: `expires_at - created_at` stays one day.
 */
export const SHORT_SESSION_SECONDS = DAY_SECONDS;
/** No session outlives this, however often it is used: the holder signs in again. */
export const SESSION_MAX_AGE_SECONDS = 30 * DAY_SECONDS;

/** Clock differences between the two timestamps of one freshly made row. */
const CREATION_SLACK_MS = 60_000;

export interface SessionTimes {
  createdAt: Date | string;
  expiresAt: Date | string;
}

export type SessionRenewal =
  /** The session has ended (expired, or older than the absolute limit). */
  | { active: false }
  /** The session is live; `renewTo`, when set, is its new expiry to store. */
  | { active: true; renewTo: Date | null };

const millis = (value: Date | string) => (value instanceof Date ? value.getTime() : Date.parse(value));

/** Whether the session was started with 'remember me': only those slide. */
export function isRememberedSession(session: SessionTimes): boolean {
  return millis(session.expiresAt) - millis(session.createdAt) > SHORT_SESSION_SECONDS * 1000 + CREATION_SLACK_MS;
}

/**
 * Whether a session is live at `now`, and the expiry to store when this use renews it. A
 * remembered session used after its first day is renewed for another SESSION_TTL, never past
 * SESSION_MAX_AGE after its creation; a session without 'remember me' is never renewed.
 */
export function sessionRenewal(session: SessionTimes, now: Date = new Date()): SessionRenewal {
  const createdAt = millis(session.createdAt);
  const expiresAt = millis(session.expiresAt);
  const at = now.getTime();
  const hardEnd = createdAt + SESSION_MAX_AGE_SECONDS * 1000;
  if (!(expiresAt > at) || !(hardEnd > at)) return { active: false };
  if (!isRememberedSession(session)) return { active: true, renewTo: null };
  if (expiresAt - at >= (SESSION_TTL_SECONDS - SESSION_UPDATE_AGE_SECONDS) * 1000) return { active: true, renewTo: null };
  const renewTo = Math.min(at + SESSION_TTL_SECONDS * 1000, hardEnd);
  return { active: true, renewTo: renewTo > expiresAt ? new Date(renewTo) : null };
}
