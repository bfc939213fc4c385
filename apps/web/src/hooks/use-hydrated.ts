import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False in a server render and while the browser takes a server-rendered page over (its first
 * render must be the server's); true from then on, and at once on a page the browser renders
 * itself. For what only the browser can know, such as the time now, shown where its room is held.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
