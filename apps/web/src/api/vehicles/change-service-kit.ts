import type { ServiceKit, serviceKitInputSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ServiceKitInput = z.input<typeof serviceKitInputSchema>;

/** PUT /vehicles/{id}/service-kit (admin): the whole kit, answered priced and stocked; 422 names each line whose part does not fit. */
export const saveServiceKit = ({ vehicleId, kit }: { vehicleId: string; kit: ServiceKitInput }) =>
  api.put<ServiceKit>(`/vehicles/${encodeURIComponent(vehicleId)}/service-kit`, { body: kit });

/** DELETE /vehicles/{id}/service-kit (admin): 404 when the vehicle has none. */
export const deleteServiceKit = (vehicleId: string) => api.delete<null>(`/vehicles/${encodeURIComponent(vehicleId)}/service-kit`);

/**
 * The kit as the shop now holds it goes into the cache at once (a dialog opened again starts from
 * it, not from the kit before), then is read again wherever it shows, whether the change went through or not.
 */
function useServiceKitMutation<Input>(mutationFn: (input: Input) => Promise<ServiceKit | null>, vehicleIdOf: (input: Input) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (kit, input) => queryClient.setQueryData(queryKeys.vehicles.serviceKit(vehicleIdOf(input)), kit),
    onSettled: (_kit, _error, input) => queryClient.invalidateQueries({ queryKey: queryKeys.vehicles.serviceKit(vehicleIdOf(input)) }),
  });
}

export const useSaveServiceKit = () => useServiceKitMutation(saveServiceKit, (input) => input.vehicleId);
export const useDeleteServiceKit = () => useServiceKitMutation(async (vehicleId: string) => {
  await deleteServiceKit(vehicleId);
  return null;
}, (vehicleId) => vehicleId);
