import { SEARCH_PAGE_SIZE, SEARCH_SORTS, SEARCH_TEXT_MAX, type SearchSort } from '@shop/shared';
import { pageSearchParams, parsePageParam } from '@/utils/page-param';

/** What the /search page shows, all of it in the address: text, filters, sort and page. */
export interface SearchState {
  q: string;
  category: string;
  brand: string;
  inStock: boolean;
  sort: SearchSort;
  /** Zero-based; one-based in the address. */
  page: number;
}

const isSort = (value: string | null): value is SearchSort => SEARCH_SORTS.includes(value as SearchSort);

export function readSearchState(params: URLSearchParams): SearchState {
  const sort = params.get('sort');
  return {
    q: (params.get('q') ?? '').slice(0, SEARCH_TEXT_MAX),
    category: params.get('category') ?? '',
    brand: params.get('brand') ?? '',
    inStock: params.get('inStock') === 'true',
    sort: isSort(sort) ? sort : 'relevance',
    page: parsePageParam(params.get('page')),
  };
}

/** The page's address for a state: defaults left out, so a plain search reads `/search?q=oil`. */
export function searchStateParams(state: SearchState): Record<string, string> {
  return {
    ...(state.q ? { q: state.q } : {}),
    ...(state.category ? { category: state.category } : {}),
    ...(state.brand ? { brand: state.brand } : {}),
    ...(state.inStock ? { inStock: 'true' } : {}),
    ...(state.sort !== 'relevance' ? { sort: state.sort } : {}),
    ...pageSearchParams(state.page),
  };
}

/** The API's query for a state: its page zero-based, in pages of twelve. */
export function searchApiParams(state: SearchState): Record<string, string> {
  return { ...searchStateParams({ ...state, page: 0 }), ...(state.page > 0 ? { page: String(state.page) } : {}), size: String(SEARCH_PAGE_SIZE) };
}
