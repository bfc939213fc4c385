import type { deletedAnswerSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { invalidateCatalogue } from './invalidate-catalogue';

/** DELETE /products/{id} (admin); orders already placed keep their own name and price. */
export const deleteProduct = (id: string) => api.delete<z.infer<typeof deletedAnswerSchema>>(`/products/${encodeURIComponent(id)}`);

export const useDeleteProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    // Settled: a 404 means someone else deleted it, and the table is out of date either way.
    onSettled: () => invalidateCatalogue(queryClient),
  });
};
