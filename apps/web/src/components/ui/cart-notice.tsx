import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { currentNotice, publish, subscribe } from './cart-notice-store';

// The host (its live region) is part of the first script; the card's script is fetched as
// the visitor reaches for a button (prefetchCartNotice), so it is there by the time a part is added.
const loadCard = () => import('./cart-notice-card');
const NoticeCard = lazy(() => loadCard().then((module) => ({ default: module.NoticeCard })));

/** Fetches the notice's script ahead of the tap that shows it. */
export const prefetchCartNotice = (): void => void loadCard();

/**
 * SPEC-2's 'Added to Cart' with 'View cart' and 'Checkout', at the bottom of the screen, so it
 * never covers the header (the cart link, the search, the menu). It closes after SPEC's 5000 ms,
 * not while the pointer or the focus is on it, with Escape or Close, and when the page changes.
 * Rendered once, in the page frame.
 */
export function CartNotice() {
  const notice = useSyncExternalStore(subscribe, currentNotice, () => null);
  // A notice belongs to the page it was raised on: none is left for the next one mounted.
  useEffect(() => () => publish(null), []);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex justify-center px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:justify-end sm:px-4 sm:pb-4"
    >
      {notice && (
        <Suspense fallback={null}>
          <NoticeCard key={notice.id} notice={notice} />
        </Suspense>
      )}
    </div>
  );
}
