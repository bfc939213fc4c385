import type { MouseEvent } from 'react';
import { Link, type To } from 'react-router';

export interface PagerLabels {
  /** Names the navigation landmark, e.g. 'Product pages'. */
  navigation: string;
  first: string;
  previous: string;
  next: string;
  last: string;
  /** e.g. 'Page 2 of 9'; pageCount is undefined when the total is not known. */
  position: (page: number, pageCount: number | undefined) => string;
}

/** 'Page 2 of 9', or 'Page 2' while the total is not known (or none). */
export const pagePosition = (page: number, pageCount: number | undefined): string => (pageCount ? `Page ${page + 1} of ${pageCount}` : `Page ${page + 1}`);

/** A pager's labels in catalogue order ('First', 'Previous', 'Next', 'Last'), its landmark named `navigation` ('Order pages'). */
export const pagerLabels = (navigation: string): PagerLabels => ({ navigation, first: 'First', previous: 'Previous', next: 'Next', last: 'Last', position: pagePosition });

export interface PagerProps {
  /** Zero-based; shown from 1. */
  page: number;
  /** How many pages there are, when known; otherwise `hasNext` says whether another follows. */
  pageCount?: number | undefined;
  hasNext?: boolean;
  onPageChange: (page: number) => void;
  labels: PagerLabels;
  /** Turns the buttons off while a page is loading. */
  disabled?: boolean;
  /**
   * A page's address, for a list whose page is in it: its buttons are then links, which work
   * without JavaScript and open in a new tab; a plain click is still `onPageChange`.
   */
  pageHref?: (page: number) => To;
}

/** A click the page handles itself; one with a modifier key (a new tab, a new window) is the browser's. */
const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * Previous and next (and first and last when the total is known) for long tables: unlike a row
 * of numbered buttons it stays one line whether there are 3 pages or 3000.
 */
export function Pager({ page, pageCount, hasNext, onPageChange, labels, disabled = false, pageHref }: PagerProps) {
  const knowsTotal = pageCount !== undefined;
  const canGoBack = page > 0;
  const canGoOn = knowsTotal ? page < pageCount - 1 : Boolean(hasNext);
  if (!canGoBack && !canGoOn) return null;

  const className = 'btn join-item btn-sm px-2 sm:btn-md sm:px-4';
  const button = (label: string, target: number, enabled: boolean) =>
    pageHref && enabled ? (
      <Link
        to={pageHref(target)}
        className={disabled ? `${className} btn-disabled` : className}
        aria-disabled={disabled || undefined}
        onClick={(event) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          if (!disabled) onPageChange(target);
        }}
      >
        {label}
      </Link>
    ) : (
      <button type="button" className={className} disabled={disabled || !enabled} onClick={() => onPageChange(target)}>
        {label}
      </button>
    );

  // Tighter buttons on phones: five of them fit in 320 px.
  return (
    <nav aria-label={labels.navigation} className="flex justify-center">
      <div className="join">
        {knowsTotal && button(labels.first, 0, canGoBack)}
        {button(labels.previous, page - 1, canGoBack)}
        <span className="join-item btn btn-sm px-2 sm:btn-md sm:px-4 pointer-events-none bg-base-200 tabular-nums">
          {labels.position(page, pageCount)}
        </span>
        {button(labels.next, page + 1, canGoOn)}
        {knowsTotal && button(labels.last, pageCount - 1, canGoOn)}
      </div>
    </nav>
  );
}
