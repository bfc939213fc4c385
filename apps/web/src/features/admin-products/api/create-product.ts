import type { CreateProductInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateCatalogue } from './invalidate-catalogue';

export interface InsertedAnswer {
  acknowledged: boolean;
  insertedId: string;
}

/** POST /products (admin): price in dollars, the photo as the path its upload answered. */
export const createProduct = (product: CreateProductInput) => api.post<InsertedAnswer>('/products', { body: product });

export const useCreateProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => invalidateCatalogue(queryClient),
  });
};
