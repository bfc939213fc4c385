import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /vehicles/makes: every make the shop knows. */
export const getMakes = ({ signal }: { signal?: AbortSignal } = {}) => api.get<string[]>('/vehicles/makes', { signal });

/** GET /vehicles/models?make: the make's models. */
export const getModels = (make: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<string[]>(`/vehicles/models?${new URLSearchParams({ make })}`, { signal });

/** GET /vehicles/years?make&model: every year the model was made. */
export const getYears = (make: string, model: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<number[]>(`/vehicles/years?${new URLSearchParams({ make, model })}`, { signal });

/** The bike picker's choices, each list asked for once the choice before it is made. */
export const useMakes = (enabled = true) => useQuery({ queryKey: queryKeys.vehicles.makes, queryFn: ({ signal }) => getMakes({ signal }), enabled });
export const useModels = (make: string) =>
  useQuery({ queryKey: queryKeys.vehicles.models(make), queryFn: ({ signal }) => getModels(make, { signal }), enabled: make !== '' });
export const useYears = (make: string, model: string) =>
  useQuery({ queryKey: queryKeys.vehicles.years(make, model), queryFn: ({ signal }) => getYears(make, model, { signal }), enabled: make !== '' && model !== '' });
