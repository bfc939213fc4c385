import { render } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY } from '@/lib/access-token';
import { queryKeys } from '@/lib/query-keys';
import { createTestQueryClient } from '@/test/render';
import { AppProviders } from './providers';

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
