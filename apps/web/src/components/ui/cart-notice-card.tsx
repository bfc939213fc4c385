import { TOAST_AUTO_CLOSE_MS } from '@shop/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { closeCartNotice, type Notice } from './cart-notice-store';

export const cartNoticeCopy = {
  /** SPEC-2 section 5's toast. */
  added: 'Added to Cart',
  viewCart: 'View cart',
  checkout: 'Checkout',
  close: 'Close',
} as const;

/** One notice: its script loads as the visitor reaches for an Add to Cart button (see cart-notice). */
export function NoticeCard({ notice }: { notice: Notice }) {
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  const [held, setHeld] = useState({ pointer: false, focus: false });
  const close = () => closeCartNotice(notice.id);
  const paused = held.pointer || held.focus;

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => closeCartNotice(notice.id), TOAST_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [paused, notice.id]);

  useEffect(() => {
    if (pathname !== shownOn.current) closeCartNotice(notice.id);
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
