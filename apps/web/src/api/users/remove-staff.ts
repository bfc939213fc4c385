import type { modifiedAnswerSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /user/staff-role/{email} (admin): a staff member becomes a customer again. */
export const removeStaff = (email: string) =>
  api.delete<z.infer<typeof modifiedAnswerSchema>>(`/user/staff-role/${encodeURIComponent(email)}`);

export const useRemoveStaff = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeStaff,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
};
