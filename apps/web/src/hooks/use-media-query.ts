import { useSyncExternalStore } from 'react';

/** Tailwind's breakpoints, for what a page renders differently (not only draws differently) by width. */
export const BREAKPOINTS = { md: '(min-width: 48rem)', lg: '(min-width: 64rem)' } as const;

const hasMatchMedia = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

/** One stable subscription per query, as useSyncExternalStore asks. */
const subscriptions = new Map<string, (onChange: () => void) => () => void>();
function subscriptionTo(query: string) {
  let subscribe = subscriptions.get(query);
  if (!subscribe) {
    subscribe = (onChange) => {
      if (!hasMatchMedia()) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    };
    subscriptions.set(query, subscribe);
  }
  return subscribe;
}

/**
 * Whether the media query matches now, following the window as it is turned or resized. Without
 * matchMedia (tests that set no width), the narrow layout: a phone's.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    subscriptionTo(query),
    () => hasMatchMedia() && window.matchMedia(query).matches,
    () => false,
  );
}
