import type { ActivityPage } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The Activity page's filters as the address holds them ('' for none) and its zero-based page. */
export interface ActivityFilter {
  person: string;
  action: string;
  from: string;
  to: string;
  q: string;
  page: number;
}

/** GET /activity?person&action&from&to&q&page (admin): the changes admins and staff made, newest first; `more` says an older page follows. */
export const getActivity = ({ signal, page, ...filters }: ActivityFilter & { signal?: AbortSignal }) => {
  const params = new URLSearchParams(Object.entries(filters).filter((entry) => entry[1] !== ''));
  params.set('page', String(page));
  return api.get<ActivityPage>(`/activity?${params}`, { signal });
};

export const getActivityQueryOptions = (filter: ActivityFilter) =>
  queryOptions({ queryKey: queryKeys.activity(filter), queryFn: ({ signal }) => getActivity({ ...filter, signal }) });

/** Asked afresh whenever the page opens (every change anywhere adds to the log); the previous page stays while the next loads. */
export const useActivity = (filter: ActivityFilter) =>
  useQuery({ ...getActivityQueryOptions(filter), staleTime: 0, placeholderData: keepPreviousData });
