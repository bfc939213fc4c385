import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The `?q=` of an admin table's page: the search in effect, and a setter that puts a new one
 * in the address and goes back to the first page.
 */
export function useSearchParam(): [string, (q: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const setQ = useCallback(
    (next: string) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        params.delete('page');
        if (next) params.set('q', next);
        else params.delete('q');
        return params;
      }),
    [setSearchParams],
  );
  return [q, setQ];
}
