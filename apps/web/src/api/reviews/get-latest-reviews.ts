import { HOME_REVIEWS, type Review } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /getreviews?latest: the latest reviews, oldest first as the server keeps them. */
export const getLatestReviews = ({ latest, signal }: { latest: number; signal?: AbortSignal }) =>
  api.get<Review[]>(`/getreviews?${new URLSearchParams({ latest: String(latest) })}`, { signal });

export const getLatestReviewsQueryOptions = (latest: number = HOME_REVIEWS) =>
  queryOptions({
    queryKey: queryKeys.reviews.latest(latest),
    queryFn: ({ signal }) => getLatestReviews({ latest, signal }),
  });

export const useLatestReviews = (latest: number = HOME_REVIEWS) => useQuery(getLatestReviewsQueryOptions(latest));
