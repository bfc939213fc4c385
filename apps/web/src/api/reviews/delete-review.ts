import type { deletedAnswerSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /review/{id} (its author or an admin). */
export const deleteReview = (id: string) => api.delete<z.infer<typeof deletedAnswerSchema>>(`/review/${encodeURIComponent(id)}`);

export const useDeleteReview = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    // Settled: a 404 means it was already gone, and every list of reviews is out of date either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
  });
};
