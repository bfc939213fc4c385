import type { User } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /user/{email}: the profile as the shop keeps it (owner or admin). */
export const getUserProfile = ({ email, signal }: { email: string; signal?: AbortSignal }) =>
  api.get<User>(`/user/${encodeURIComponent(email)}`, { signal });

export const getUserProfileQueryOptions = (email: string) =>
  queryOptions({
    queryKey: queryKeys.users.profile(email),
    queryFn: ({ signal }) => getUserProfile({ email, signal }),
  });

export const useUserProfile = (email: string) => useQuery(getUserProfileQueryOptions(email));
