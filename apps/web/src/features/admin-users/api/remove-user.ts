import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getUsersQueryOptions } from './get-users';

/** DELETE /user/admin/{email} (admin): removes the account and ends its sessions. */
export const removeUser = (email: string) =>
  api.delete<{ deletedCount: number }>(`/user/admin/${encodeURIComponent(email)}`);

export const useRemoveUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getUsersQueryOptions().queryKey }),
  });
};
