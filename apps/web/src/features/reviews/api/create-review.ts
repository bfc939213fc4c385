import type { CreateReviewInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface InsertedAnswer {
  acknowledged: boolean;
  insertedId: string;
}

/** SPEC section 7: every list of reviews, the home page's included, is cached under keys starting with 'getreviews'. */
const REVIEWS_QUERY_ROOT = 'getreviews';

/** POST /review (signed in): the shop takes the author's name and email from the token. */
export const createReview = (review: Pick<CreateReviewInput, 'review' | 'ratings' | 'img'>) =>
  api.post<InsertedAnswer>('/review', { body: review });

export const useCreateReview = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    // The home page's latest reviews include this one now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [REVIEWS_QUERY_ROOT] }),
  });
};
