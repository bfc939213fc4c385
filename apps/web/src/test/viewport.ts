import { vi } from 'vitest';

/**
 * jsdom lays nothing out and has no matchMedia: a window of this many CSS pixels for what the
 * page renders by width (useMediaQuery's min-width queries, in px or rem of 16 px). The setup
 * unstubs it after each test.
 */
export function stubViewportWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const minWidth = /min-width:\s*([\d.]+)(px|rem)/.exec(query);
    const matches = minWidth ? width >= Number(minWidth[1]) * (minWidth[2] === 'rem' ? 16 : 1) : false;
    return { matches, media: query, onchange: null, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false };
  });
}
