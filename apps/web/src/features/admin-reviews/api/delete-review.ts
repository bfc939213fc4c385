import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { REVIEWS_QUERY_ROOT } from './reviews-query-root';

export interface DeletedAnswer {
  acknowledged: boolean;
  deletedCount: number;
}

/** DELETE /review/{id} (its author or an admin). */
export const deleteReview = (id: string) => api.delete<DeletedAnswer>(`/review/${encodeURIComponent(id)}`);

export const useDeleteReview = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    // Settled: a 404 means it was already gone, and the lists are out of date either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [REVIEWS_QUERY_ROOT] }),
  });
};
