import type { adminAnswerSchema } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/{email}: SPEC's source of admin status. */
export const getAdminStatus = ({ email, signal }: { email: string; signal?: AbortSignal }) =>
  api.get<z.infer<typeof adminAnswerSchema>>(`/admin/${encodeURIComponent(email)}`, { signal });

export const getAdminStatusQueryOptions = (email: string) =>
  queryOptions({
    queryKey: queryKeys.users.adminStatus(email),
    queryFn: ({ signal }) => getAdminStatus({ email, signal }),
  });

/** Whether the signed-in person is an admin; pending until both session and answer are known. */
export const useAdminStatus = (email: string | null) =>
  useQuery({ ...getAdminStatusQueryOptions(email ?? ''), enabled: email !== null });
