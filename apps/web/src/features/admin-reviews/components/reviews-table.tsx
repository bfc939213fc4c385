import type { Review } from '@shop/shared';
import { BusyButton, DANGER_OUTLINE } from '@/components/ui/busy-button';
import { DataTable, type DataTableColumn, type DeletableRowsProps } from '@/components/ui/data-table';
import { Thumbnail } from '@/components/ui/thumbnail';
import { adminReviewsCopy } from '../copy';

const copy = adminReviewsCopy;
const { columns } = copy;

export interface ReviewsTableProps extends DeletableRowsProps<Review> {
  reviews: readonly Review[];
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
          <Thumbnail src={review.img} size={40} shape="round" />
          <span className="min-w-0 font-medium @3xl:max-w-48 @3xl:min-w-24">{review.name}</span>
        </div>
      ),
    },
    {
      header: columns.email,
      // Wraps only where it must (a very long address), so the table keeps to its frame.
      className: '@3xl:max-w-56',
      cell: (review) => review.email ?? <span className="text-base-content/70">{copy.noEmail}</span>,
    },
    { header: columns.review, className: 'whitespace-pre-line @3xl:max-w-md @3xl:min-w-64', cell: (review) => review.review },
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
      fitsFrom="3xl"
    />
  );
}
