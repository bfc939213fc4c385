import { useState } from 'react';
import { type CartPart, useCart } from '@/stores/cart';

export const addToCartCopy = {
  add: 'Add to Cart',
  added: 'Added to Cart',
  failed: 'The part could not be added to the cart. Please try again.',
} as const;

// The toasts' module loads with the first press: the storefront's first script stays without it.
const toastLater = (kind: 'success' | 'error', message: string) => void import('@/lib/toast').then(({ toast }) => toast[kind](message));

interface AddToCartButtonProps {
  part: CartPart;
  /** Pieces to add: by default the part's minimum for a new line, one more for a line already there. */
  quantity?: number | undefined;
  className?: string;
}

/** SPEC-2 section 5: puts the part in the cart and says so. */
export function AddToCartButton({ part, quantity, className = '' }: AddToCartButtonProps) {
  const cart = useCart();
  const [busy, setBusy] = useState(false);
  const add = async () => {
    setBusy(true);
    try {
      await cart.add(part, quantity);
      toastLater('success', addToCartCopy.added);
    } catch (error) {
      toastLater('error', error instanceof Error && error.message ? error.message : addToCartCopy.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={`btn ${className}`} onClick={() => void add()} disabled={busy} aria-busy={busy}>
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {addToCartCopy.add}
      <span className="sr-only"> {part.name}</span>
    </button>
  );
}
