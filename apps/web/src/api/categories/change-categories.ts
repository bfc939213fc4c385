import type { CategoryMove, deletedAnswerSchema, insertedAnswerSchema, modifiedAnswerSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { invalidateCatalogue } from '../products/invalidate-catalogue';

/** POST /categories (admin): 409 when the name is taken in any case. */
export const addCategory = (name: string) => api.post<z.infer<typeof insertedAnswerSchema>>('/categories', { body: { name } });

/** PATCH /categories/{id} (admin): its parts stay in it under the new name. */
export const renameCategory = ({ id, name }: { id: string; name: string }) =>
  api.patch<z.infer<typeof modifiedAnswerSchema>>(`/categories/${encodeURIComponent(id)}`, { body: { name } });

/** DELETE /categories/{id} (admin): 409 while it holds parts. */
export const deleteCategory = (id: string) => api.delete<z.infer<typeof deletedAnswerSchema>>(`/categories/${encodeURIComponent(id)}`);

/** POST /categories/{id}/move (admin): every part of the category goes to the category `to`; answers how many moved. */
export const moveCategoryParts = ({ id, to }: { id: string } & CategoryMove) =>
  api.post<z.infer<typeof modifiedAnswerSchema>>(`/categories/${encodeURIComponent(id)}/move`, { body: { to } });

/** The category list, and every product view that names a category, are read again after a change. */
function useCategoryMutation<Input, Answer>(mutationFn: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => invalidateCatalogue(queryClient),
  });
}

export const useAddCategory = () => useCategoryMutation(addCategory);
export const useRenameCategory = () => useCategoryMutation(renameCategory);
export const useDeleteCategory = () => useCategoryMutation(deleteCategory);
export const useMoveCategoryParts = () => useCategoryMutation(moveCategoryParts);
