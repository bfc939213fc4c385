import type { Review } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { REVIEWS_QUERY_ROOT } from './reviews-query-root';

/** Rows per page of Manage Reviews. */
export const REVIEW_PAGE_SIZE = 20;

/**
 * GET /getreviews?page&size: one page, newest first. With an admin's token (the api client sends
 * it) each review carries its author's email.
 */
export const getReviewPage = ({ page, size, signal }: { page: number; size: number; signal?: AbortSignal }) =>
  api.get<Review[]>(`/getreviews?${new URLSearchParams({ page: String(page), size: String(size) })}`, { signal });

export const getReviewPageQueryOptions = (page: number, size: number = REVIEW_PAGE_SIZE) =>
  queryOptions({
    queryKey: [REVIEWS_QUERY_ROOT, 'page', { page, size }],
    queryFn: ({ signal }) => getReviewPage({ page, size, signal }),
  });

/** Keeps the previous page on screen while the next one loads, so the table does not jump. */
export const useReviewPage = (page: number, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getReviewPageQueryOptions(page), placeholderData: keepPreviousData, enabled });
