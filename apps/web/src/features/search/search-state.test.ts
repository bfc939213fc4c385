import { describe, expect, it } from 'vitest';
import { readSearchState, searchApiParams, searchStateParams } from './search-state';

describe('search state in the address', () => {
  it('reads every choice, and falls back to the defaults for anything unknown', () => {
    expect(readSearchState(new URLSearchParams('q=oil&category=Filters&brand=HiFlo&inStock=true&sort=price-desc&page=3'))).toEqual({
      q: 'oil',
      category: 'Filters',
      brand: 'HiFlo',
      inStock: true,
      sort: 'price-desc',
      page: 2,
    });
    expect(readSearchState(new URLSearchParams('sort=cheapest&page=-1&inStock=yes'))).toEqual({ q: '', category: '', brand: '', inStock: false, sort: 'relevance', page: 0 });
    expect(readSearchState(new URLSearchParams(`q=${'x'.repeat(300)}`)).q).toHaveLength(200);
  });

  it('writes only what differs from the defaults; the API gets a zero-based page of twelve', () => {
    const state = { q: 'oil', category: '', brand: '', inStock: false, sort: 'relevance' as const, page: 0 };
    expect(searchStateParams(state)).toEqual({ q: 'oil' });
    expect(searchStateParams({ ...state, page: 2, sort: 'newest' })).toEqual({ q: 'oil', sort: 'newest', page: '3' });
    expect(searchApiParams({ ...state, page: 2 })).toEqual({ q: 'oil', page: '2', size: '12' });
  });
});
