import type { modifiedAnswerSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /user/admin-role/{email} (admin): another admin becomes a customer again; never the last admin. */
export const demoteAdmin = (email: string) =>
  api.delete<z.infer<typeof modifiedAnswerSchema>>(`/user/admin-role/${encodeURIComponent(email)}`);

export const useDemoteAdmin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: demoteAdmin,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
};
