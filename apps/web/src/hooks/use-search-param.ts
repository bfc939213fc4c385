import { useCallback } from 'react';
import { useAddressParams } from './use-address-params';

/**
 * The `?q=` of an admin table's page: the search in effect, a setter that puts a new one in the
 * address and goes back to the first page, and the address itself for the page's other choices
 * (one address, so a quick search and a filter one after the other both stay).
 */
export function useSearchParam(): [string, (q: string) => void, ReturnType<typeof useAddressParams>] {
  const address = useAddressParams();
  const [searchParams, changeParams] = address;
  const q = searchParams.get('q') ?? '';
  const setQ = useCallback(
    (next: string) =>
      changeParams((current) => {
        const params = new URLSearchParams(current);
        params.delete('page');
        if (next) params.set('q', next);
        else params.delete('q');
        return params;
      }),
    [changeParams],
  );
  return [q, setQ, address];
}
