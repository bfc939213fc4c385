import { productsCopy as copy } from '../copy';

export interface PaginationProps {
  pageCount: number;
  /** Zero-based, as the API counts pages; buttons are numbered from 1. */
  currentPage: number;
  onPageChange: (page: number) => void;
}

export function Pagination({ pageCount, currentPage, onPageChange }: PaginationProps) {
  if (pageCount < 1) return null;
  return (
    <nav aria-label={copy.paginationLabel}>
      <ul className="flex flex-wrap justify-center gap-2">
        {Array.from({ length: pageCount }, (_, page) => {
          const isCurrent = page === currentPage;
          return (
            <li key={page}>
              <button
                type="button"
                className={`btn min-w-12 ${isCurrent ? 'btn-active btn-neutral' : 'btn-outline'}`}
                aria-current={isCurrent ? 'page' : undefined}
                onClick={() => {
                  if (!isCurrent) onPageChange(page);
                }}
              >
                {page + 1}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
