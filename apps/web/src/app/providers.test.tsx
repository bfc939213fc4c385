import { render, waitFor } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY } from '@/lib/access-token';
import { ApiError, isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { createTestQueryClient } from '@/test/render';
import { AppProviders } from './providers';
import { QUERY_STATE_ELEMENT_ID, queryStateOf, restoreQueryState } from './query-state';

describe('AppProviders', () => {
  it('forgets every cached answer when another tab signs in or out: prices and carts belong to one account', () => {
    const queryClient = createTestQueryClient();
    render(<AppProviders queryClient={queryClient}>{null}</AppProviders>);
    queryClient.setQueryData(queryKeys.products.detail('a'.repeat(24)), { price: 7.64, listPrice: 8.99 });
    queryClient.setQueryData(queryKeys.cart, { lines: [], total: 0 });

    act(() => window.dispatchEvent(new StorageEvent('storage', { key: 'cart' })));
    expect(queryClient.getQueryData(queryKeys.cart)).toBeDefined();

    act(() => window.dispatchEvent(new StorageEvent('storage', { key: ACCESS_TOKEN_STORAGE_KEY, newValue: null })));
    expect(queryClient.getQueryData(queryKeys.products.detail('a'.repeat(24)))).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.cart)).toBeUndefined();
  });
});

describe('a page the server rendered', () => {
  it("asks the catalogue again with a signed-in buyer's session once the app has taken it over: a workshop sees its own prices", async () => {
    const state = document.createElement('script');
    state.type = 'application/json';
    state.id = QUERY_STATE_ELEMENT_ID;
    document.body.append(state);
    try {
      for (const signedIn of [false, true]) {
        if (signedIn) localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'workshop-token');
        const queryClient = createTestQueryClient();
        queryClient.setQueryData(queryKeys.products.detail('a'.repeat(24)), { price: 8.99 });
        queryClient.setQueryData(queryKeys.cart, { lines: [], total: 0 });
        const { unmount } = render(<AppProviders queryClient={queryClient}>{null}</AppProviders>);
        expect(queryClient.getQueryState(queryKeys.products.detail('a'.repeat(24)))?.isInvalidated).toBe(signedIn);
        expect(queryClient.getQueryState(queryKeys.cart)?.isInvalidated).toBe(false);
        unmount();
      }
    } finally {
      state.remove();
      localStorage.clear();
    }
  });
});

describe('the answers a server render carries', () => {
  it('come back as the same data, and a refusal as an ApiError that is not asked again as the page mounts', () => {
    const server = createTestQueryClient();
    server.setQueryData(queryKeys.products.detail('b'.repeat(24)), { name: 'Chain </script>' });
    const missing = queryKeys.products.detail('f'.repeat(24));
    void server.prefetchQuery({ queryKey: missing, queryFn: () => Promise.reject(new ApiError({ status: 404, code: 'NOT_FOUND', message: 'No such part' })) });
    return waitFor(() => {
      const state = JSON.parse(JSON.stringify(queryStateOf(server))) as ReturnType<typeof queryStateOf>;
      const browser = createTestQueryClient();
      restoreQueryState(browser, state);
      expect(browser.getQueryData(queryKeys.products.detail('b'.repeat(24)))).toEqual({ name: 'Chain </script>' });
      const error = browser.getQueryState(missing)?.error;
      expect(isApiError(error) && error.status === 404 && error.message === 'No such part').toBe(true);
      expect(browser.getQueryDefaults(missing).retryOnMount).toBe(false);
    });
  });
});
