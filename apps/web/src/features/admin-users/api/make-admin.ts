import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getUsersQueryOptions } from './get-users';

/** PUT /user/admin/{email} (admin). */
export const makeAdmin = (email: string) =>
  api.put<{ modifiedCount: number }>(`/user/admin/${encodeURIComponent(email)}`);

export const useMakeAdmin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getUsersQueryOptions().queryKey }),
  });
};
