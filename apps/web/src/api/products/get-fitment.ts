import type { Fitment } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /products/{id}/fitment: the bikes a part fits, or whether it fits every bike. */
export const getFitment = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<Fitment>(`/products/${encodeURIComponent(id)}/fitment`, { signal });

export const useFitment = (id: string) => useQuery({ queryKey: queryKeys.products.fitment(id), queryFn: ({ signal }) => getFitment(id, { signal }) });
