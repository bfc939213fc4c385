import type { Vehicle } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface VehicleFilter {
  make?: string;
  model?: string;
  year?: number;
}

/** GET /vehicles?make&model&year: the vehicles that match, each with how many parts fit it. */
export const getVehicles = (filter: VehicleFilter, { signal }: { signal?: AbortSignal } = {}) => {
  const query = new URLSearchParams();
  if (filter.make) query.set('make', filter.make);
  if (filter.model) query.set('model', filter.model);
  if (filter.year !== undefined) query.set('year', String(filter.year));
  return api.get<Vehicle[]>(`/vehicles?${query}`, { signal });
};

export const useVehicles = (filter: VehicleFilter = {}, enabled = true) =>
  useQuery({ queryKey: queryKeys.vehicles.list(filter), queryFn: ({ signal }) => getVehicles(filter, { signal }), enabled });
