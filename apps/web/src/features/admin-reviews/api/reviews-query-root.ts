/**
 * SPEC section 7: reviews are cached under the key 'getreviews'. Every list of reviews (the home
 * page's latest, this feature's pages) starts with it, so one invalidation refreshes them all.
 */
export const REVIEWS_QUERY_ROOT = 'getreviews';
