import type { MouseEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { withPage } from '@/utils/page-param';
import { productsCopy as copy } from '../copy';

export interface PaginationProps {
  pageCount: number;
  /** Zero-based, as the API counts pages; links are numbered from 1. */
  currentPage: number;
  onPageChange: (page: number) => void;
  /** The id of the list's section, on a page that holds more than the list: each page's address leads there. */
  anchor?: string;
}

/** Up to this many pages, every number is shown; beyond, the first, the last and those near the current one. */
const EVERY_PAGE_UP_TO = 15;
const NEAR = 2;

/** The pages to show a number for, in order, with a gap where numbers are left out. */
export function shownPages(pageCount: number, currentPage: number): Array<number | 'gap'> {
  const pages = Array.from({ length: pageCount }, (_, page) => page);
  if (pageCount <= EVERY_PAGE_UP_TO) return pages;
  const kept = pages.filter((page) => page === 0 || page === pageCount - 1 || Math.abs(page - currentPage) <= NEAR);
  return kept.flatMap((page, i) => (i > 0 && page - kept[i - 1]! > 1 ? ['gap' as const, page] : [page]));
}

/** A click the page handles itself; one with a modifier key (a new tab, a new window) is the browser's. */
const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The numbered pages under a list: links to each page's address (with the address's other choices
 * kept), so they work without JavaScript and open in a new tab; a plain click is the page's own change.
 * A long catalogue shows the first, the last and the nearby pages' numbers, not thousands of them.
 */
export function Pagination({ pageCount, currentPage, onPageChange, anchor }: PaginationProps) {
  const [params] = useSearchParams();
  if (pageCount < 1) return null;
  return (
    <nav aria-label={copy.paginationLabel}>
      <ul className="flex flex-wrap justify-center gap-2">
        {shownPages(pageCount, currentPage).map((page, i) => {
          if (page === 'gap') {
            return (
              <li key={`gap-${i}`} aria-hidden="true" className="flex items-center px-1">
                …
              </li>
            );
          }
          const isCurrent = page === currentPage;
          return (
            <li key={page}>
              <Link
                to={{ search: withPage(params, page).toString(), hash: anchor ?? '' }}
                className={`btn min-w-12 ${isCurrent ? 'btn-active btn-neutral' : 'btn-outline'}`}
                aria-current={isCurrent ? 'page' : undefined}
                onClick={(event) => {
                  if (!isPlainClick(event)) return;
                  event.preventDefault();
                  if (!isCurrent) onPageChange(page);
                }}
              >
                {page + 1}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
