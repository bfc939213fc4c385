import type { Review } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface ReviewPage {
  /** Zero-based. */
  page: number;
  size: number;
  /** The admin's search text; '' for every review. */
  q?: string;
}

/**
 * GET /getreviews?page&size: one page, newest first. With an admin's token (the api client sends
 * it) each review carries its author's email.
 */
export const getReviewPage = ({ page, size, q = '', signal }: ReviewPage & { signal?: AbortSignal }) =>
  api.get<Review[]>(`/getreviews?${new URLSearchParams({ page: String(page), size: String(size), ...(q ? { q } : {}) })}`, { signal });

export const getReviewPageQueryOptions = ({ page, size, q = '' }: ReviewPage) =>
  queryOptions({
    queryKey: queryKeys.reviews.page({ page, size, q }),
    queryFn: ({ signal }) => getReviewPage({ page, size, q, signal }),
  });

/** Keeps the previous page on screen while the next one loads, so the table does not jump. */
export const useReviewPage = (page: ReviewPage, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getReviewPageQueryOptions(page), placeholderData: keepPreviousData, enabled });
