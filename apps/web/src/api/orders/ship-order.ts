import type { modifiedAnswerSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PATCH /shiftorders/{id} (admin): a paid order starts shipping; 409 if unpaid or already shipping. */
export const shipOrder = (orderId: string) =>
  api.patch<z.infer<typeof modifiedAnswerSchema>>(`/shiftorders/${encodeURIComponent(orderId)}`);

export const useShipOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
};
