import { pagerLabels } from '@/components/ui/pager';

/** Every text of the search box and the search page. SPEC-2 strings are verbatim. */
export const searchCopy = {
  box: 'Search parts',
  submit: 'Search',
  documentTitle: (q: string) => (q ? `Results for "${q}" | Moto Parts` : 'Search parts | Moto Parts'),
  resultsFor: (q: string) => `Results for "${q}"`,
  allParts: 'All parts',
  count: (n: number) => `${n} ${n === 1 ? 'part' : 'parts'}`,
  filters: 'Filters',
  /** Said for the number on the 'Filters' button. */
  filtersOn: (n: number) => `(${n} ${n === 1 ? 'filter' : 'filters'} on)`,
  showParts: (n: number) => `Show ${n} ${n === 1 ? 'part' : 'parts'}`,
  showResults: 'Show results',
  category: 'Category',
  allCategories: 'All categories',
  brand: 'Brand',
  allBrands: 'All brands',
  facetValue: (value: string, count: number) => `${value} (${count})`,
  inStockOnly: 'In stock only',
  sortBy: 'Sort by',
  noHits: (q: string) => `No parts found for "${q}"`,
  noMatch: 'No parts match these filters.',
  /** With a bike: nothing found fits it, but parts without fitment data might. */
  noneConfirmed: (q: string, bike: string) => (q ? `No part found for "${q}" is confirmed for your ${bike} yet.` : `No parts here are confirmed for your ${bike} yet.`),
  /** With a bike: parts were found, and all of them fit other bikes. */
  noneFit: (q: string, bike: string) => (q ? `None of the parts found for "${q}" fit your ${bike}.` : `None of these parts fit your ${bike}.`),
  moreUnconfirmed: (count: number, model: string) =>
    count === 1 ? `1 more part matches but is not confirmed for your ${model}` : `${count} more parts match but are not confirmed for your ${model}`,
  showUnconfirmed: 'Show unconfirmed parts',
  noneUnconfirmed: (model: string) => `Every part found here is confirmed for your ${model} or ruled out.`,
  backToFitting: (model: string) => `Back to the parts that fit your ${model}`,
  showAll: 'Show all parts',
  clearFilters: 'Clear filters',
  pageEmpty: 'There are no parts on this page.',
  firstPage: 'Go to the first page',
  browseCategories: 'Browse the categories',
  loading: 'Searching',
  loadError: 'Sorry, the search could not be completed.',
  retry: 'Search again',
  pages: pagerLabels('Result pages'),
} as const;
