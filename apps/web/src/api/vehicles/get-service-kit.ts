import type { ServiceKit } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /vehicles/{id}/service-kit: the vehicle's kit priced and stocked as the shop is now; null when it has none (404). */
export const getServiceKit = async (vehicleId: string, { signal }: { signal?: AbortSignal } = {}): Promise<ServiceKit | null> => {
  try {
    return await api.get<ServiceKit>(`/vehicles/${encodeURIComponent(vehicleId)}/service-kit`, { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
};

export const useServiceKit = (vehicleId: string, enabled = true) =>
  useQuery({ queryKey: queryKeys.vehicles.serviceKit(vehicleId), queryFn: ({ signal }) => getServiceKit(vehicleId, { signal }), enabled });
