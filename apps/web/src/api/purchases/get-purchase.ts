import type { Purchase } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /purchases/{id}: a purchase with its one number and every line (its owner or an admin). */
export const getPurchase = ({ purchaseId, signal }: { purchaseId: string; signal?: AbortSignal }) =>
  api.get<Purchase>(`/purchases/${encodeURIComponent(purchaseId)}`, { signal });

export const getPurchaseQueryOptions = (purchaseId: string) =>
  queryOptions({
    queryKey: queryKeys.orders.purchase(purchaseId),
    queryFn: ({ signal }) => getPurchase({ purchaseId, signal }),
  });

/** The purchase, read while `purchaseId` is given (e.g. while its details are open). */
export const usePurchase = (purchaseId: string | null) => useQuery({ ...getPurchaseQueryOptions(purchaseId ?? ''), enabled: purchaseId !== null });
