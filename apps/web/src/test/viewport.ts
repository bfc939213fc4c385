import { act } from '@testing-library/react';
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

/**
 * The browser's IntersectionObserver (jsdom has none), reporting every observed element near the
 * screen or not when the test says so. The setup unstubs it after each test.
 */
export function stubIntersectionObserver() {
  const observers: Array<{ report: (near: boolean) => void }> = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      readonly elements: Element[] = [];
      constructor(private readonly callback: IntersectionObserverCallback) {
        observers.push({ report: (near) => this.callback(this.elements.map((target) => ({ target, isIntersecting: near }) as IntersectionObserverEntry), this as unknown as IntersectionObserver) });
      }
      observe(element: Element) {
        this.elements.push(element);
      }
      disconnect() {}
      unobserve() {}
      takeRecords() {
        return [];
      }
    },
  );
  return { report: (near: boolean) => act(() => observers.forEach((observer) => observer.report(near))) };
}
