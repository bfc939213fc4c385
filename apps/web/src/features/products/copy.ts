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
  pageEmpty: 'There are no products on this page.',
  backToFirstPage: 'Go to the first page',
  paginationLabel: 'Product pages',
} as const;
