import type { CreateReviewInput, insertedAnswerSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /review (signed in): the shop takes the author's name and email from the token. */
export const createReview = (review: Pick<CreateReviewInput, 'review' | 'ratings' | 'img' | 'productId'>) =>
  api.post<z.infer<typeof insertedAnswerSchema>>('/review', { body: review });

export const useCreateReview = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    // The home page's latest reviews include this one now; a part's rating and the orders' 'reviewed' change too.
    onSuccess: (_answer, review) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
        review.productId ? queryClient.invalidateQueries({ queryKey: queryKeys.products.all }) : undefined,
        review.productId ? queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }) : undefined,
      ]),
  });
};
