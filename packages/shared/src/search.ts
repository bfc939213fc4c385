import { SEARCH_TEXT_MAX } from './constants.js';

/**
 * The search's sorts and words (SPEC-2 section 4), apart from its schemas (schemas/search.ts), so
 * the search page loads without zod.
 */
export const SEARCH_SORTS = ['relevance', 'price-asc', 'price-desc', 'newest'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
/** SPEC-2 section 4: the 'Sort by' options. */
export const SEARCH_SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Relevance',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  newest: 'Newest',
};

export const searchMessages = {
  textTooLong: `Search text must be at most ${SEARCH_TEXT_MAX} characters`,
  sortUnknown: `sort must be one of ${SEARCH_SORTS.join(', ')}`,
  inStockFlag: 'inStock must be true or false',
} as const;
