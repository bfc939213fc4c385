/** Every text the product list and product cards show. SPEC strings are verbatim. */
export const productsCopy = {
  pageTitle: 'All Products',
  documentTitle: 'All Products | Moto Parts',
  purchase: 'Purchase',
  outOfStock: 'Out OF Stock.',
  tryAgain: 'Try Agian',
  available: (quantity: number) => `Available: ${quantity}`,
  minimumOrder: (minimum: number) => `Minimum order: ${minimum}`,
  rating: (average: number, count: number) => `Rated ${average.toFixed(1)} out of 5 from ${count} ${count === 1 ? 'review' : 'reviews'}`,
  loading: 'Loading products',
  loadError: 'Sorry, the products could not be loaded.',
  reload: 'Reload products',
  empty: 'No parts are listed yet. Please check back soon.',
  noneFit: (bike: string) => `No parts for your ${bike} yet.`,
  /** Nothing fits, but parts without fitment data might. */
  noneConfirmed: (bike: string) => `No parts are confirmed for your ${bike} yet.`,
  /** Nothing fits and every part has fitment data: they fit other bikes. */
  noneOfThemFit: (bike: string) => `None of the parts fit your ${bike}.`,
  moreUnconfirmed: (count: number, model: string) =>
    count === 1 ? `1 more part matches but is not confirmed for your ${model}` : `${count} more parts match but are not confirmed for your ${model}`,
  showUnconfirmed: 'Show unconfirmed parts',
  noneUnconfirmed: (model: string) => `Every part here is confirmed for your ${model} or ruled out.`,
  backToFitting: (model: string) => `Back to the parts that fit your ${model}`,
  countsLoading: 'Counting the parts for your bike',
  showAll: 'Show all parts',
  pageEmpty: 'There are no products on this page.',
  backToFirstPage: 'Go to the first page',
  paginationLabel: 'Product pages',
} as const;
