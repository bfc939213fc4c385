import { TOAST_AUTO_CLOSE_MS } from '@shop/shared';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';

export const cartNoticeCopy = {
  /** SPEC-2 section 5's toast. */
  added: 'Added to Cart',
  viewCart: 'View cart',
  checkout: 'Checkout',
  close: 'Close',
} as const;

type Notice = { id: number; kind: 'added'; part: string } | { id: number; kind: 'failed'; message: string };
type NewNotice = { kind: 'added'; part: string } | { kind: 'failed'; message: string };

// One notice at a time, raised by any Add to Cart button and shown by the one host in the page
// frame. It is part of the first script: the toast library loads only later, and a slow phone
// would wait for it.
let current: Notice | null = null;
let lastId = 0;
const listeners = new Set<() => void>();
const publish = (notice: Notice | null) => {
  current = notice;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Says that a part went into the cart (with the ways on), or why it did not; replaces the notice shown. */
export function showCartNotice(notice: NewNotice): void {
  publish({ ...notice, id: ++lastId });
}

/**
 * SPEC-2's 'Added to Cart' with 'View cart' and 'Checkout', at the bottom of the screen, so it
 * never covers the header (the cart link, the search, the menu). It closes after SPEC's 5000 ms,
 * not while the pointer or the focus is on it, with Escape or Close, and when the page changes.
 * Rendered once, in the page frame.
 */
export function CartNotice() {
  const notice = useSyncExternalStore(subscribe, () => current, () => null);
  // A notice belongs to the page it was raised on: none is left for the next one mounted.
  useEffect(() => () => publish(null), []);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex justify-center px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:justify-end sm:px-4 sm:pb-4"
    >
      {notice && <NoticeCard key={notice.id} notice={notice} />}
    </div>
  );
}

function NoticeCard({ notice }: { notice: Notice }) {
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  const [held, setHeld] = useState({ pointer: false, focus: false });
  const close = () => {
    if (current?.id === notice.id) publish(null);
  };
  const paused = held.pointer || held.focus;

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => {
      if (current?.id === notice.id) publish(null);
    }, TOAST_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [paused, notice.id]);

  useEffect(() => {
    if (pathname !== shownOn.current && current?.id === notice.id) publish(null);
  }, [pathname, notice.id]);

  return (
    <div
      data-testid="cart-notice"
      className="pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-box border border-base-300 bg-base-100 p-4 shadow-lg"
      onPointerEnter={() => setHeld((state) => ({ ...state, pointer: true }))}
      onPointerLeave={() => setHeld((state) => ({ ...state, pointer: false }))}
      onFocus={() => setHeld((state) => ({ ...state, focus: true }))}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setHeld((state) => ({ ...state, focus: false }));
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        {notice.kind === 'added' ? (
          <>
            <p>
              <span className="block font-semibold text-green-800">{cartNoticeCopy.added}</span>
              <span className="block text-sm wrap-anywhere">{notice.part}</span>
            </p>
            <div className="flex flex-wrap gap-2">
              <Link to={paths.cart.getHref()} className="btn btn-outline btn-sm" onClick={close}>
                {cartNoticeCopy.viewCart}
              </Link>
              <Link to={paths.checkout.getHref()} className="btn btn-primary btn-sm" onClick={close}>
                {cartNoticeCopy.checkout}
              </Link>
            </div>
          </>
        ) : (
          <p className="font-medium text-red-700">{notice.message}</p>
        )}
      </div>
      <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label={cartNoticeCopy.close} onClick={close}>
        <span aria-hidden="true" className="text-lg leading-none">
          ×
        </span>
      </button>
    </div>
  );
}
