import type { ProductCount } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bikeSearchParams } from '@/stores/garage';
import { type BikeQuery, queryKeys } from '@/lib/query-keys';

/**
 * GET /productCount[?vehicle&year&show]: how many products the catalogue has (or the bike's list
 * holds), for the pagers; for the bike's fitting parts also how many more have no fitment data.
 */
export const getProductCount = ({ bike = null, signal }: { bike?: BikeQuery; signal?: AbortSignal } = {}) =>
  api.get<ProductCount>(bike ? `/productCount?${new URLSearchParams(bikeSearchParams(bike))}` : '/productCount', { signal });

export const getProductCountQueryOptions = (bike: BikeQuery = null) =>
  queryOptions({
    queryKey: bike ? queryKeys.products.bikeCount(bike) : queryKeys.products.count,
    queryFn: ({ signal }) => getProductCount({ bike, signal }),
  });

export const useProductCount = (bike: BikeQuery = null) => useQuery(getProductCountQueryOptions(bike));
