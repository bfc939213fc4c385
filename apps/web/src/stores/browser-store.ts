import { useSyncExternalStore } from 'react';

/**
 * A value this browser keeps for the visitor (their cart, their garage, a choice for this visit),
 * as JSON under one key of local or session storage.
 *
 * Storage itself is the source of truth, read through on every look (parsed again only when its
 * text changed): another tab's change, a value written before this page loaded and one an older
 * version of the shop left there are all seen, and what is stored stays the bare JSON the shop has
 * always written. Anything malformed is `parse`d away, never a crash. Without storage (private
 * modes, a full quota) the value lasts for this page only. (zustand's `persist` was weighed: it
 * keeps a copy in memory read once at start, so another tab's change needs its own listener, and
 * it wraps what it stores in `{ state, version }`, which the carts already in visitors' browsers
 * are not.)
 */
export interface BrowserStore<T> {
  get: () => T;
  set: (value: T) => void;
  subscribe: (listener: () => void) => () => void;
  /** The value, re-rendering on every change. */
  useValue: () => T;
}

interface BrowserStoreOptions<T> {
  key: string;
  storage?: 'local' | 'session';
  /** The value when nothing (or nothing readable) is stored. */
  empty: T;
  /** The value from what is stored (any JSON): only what is well formed is kept. */
  parse: (stored: unknown) => T;
  /** What is written for a value; by default the value itself. */
  serialize?: (value: T) => unknown;
  /** A value stored as no key at all. */
  isEmpty: (value: T) => boolean;
}

export function createBrowserStore<T>({ key, storage = 'local', empty, parse, serialize = (value) => value, isEmpty }: BrowserStoreOptions<T>): BrowserStore<T> {
  const area = () => (storage === 'local' ? localStorage : sessionStorage);
  const listeners = new Set<() => void>();
  /** The value of this page when storage refused it. */
  let kept: { value: T } | null = null;
  let lastText: string | null = null;
  let last = empty;

  const get = (): T => {
    if (kept) return kept.value;
    let text: string | null;
    try {
      text = area().getItem(key);
    } catch {
      return empty;
    }
    if (text === lastText) return last;
    lastText = text;
    let stored: unknown = null;
    try {
      stored = text === null ? null : JSON.parse(text);
    } catch {
      // Not JSON: nothing readable.
    }
    last = text === null ? empty : parse(stored);
    return last;
  };

  const set = (value: T): void => {
    try {
      if (isEmpty(value)) area().removeItem(key);
      else area().setItem(key, JSON.stringify(serialize(value)));
      kept = null;
    } catch {
      kept = { value };
    }
    listeners.forEach((listener) => listener());
  };

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  };

  return { get, set, subscribe, useValue: () => useSyncExternalStore(subscribe, get, () => empty) };
}
