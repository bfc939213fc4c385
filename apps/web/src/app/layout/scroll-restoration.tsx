import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

const STORAGE_KEY = 'scroll-positions';

/** Where each history entry was scrolled to, by location key; kept in sessionStorage across reloads. */
let positions: Record<string, number> = {};
/** Read from scroll events: by the time the next location renders, the page being left may be gone. */
let lastScrollY = 0;

function readSavedPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * Back and forward (and a reload) return to where the visitor was; any other navigation starts at
 * the top of the page, or at the element its #hash names.
 */
export function ScrollRestoration() {
  const location = useLocation();

  useEffect(() => {
    const remember = () => {
      lastScrollY = window.scrollY;
    };
    window.history.scrollRestoration = 'manual';
    window.addEventListener('scroll', remember, { passive: true });
    return () => {
      window.removeEventListener('scroll', remember);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useEffect(() => {
    const save = () => {
      positions[location.key] = window.scrollY;
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Storage full or blocked: the positions last for this page's life only.
      }
    };
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, [location.key]);

  useLayoutEffect(() => {
    positions = { ...readSavedPositions(), ...positions };
  }, []);

  useLayoutEffect(() => {
    const saved = positions[location.key];
    const reach = () => (typeof saved === 'number' ? scrollToSaved(saved) : scrollToHashOrTop(location.hash));
    const reached = reach();
    lastScrollY = window.scrollY;
    // Part of the page may still be on its way (the home page's later sections load as they are
    // needed): the place is reached as the page grows, unless the visitor moves first.
    const stopWaiting = reached ? () => undefined : reachAsThePageGrows(reach);
    // Runs as the next location comes in: remember where this one was left.
    return () => {
      stopWaiting();
      positions[location.key] = lastScrollY;
    };
  }, [location]);

  return null;
}

/** Whether the page was tall enough to go back to `y`. */
function scrollToSaved(y: number): boolean {
  window.scrollTo(0, y);
  return Math.abs(window.scrollY - y) < 1;
}

/** Whether the element the #hash names was there to scroll to (otherwise the page starts at the top). */
function scrollToHashOrTop(hash: string): boolean {
  if (hash) {
    try {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return true;
      }
    } catch {
      // Not a decodable element id: start at the top.
      window.scrollTo(0, 0);
      return true;
    }
  }
  window.scrollTo(0, 0);
  return !hash;
}

const VISITOR_MOVES = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/** Calls `reach` each time the page grows until it succeeds or the visitor scrolls, taps or types; returns the way to stop. */
function reachAsThePageGrows(reach: () => boolean): () => void {
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  const observer = new ResizeObserver(() => {
    if (reach()) stop();
  });
  function stop() {
    observer.disconnect();
    for (const type of VISITOR_MOVES) window.removeEventListener(type, stop);
  }
  observer.observe(document.body);
  for (const type of VISITOR_MOVES) window.addEventListener(type, stop, { passive: true });
  return stop;
}
