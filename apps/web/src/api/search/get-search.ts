import type { SearchAnswer } from '@shop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The query string of GET /search: only what differs from the defaults. */
export type SearchParams = Record<string, string>;

/** GET /search: one page of parts found by text and filters, with the facet counts. */
export const getSearch = (params: SearchParams, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<SearchAnswer>(`/search?${new URLSearchParams(params)}`, { signal });

/** Keeps the previous answer on screen while the next one loads, so filters and pages do not flash. */
export const useSearch = (params: SearchParams) =>
  useQuery({ queryKey: queryKeys.products.search(params), queryFn: ({ signal }) => getSearch(params, { signal }), placeholderData: keepPreviousData });
