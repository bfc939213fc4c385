import type { ProfileUpdateInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from '@/lib/session';
import { getUserProfileQueryOptions } from './get-user-profile';

interface ModifiedAnswer {
  acknowledged: boolean;
  matchedCount: number;
  modifiedCount: number;
}

/** PUT /userinfo/{email}: the phone and a photo path answered by the image upload. */
export const updateUserInfo = ({ email, info }: { email: string; info: ProfileUpdateInput }) =>
  api.put<ModifiedAnswer>(`/userinfo/${encodeURIComponent(email)}`, { body: info });

export const useUpdateUserInfo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserInfo,
    onSuccess: (_answer, { email }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getUserProfileQueryOptions(email).queryKey }),
        queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
      ]),
  });
};
