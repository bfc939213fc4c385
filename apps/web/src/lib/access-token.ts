import { useSyncExternalStore } from 'react';

/** SPEC section 9: the access token lives in local storage under this name. */
export const ACCESS_TOKEN_STORAGE_KEY = 'accessToken';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Storage can be unavailable (privacy modes, sandboxed frames); treat that as signed out. */
export function getAccessToken(): string | null {
  try {
    return localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setAccessToken(token: string): void {
  try {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, token);
  } catch {
    // Without storage the session lasts for this page only.
  }
  notify();
}

export function clearAccessToken(): void {
  if (getAccessToken() === null) return;
  try {
    localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Signing in or out in another tab changes this tab's state too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === ACCESS_TOKEN_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored token, re-rendering the caller whenever it is stored or removed. */
export const useAccessToken = (): string | null => useSyncExternalStore(subscribe, getAccessToken, () => null);
