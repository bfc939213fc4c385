/** Every text of the Quick order page. SPEC-3 strings are verbatim. */
export const quickOrderCopy = {
  documentTitle: 'Quick order | Moto Parts',
  heading: 'Quick order',
  intro: 'Type or paste part numbers with their quantities, or choose a CSV file of them: the parts go into your cart at your prices.',
  text: 'One part per line: part number and quantity',
  placeholder: 'HF204 x10\nhf-204, 2\nCR9EIX 4',
  file: 'CSV file',
  fileHint: 'columns partNumber and quantity; its lines fill the box above',
  fileUnreadable: 'This file could not be read. Choose a CSV file of part numbers and quantities.',
  submit: 'Add to Cart',
  added: (count: number) => (count === 1 ? '1 part added to your cart' : `${count} parts added to your cart`),
  addedLine: (quantity: number, name: string) => `${quantity} × ${name}`,
  addedLabel: 'Added to your cart',
  viewCart: 'View cart',
  noneAdded: 'Nothing was added to your cart.',
  errorsLabel: 'Lines not added',
  failed: 'Your quick order could not be added. Please try again.',
} as const;
