import { formatPrice } from '@/utils/format';

/** Every text of the purchase page. SPEC strings are verbatim, spelling included. */
export const purchaseCopy = {
  documentTitle: (name: string) => `Purchase ${name} | Moto Parts`,
  loadingTitle: 'Purchase | Moto Parts',
  loading: 'Loading the part',
  loadFailed: 'This part could not be loaded.',
  retry: 'Try again',
  notFound: {
    documentTitle: 'Part not found | Moto Parts',
    heading: 'Part not found',
    text: 'This part is not in our catalogue, or the link to it is wrong.',
    link: 'See all products',
  },
  price: (price: number) => `${formatPrice(price)} per piece`,
  /** SPEC-3 section 6: a workshop's own price, beside the list price it comes from. */
  tradePrice: 'Your trade price',
  listPrice: (price: number) => `List price ${formatPrice(price)}`,
  available: (quantity: number) => `Available: ${quantity}`,
  minimumOrder: (minimum: number) => `Minimum order: ${minimum}`,
  form: {
    heading: 'Your Order',
    name: 'Name',
    email: 'Email',
    quantity: 'Order Quantity',
    quantityHint: (minimum: number, available: number) => `${minimum} to ${available} pieces`,
    total: 'Total',
    submit: 'Confirm Order',
    outOfStock: 'Out Of Stock',
    failed: 'Your order could not be placed. Please try again.',
  },
  addressNotSaved: 'Your order is placed, but the address could not be saved.',
  ordered: 'Thank You!! Your Order is Wait For Payment.',
} as const;
