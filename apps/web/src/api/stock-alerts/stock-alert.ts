import type { StockAlert, StockAlertCounts } from '@shop/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const notifyPath = (productId: string) => `/products/${encodeURIComponent(productId)}/notify`;

/** GET /products/{id}/notify: whether the signed-in customer waits to hear that the part is back. */
export const useStockAlert = (productId: string, enabled: boolean) =>
  useQuery({ queryKey: queryKeys.stockAlerts.part(productId), queryFn: ({ signal }) => api.get<StockAlert>(notifyPath(productId), { signal }), enabled });

/** PUT (wait) or DELETE (stop waiting) /products/{id}/notify; 409 when the part is in stock after all. */
export const useSetStockAlert = (productId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscribed: boolean) => (subscribed ? api.put<StockAlert>(notifyPath(productId)) : api.delete<StockAlert>(notifyPath(productId))),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.stockAlerts.part(productId), answer),
    // A refusal (the part came back meanwhile) means the stock shown is out of date.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.products.detail(productId) }),
  });
};

/** GET /stock-alerts (admin): how many customers wait for each part that has any, by part; not asked while `enabled` is false (staff). */
export const useStockAlertCounts = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    enabled,
    queryKey: queryKeys.stockAlerts.counts,
    queryFn: async ({ signal }) => new Map((await api.get<StockAlertCounts>('/stock-alerts', { signal })).map((row) => [row.productId, row.waiting])),
  });
