import type { AdminUser } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /users?q (admin): every account (with its confirmed address, purchases and joining day), or those whose name or email holds every word of `q`. */
export const getUsers = ({ q = '', signal }: { q?: string; signal?: AbortSignal } = {}) =>
  api.get<AdminUser[]>(q ? `/users?${new URLSearchParams({ q })}` : '/users', { signal });

const getUsersQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.users.list(q),
    queryFn: ({ signal }) => getUsers({ q, signal }),
  });

/** The previous list stays on screen while a search's answer loads. */
export const useUsers = (q = '') => useQuery({ ...getUsersQueryOptions(q), placeholderData: keepPreviousData });
