import type { modifiedAnswerSchema, ProfileUpdateInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /userinfo/{email}: the phone and a photo path answered by the image upload. */
export const updateUserInfo = ({ email, info }: { email: string; info: ProfileUpdateInput }) =>
  api.put<z.infer<typeof modifiedAnswerSchema>>(`/userinfo/${encodeURIComponent(email)}`, { body: info });

export const useUpdateUserInfo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserInfo,
    // The session carries the phone too.
    onSuccess: (_answer, { email }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users.profile(email) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.session }),
      ]),
  });
};
