import type { modifiedAnswerSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /user/admin/{email} (admin); the address must be confirmed. */
export const makeAdmin = (email: string) =>
  api.put<z.infer<typeof modifiedAnswerSchema>>(`/user/admin/${encodeURIComponent(email)}`);

export const useMakeAdmin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
};
