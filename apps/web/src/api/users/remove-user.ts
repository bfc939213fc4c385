import type { deletedAnswerSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /user/admin/{email} (admin): removes the account and ends its sessions. */
export const removeUser = (email: string) =>
  api.delete<z.infer<typeof deletedAnswerSchema>>(`/user/admin/${encodeURIComponent(email)}`);

export const useRemoveUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
};
