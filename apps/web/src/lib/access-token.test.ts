import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY, clearAccessToken, setAccessToken, useAccessToken } from './access-token';

describe('access token', () => {
  it('is kept in local storage under accessToken', () => {
    setAccessToken('token-1');
    expect(localStorage.getItem('accessToken')).toBe('token-1');
    clearAccessToken();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('re-renders its readers when stored, removed, or changed in another tab', () => {
    const { result } = renderHook(() => useAccessToken());
    expect(result.current).toBeNull();

    act(() => setAccessToken('token-1'));
    expect(result.current).toBe('token-1');
    act(() => clearAccessToken());
    expect(result.current).toBeNull();

    act(() => {
      localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'from-another-tab');
      window.dispatchEvent(new StorageEvent('storage', { key: ACCESS_TOKEN_STORAGE_KEY }));
    });
    expect(result.current).toBe('from-another-tab');
  });
});
