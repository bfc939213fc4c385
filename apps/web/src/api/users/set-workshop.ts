import type { WorkshopAnswer } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface WorkshopChange {
  email: string;
  workshop: boolean;
  /** Percent; the shop keeps 0 for an account that is not a workshop. */
  tradeDiscount: number;
}

/** PUT /user/workshop/{email} (admin): whether the account is a workshop, and its trade discount. */
export const setWorkshop = ({ email, workshop, tradeDiscount }: WorkshopChange) =>
  api.put<WorkshopAnswer>(`/user/workshop/${encodeURIComponent(email)}`, { body: { workshop, tradeDiscount } });

export const useSetWorkshop = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWorkshop,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
};
