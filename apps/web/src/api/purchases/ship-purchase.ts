import type { Purchase, ShipmentInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /purchases/{id}/ship (admin): every paid line of the purchase not yet shipped or refunded
 * leaves as one parcel, with one carrier and tracking number; 409 when nothing is left to ship.
 */
export const shipPurchase = ({ purchaseId, shipment = {} }: { purchaseId: string; shipment?: ShipmentInput }) =>
  api.post<Purchase>(`/purchases/${encodeURIComponent(purchaseId)}/ship`, { body: shipment });

export const useShipPurchase = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipPurchase,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
};
