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
    if (typeof saved === 'number') window.scrollTo(0, saved);
    else scrollToHashOrTop(location.hash);
    lastScrollY = window.scrollY;
    // Runs as the next location comes in: remember where this one was left.
    return () => {
      positions[location.key] = lastScrollY;
    };
  }, [location]);

  return null;
}

function scrollToHashOrTop(hash: string): void {
  if (hash) {
    try {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    } catch {
      // Not a decodable element id: start at the top.
    }
  }
  window.scrollTo(0, 0);
}
