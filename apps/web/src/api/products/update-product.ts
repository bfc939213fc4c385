import type { modifiedAnswerSchema, UpdateProductInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { invalidateCatalogue } from './invalidate-catalogue';

/** PUT /product/{id} (admin): the name stays; img only when a new photo was uploaded. */
export const updateProduct = ({ id, changes }: { id: string; changes: UpdateProductInput }) =>
  api.put<z.infer<typeof modifiedAnswerSchema>>(`/product/${encodeURIComponent(id)}`, { body: changes });

export const useUpdateProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: () => invalidateCatalogue(queryClient),
  });
};
