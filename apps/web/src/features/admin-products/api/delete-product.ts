import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateCatalogue } from './invalidate-catalogue';

export interface DeletedAnswer {
  acknowledged: boolean;
  deletedCount: number;
}

/** DELETE /products/{id} (admin); orders already placed keep their own name and price. */
export const deleteProduct = (id: string) => api.delete<DeletedAnswer>(`/products/${encodeURIComponent(id)}`);

export const useDeleteProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    // Settled: a 404 means someone else deleted it, and the table is out of date either way.
    onSettled: () => invalidateCatalogue(queryClient),
  });
};
