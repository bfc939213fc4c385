import type { modifiedAnswerSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /user/staff/{email} (admin): a customer becomes staff (SPEC-3 section 7); the address must be confirmed. */
export const makeStaff = (email: string) =>
  api.put<z.infer<typeof modifiedAnswerSchema>>(`/user/staff/${encodeURIComponent(email)}`);

export const useMakeStaff = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeStaff,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
};
