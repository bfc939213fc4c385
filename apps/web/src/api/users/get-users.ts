import type { User } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /users (admin): every account. */
export const getUsers = ({ signal }: { signal?: AbortSignal } = {}) => api.get<User[]>('/users', { signal });

export const getUsersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.users.all,
    queryFn: ({ signal }) => getUsers({ signal }),
  });

export const useUsers = () => useQuery(getUsersQueryOptions());
