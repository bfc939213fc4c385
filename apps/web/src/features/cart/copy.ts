import { formatOrderNumber } from '@shop/shared';
import { formatPrice } from '@/utils/format';

/** Every text of the cart and checkout pages. SPEC-2 strings are verbatim. */
export const cartCopy = {
  documentTitle: 'Cart | Moto Parts',
  heading: 'Cart',
  loading: 'Loading your cart',
  loadFailed: 'Your cart could not be loaded.',
  retry: 'Try again',
  empty: 'Your cart is empty',
  browse: 'Browse parts',
  tableLabel: 'Parts in your cart',
  columns: { part: 'Part', price: 'Unit price', quantity: 'Quantity', lineTotal: 'Line total', actions: 'Actions' },
  quantityFor: (name: string) => `Quantity for ${name}`,
  remove: 'Remove',
  removed: (name: string) => `${name} was removed from your cart`,
  changeFailed: 'Your cart could not be changed. Please try again.',
  gone: 'This part is no longer sold. Please remove it.',
  repriced: (before: number, now: number) => `Price changed from ${formatPrice(before)} to ${formatPrice(now)}`,
  /** In place of a total built from a quantity the shop cannot sell. */
  totalHidden: 'Total: not shown until every line can be ordered',
  noLineTotal: 'No line total until this line can be ordered',
  onlyInStock: (available: number) => `Only ${available} in stock`,
  setTo: (quantity: number) => `Set to ${quantity}`,
  /** Read after 'Set to {n}' by assistive technology. */
  setToPart: (name: string) => `pieces of ${name}`,
  /** The newest purchase waiting for payment, in place of the empty cart (after a checkout, or in another tab). */
  waiting: (number: number) => `Your order ${formatOrderNumber(number)} is waiting for payment`,
  payNow: 'Pay now',
  checkout: 'Checkout',
  fixFirst: 'Change or remove the lines marked above to check out.',
  signInFirst: 'You will be asked to sign in first; your cart comes with you.',
  checkoutPage: {
    documentTitle: 'Checkout | Moto Parts',
    heading: 'Checkout',
    name: 'Name',
    email: 'Email',
    linesLabel: 'Your order',
    line: (quantity: number, name: string) => `${quantity} x ${name}`,
    submit: 'Place Order',
    backToCart: 'Back to the cart',
    fixInCart: 'Change it in the cart',
    failed: 'Your order could not be placed. Please try again.',
    ordered: 'Thank You!! Your Order is Wait For Payment.',
    addressNotSaved: 'Your order is placed, but the address could not be saved.',
  },
} as const;
