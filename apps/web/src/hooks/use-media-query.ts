/** Tailwind's breakpoints, for what the page does (not what it draws) by width. */
export const BREAKPOINTS = { md: '(min-width: 48rem)' } as const;

/**
 * Whether the media query matches at this moment (false without matchMedia, as in tests that set
 * no width): for what an event or a later render does, such as loading a script. Never for the
 * markup a page renders first, which is the server's at every width: CSS decides what shows.
 */
export const matchesMedia = (query: string): boolean => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
