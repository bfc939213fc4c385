import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createBrowserStore } from './browser-store';

const numbers = (key: string) =>
  createBrowserStore<number[]>({
    key,
    empty: [],
    parse: (stored) => (Array.isArray(stored) ? stored.filter((value) => typeof value === 'number') : []),
    isEmpty: (values) => values.length === 0,
  });

describe('a value this browser keeps', () => {
  it('reads what was stored before the page loaded and what another tab writes, and stores bare JSON', () => {
    localStorage.setItem('numbers', '[1,"two",3]');
    const store = numbers('numbers');
    const { result } = renderHook(() => store.useValue());
    expect(result.current).toEqual([1, 3]);

    act(() => {
      localStorage.setItem('numbers', '[4]');
      window.dispatchEvent(new StorageEvent('storage', { key: 'numbers' }));
    });
    expect(result.current).toEqual([4]);

    act(() => store.set([5, 6]));
    expect(result.current).toEqual([5, 6]);
    expect(localStorage.getItem('numbers')).toBe('[5,6]');
    act(() => store.set([]));
    expect(localStorage.getItem('numbers')).toBeNull();
  });

  it('keeps the value for this page when storage refuses it', () => {
    const store = numbers('refused');
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      const { result } = renderHook(() => store.useValue());
      act(() => store.set([7]));
      expect(result.current).toEqual([7]);
    } finally {
      setItem.mockRestore();
    }
    expect(localStorage.getItem('refused')).toBeNull();
  });
});
