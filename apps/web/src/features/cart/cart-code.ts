import { createBrowserStore } from '@/stores/browser-store';

/**
 * The discount code applied in the cart, kept for this visit (session storage): it stays through
 * a reload and through signing in on the way to checkout, /checkout starts with it, and a placed
 * checkout lets it go. The shop checks it on every quote, so whatever is stored is only a wish.
 */
const cartCode = createBrowserStore<string | null>({
  key: 'cart-discount-code',
  storage: 'session',
  empty: null,
  parse: (stored) => (typeof stored === 'string' && stored.trim() !== '' ? stored : null),
  isEmpty: (code) => code === null,
});

/** The cart's code, re-rendering when it changes. */
export const useCartCode = cartCode.useValue;
/** Applies a code to the cart (null: none). */
export const setCartCode = cartCode.set;
