/** Business constants of SPEC section 9 and the limits the server enforces. */
export const PAGE_SIZE = 6;
export const MAX_PAGE_SIZE = 100;
export const HOME_REVIEWS = 3;
/** The most bikes one garage holds (SPEC-2 section 3). */
export const GARAGE_MAX = 10;
/**
 * Search (SPEC-2 section 4): the longest text, the /search page's page size and the API's
 * largest. Here, not beside the search schemas, so the navbar's box loads without zod.
 */
export const SEARCH_TEXT_MAX = 200;
export const SEARCH_PAGE_SIZE = 12;
export const SEARCH_PAGE_SIZE_MAX = 48;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const TOAST_AUTO_CLOSE_MS = 5000;
/**
 * Where the link of the address confirmation email lands: home, with this parameter, which the
 * page reads to say the address is confirmed (or, with Better Auth's `error` beside it, why not).
 */
export const EMAIL_CONFIRMATION_PARAM = 'emailConfirmation';
export const EMAIL_CONFIRMATION_LANDING = `/?${EMAIL_CONFIRMATION_PARAM}=1`;
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const LANDING_COUNTERS = [
  { end: 782, label: 'Motor Bike Parts' },
  { end: 21, label: 'countries' },
  { end: 550, label: 'Customer Service' },
  { end: 1000, label: 'Review' },
] as const;

export const TEXT_LIMITS = {
  name: 120,
  email: 254,
  phone: 32,
  subject: 200,
  message: 5000,
  description: 2000,
  location: 300,
  carrier: 60,
  trackingNumber: 40,
  review: 2000,
} as const;

/** Id format of every entity the shop creates: 24 lowercase hex characters, time-ordered. */
export const ID_PATTERN = /^[0-9a-f]{24}$/;
