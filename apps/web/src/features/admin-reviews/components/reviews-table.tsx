import type { Review } from '@shop/shared';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { BusyButton, DANGER_OUTLINE } from '@/components/ui/busy-button';
import { DataTable, type DataTableColumn, type DeletableRowsProps } from '@/components/ui/data-table';
import { paths } from '@/config/paths';
import { formatDay } from '@/utils/format';
import { adminReviewsCopy } from '../copy';

const copy = adminReviewsCopy;
const { columns } = copy;

export interface ReviewsTableProps extends DeletableRowsProps<Review> {
  reviews: readonly Review[];
}

/** What a review is of: a link to the part's page while the part is in the shop. */
function ReviewedPart({ review }: { review: Review }) {
  if (!review.productId) return <span className="text-base-content/70">{copy.ofTheShop}</span>;
  if (!review.productName) return <span className="text-base-content/70">{copy.partRemoved}</span>;
  return (
    <Link to={paths.part.getHref(review.productId)} className="link">
      {review.productName}
    </Link>
  );
}

const partTitle = (review: Review) => review.productName ?? (review.productId ? copy.partRemoved : copy.ofTheShop);

/**
 * SPEC's Manage Reviews table: index, Name, Email and a Delete button, with the part reviewed, the
 * review itself so the admin can judge it, whether it came from a paid order and its day; one line
 * per review (its text cut short, whole in its tooltip), a card per review on phones. Everything
 * customers wrote is rendered as text.
 */
export function ReviewsTable({ reviews, firstIndex = 1, onDelete, deletingId = null }: ReviewsTableProps) {
  const tableColumns: DataTableColumn<Review>[] = [
    {
      header: columns.name,
      truncate: { width: '9rem', title: (review) => review.name },
      cell: (review) => (
        <>
          {/* The name is next to it; the photo only helps the eye. Both inline, so a long name ends in an ellipsis. */}
          <span className="mr-3 inline-block align-middle">
            <Avatar src={review.img} name={review.name} size={40} />
          </span>
          <span className="font-medium">{review.name}</span>
        </>
      ),
    },
    {
      header: columns.email,
      hideBelow: '5xl',
      truncate: { width: '12rem', title: (review) => review.email ?? copy.noEmail },
      cell: (review) => review.email ?? <span className="text-base-content/70">{copy.noEmail}</span>,
    },
    { header: columns.part, truncate: { width: '8rem', title: partTitle }, cell: (review) => <ReviewedPart review={review} /> },
    { header: columns.review, className: '@max-2xl:whitespace-pre-line', truncate: { width: '10rem', title: (review) => review.review }, cell: (review) => review.review },
    { header: columns.ratings, className: 'tabular-nums', cell: (review) => review.ratings },
    { header: columns.verified, hideBelow: '4xl', cell: (review) => (review.verified ? copy.verifiedBuyer : copy.notVerified) },
    { header: columns.date, hideBelow: '4xl', className: 'tabular-nums', cell: (review) => (review.createdAt ? formatDay(review.createdAt) : '') },
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
      fitsFrom="2xl"
      oneLine
    />
  );
}
