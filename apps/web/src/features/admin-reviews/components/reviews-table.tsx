import type { Review } from '@shop/shared';
import { BusyButton, DANGER_OUTLINE } from '@/components/ui/busy-button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { adminReviewsCopy } from '../copy';

const copy = adminReviewsCopy;
const { columns } = copy;

export interface ReviewsTableProps {
  reviews: readonly Review[];
  /** The number of the first row: rows are counted across pages. */
  firstIndex?: number;
  /** Asks to delete; the page confirms before anything happens. */
  onDelete: (review: Review) => void;
  /** The review whose deletion is under way. */
  deletingId?: string | null;
}

/**
 * SPEC's Manage Reviews table: index, Name, Email and a Delete button, with the review itself so
 * the admin can judge it; a card per review on phones. Everything customers wrote is rendered as text.
 */
export function ReviewsTable({ reviews, firstIndex = 1, onDelete, deletingId = null }: ReviewsTableProps) {
  const tableColumns: DataTableColumn<Review>[] = [
    {
      header: columns.name,
      cell: (review) => (
        <div className="flex items-center gap-3">
          {/* The name is next to it; the photo only helps the eye. */}
          <img
            src={review.img}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            decoding="async"
            className="size-10 shrink-0 rounded-full bg-base-200 object-cover"
          />
          <span className="min-w-0 font-medium sm:max-w-48 sm:min-w-24">{review.name}</span>
        </div>
      ),
    },
    {
      header: columns.email,
      className: 'break-all sm:break-normal sm:whitespace-nowrap',
      cell: (review) => review.email ?? <span className="text-base-content/70">{copy.noEmail}</span>,
    },
    { header: columns.review, className: 'whitespace-pre-line sm:max-w-md sm:min-w-64', cell: (review) => review.review },
    { header: columns.ratings, className: 'tabular-nums', cell: (review) => review.ratings },
    {
      header: columns.manage,
      cell: (review) => (
        <BusyButton className={DANGER_OUTLINE} busy={deletingId === review._id} onClick={() => onDelete(review)}>
          {copy.delete} <span className="sr-only">{copy.deleteFor(review.name)}</span>
        </BusyButton>
      ),
    },
  ];
  return (
    <DataTable
      label={copy.tableLabel}
      indexHeader={columns.index}
      firstIndex={firstIndex}
      columns={tableColumns}
      rows={reviews}
      rowKey={(review) => review._id}
      busyKey={deletingId}
      className="sm:min-w-3xl"
    />
  );
}
