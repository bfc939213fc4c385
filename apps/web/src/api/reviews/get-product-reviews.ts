import type { ProductReviews } from '@shop/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const PRODUCT_REVIEWS_PAGE = 5;

/** GET /products/{id}/reviews?page&size: one page of a part's reviews, newest first, with their count and average. */
export const getProductReviews = (productId: string, page: number, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<ProductReviews>(`/products/${encodeURIComponent(productId)}/reviews?page=${page}&size=${PRODUCT_REVIEWS_PAGE}`, { signal });

/** A part's reviews, a page at a time: 'More reviews' adds the next page under the ones shown. */
export const useProductReviews = (productId: string) =>
  useInfiniteQuery({
    queryKey: queryKeys.reviews.product(productId),
    queryFn: ({ pageParam, signal }) => getProductReviews(productId, pageParam, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (pages.length * PRODUCT_REVIEWS_PAGE < last.total ? pages.length : undefined),
  });
