import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAddressParams } from './use-address-params';

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/parts?a=1']}>{children}</MemoryRouter>;
const set = (name: string, value: string) => (current: URLSearchParams) => {
  const params = new URLSearchParams(current);
  params.set(name, value);
  return params;
};

function useSubject() {
  const [params, change] = useAddressParams();
  return { params, change, search: useLocation().search, navigate: useNavigate() };
}

describe('useAddressParams', () => {
  it('starts each change from the last one asked for, even before the router has rendered it', () => {
    const { result } = renderHook(useSubject, { wrapper });
    act(() => {
      result.current.change(set('b', '2'));
      result.current.change(set('c', '3'));
    });
    expect(result.current.search).toBe('?a=1&b=2&c=3');
    expect(result.current.params.get('b')).toBe('2');
  });

  it('starts from the address after a navigation of its own (Back), not from what was asked before it', () => {
    const { result } = renderHook(useSubject, { wrapper });
    act(() => result.current.change(set('b', '2')));
    act(() => void result.current.navigate(-1));
    expect(result.current.search).toBe('?a=1');
    act(() => result.current.change(set('c', '3')));
    expect(result.current.search).toBe('?a=1&c=3');
  });

  it('does not navigate when a change leaves the address as it is', () => {
    const { result } = renderHook(useSubject, { wrapper });
    act(() => result.current.change(set('a', '1')));
    act(() => void result.current.navigate(-1));
    // Nothing was pushed, so Back leaves the in-memory history's only entry.
    expect(result.current.search).toBe('?a=1');
  });
});
