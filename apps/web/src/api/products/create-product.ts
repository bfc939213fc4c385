import type { CreateProductInput, insertedAnswerSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { invalidateCatalogue } from './invalidate-catalogue';

/** POST /products (admin): price in dollars, the photo as the path its upload answered. */
export const createProduct = (product: CreateProductInput) =>
  api.post<z.infer<typeof insertedAnswerSchema>>('/products', { body: product });

export const useCreateProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => invalidateCatalogue(queryClient),
  });
};
