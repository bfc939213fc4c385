import { useEffect, useRef, useState } from 'react';
import { type CartPart, useCart } from '@/stores/cart';
import { prefetchCartNotice } from './cart-notice';
import { showCartNotice } from './cart-notice-store';
import { CheckIcon } from './icons';

export const addToCartCopy = {
  add: 'Add to Cart',
  added: 'Added',
  failed: 'The part could not be added to the cart. Please try again.',
} as const;

/**
 * How long the button says the part was added. Taps meanwhile add nothing: a double tap, or a
 * second tap before the first one's answer, is one addition; a tap after it is a deliberate one.
 */
export const ADDED_STATE_MS = 2000;

type State = 'ready' | 'adding' | 'added';

interface AddToCartButtonProps {
  part: CartPart;
  /** Pieces to add: by default the part's minimum for a new line, one more for a line already there. */
  quantity?: number | undefined;
  className?: string;
}

/**
 * SPEC-2 section 5: puts the part in the cart and says so at once, on the button and in the
 * cart notice. Its three labels share one cell, so the button keeps its size whichever shows.
 */
export function AddToCartButton({ part, quantity, className = '' }: AddToCartButtonProps) {
  const cart = useCart();
  const [state, setState] = useState<State>('ready');
  // Set in the tap itself: a second tap of the same moment comes before React has drawn the first.
  const taken = useRef(false);

  useEffect(() => {
    if (state !== 'added') return;
    const timer = setTimeout(() => {
      taken.current = false;
      setState('ready');
    }, ADDED_STATE_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const add = async () => {
    if (taken.current) return;
    taken.current = true;
    setState('adding');
    try {
      await cart.add(part, quantity);
      setState('added');
      showCartNotice({ kind: 'added', part: part.name });
    } catch (error) {
      taken.current = false;
      setState('ready');
      showCartNotice({ kind: 'failed', message: error instanceof Error && error.message ? error.message : addToCartCopy.failed });
    }
  };

  // The labels not shown keep their room but are neither seen nor read.
  const layer = (shown: State) => ({
    className: `col-start-1 row-start-1 inline-flex items-center justify-center gap-1.5 ${state === shown ? '' : 'invisible'}`,
    'aria-hidden': state !== shown,
  });
  return (
    <button
      type="button"
      className={`btn ${className}`}
      onClick={() => void add()}
      // The notice's script is fetched as the visitor reaches for the button, ready for the tap.
      onPointerEnter={prefetchCartNotice}
      onPointerDown={prefetchCartNotice}
      onFocus={prefetchCartNotice}
      // While it says 'Added' it looks as it did (a tap then is simply not counted again).
      aria-disabled={state === 'adding'}
      aria-busy={state === 'adding'}
    >
      <span className="grid">
        <span {...layer('ready')}>
          {addToCartCopy.add}{' '}
          <span className="sr-only"> {part.name}</span>
        </span>
        <span {...layer('adding')}>
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          <span className="sr-only">
            {addToCartCopy.add} {part.name}
          </span>
        </span>
        <span {...layer('added')}>
          <CheckIcon className="size-5" />
          {addToCartCopy.added}{' '}
          <span className="sr-only"> {part.name}</span>
        </span>
      </span>
    </button>
  );
}
