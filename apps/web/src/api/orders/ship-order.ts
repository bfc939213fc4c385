import type { modifiedAnswerSchema, ShipmentInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * PATCH /shiftorders/{id} (admin): a paid order starts shipping, with the carrier and tracking
 * number when given; 409 if unpaid, already shipping or being refunded.
 */
export const shipOrder = ({ orderId, shipment = {} }: { orderId: string; shipment?: ShipmentInput }) =>
  api.patch<z.infer<typeof modifiedAnswerSchema>>(`/shiftorders/${encodeURIComponent(orderId)}`, { body: shipment });

export const useShipOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
};
