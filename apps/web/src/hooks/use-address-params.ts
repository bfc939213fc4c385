import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

type Update = (current: URLSearchParams) => URLSearchParams | Record<string, string>;

/**
 * The address's search params, and a setter whose update starts from the newest address: the
 * rendered one, or the last one this page asked for that the router has not rendered yet. Two
 * choices made quickly one after the other (a category, then a brand) both stay; starting from
 * the rendered params would make the second undo the first.
 */
export function useAddressParams(): [URLSearchParams, (update: Update) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const rendered = searchParams.toString();
  // What this page asked for, oldest first, that the router had not rendered when last seen.
  const pending = useRef({ rendered, asked: [] as string[] });
  // Each address the router renders: one it asked for drops those before it; a navigation of its own (Back, a link) drops them all.
  const reach = useCallback((address: string) => {
    const seen = pending.current;
    if (seen.rendered === address) return;
    const reached = seen.asked.indexOf(address);
    seen.asked = reached === -1 ? [] : seen.asked.slice(reached + 1);
    seen.rendered = address;
  }, []);
  useEffect(() => reach(rendered), [reach, rendered]);

  const change = useCallback(
    (update: Update) => {
      reach(rendered);
      const seen = pending.current;
      const newest = seen.asked.at(-1) ?? rendered;
      const next = new URLSearchParams(update(new URLSearchParams(newest))).toString();
      if (next === newest) return;
      seen.asked.push(next);
      setSearchParams(new URLSearchParams(next));
    },
    [reach, rendered, setSearchParams],
  );
  return [searchParams, change];
}
