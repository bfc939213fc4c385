import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** PATCH /shiftorders/{id} (admin): a paid order starts shipping; 409 if unpaid or already shipping. */
export const shipOrder = (orderId: string) => api.patch<{ modifiedCount: number }>(`/shiftorders/${encodeURIComponent(orderId)}`);

export const useShipOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [queryRoots.orders] }),
  });
};
