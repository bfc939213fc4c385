import { PART_DATA_ELEMENT_ID, type Product } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAccessToken } from '@/lib/access-token';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /products/{id}: one part of the catalogue, with its current stock. */
export const getProduct = ({ id, signal }: { id: string; signal?: AbortSignal }) =>
  api.get<Product>(`/products/${encodeURIComponent(id)}`, { signal });

/**
 * The part the server wrote into the page's HTML (a part page opened by its address), as that
 * call answered it when the page was sent: the page's first render shows it without waiting for
 * the call. Only for the part it is; anything else (another part, no such element) is undefined.
 */
export function partInPage(id: string): Product | undefined {
  const text = typeof document === 'undefined' ? null : document.getElementById(PART_DATA_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const part = JSON.parse(text) as Product;
    return part._id === id ? part : undefined;
  } catch {
    return undefined;
  }
}

export const getProductQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.products.detail(id),
    queryFn: ({ signal }) => getProduct({ id, signal }),
    // The page's copy is the anonymous, list-priced answer: a signed-in buyer (a workshop sees its
    // own prices) waits for its own.
    initialData: () => (getAccessToken() === null ? partInPage(id) : undefined),
    // As old as the page: the stock is asked for again once that is older than the query's stale time.
    initialDataUpdatedAt: () => (typeof performance === 'undefined' ? undefined : performance.timeOrigin),
  });

export const useProduct = (id: string) => useQuery(getProductQueryOptions(id));
