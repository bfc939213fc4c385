import type { Review } from '@shop/shared';
import { responsiveTable } from '@/components/ui/responsive-table';
import { adminReviewsCopy } from '../copy';

const copy = adminReviewsCopy;
const { columns } = copy;
const cell = responsiveTable.cell;

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
  return (
    <div className={responsiveTable.frame}>
      <table role="table" className={`${responsiveTable.table} sm:min-w-3xl`} aria-label={copy.tableLabel}>
        <thead role="rowgroup" className={responsiveTable.head}>
          <tr role="row">
            <th role="columnheader" scope="col">
              {columns.index}
            </th>
            <th role="columnheader" scope="col">
              {columns.name}
            </th>
            <th role="columnheader" scope="col">
              {columns.email}
            </th>
            <th role="columnheader" scope="col">
              {columns.review}
            </th>
            <th role="columnheader" scope="col">
              {columns.ratings}
            </th>
            <th role="columnheader" scope="col">
              {columns.manage}
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" className={responsiveTable.body}>
          {reviews.map((review, index) => {
            const busy = deletingId === review._id;
            return (
              <tr role="row" key={review._id} className={responsiveTable.row} aria-busy={busy || undefined}>
                <th role="rowheader" scope="row" className={`${cell} tabular-nums`} data-label={columns.index}>
                  {firstIndex + index}
                </th>
                <td role="cell" className={cell} data-label={columns.name}>
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
                    <span className="font-medium break-words sm:max-w-48 sm:min-w-24">{review.name}</span>
                  </div>
                </td>
                <td role="cell" className={`${cell} break-all sm:break-normal sm:whitespace-nowrap`} data-label={columns.email}>
                  {review.email ?? <span className="text-base-content/70">{copy.noEmail}</span>}
                </td>
                <td role="cell" className={`${cell} break-words whitespace-pre-line sm:max-w-md sm:min-w-64`} data-label={columns.review}>
                  {review.review}
                </td>
                <td role="cell" className={`${cell} tabular-nums`} data-label={columns.ratings}>
                  {review.ratings}
                </td>
                <td role="cell" className={cell} data-label={columns.manage}>
                  <button
                    type="button"
                    // Outline in red-700: the theme's error colour is too light for text on white.
                    className="btn btn-outline btn-sm border-red-700 text-red-700 hover:bg-red-700 hover:text-white"
                    disabled={busy}
                    onClick={() => onDelete(review)}
                  >
                    {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                    {copy.delete}{' '}
                    <span className="sr-only">{copy.deleteFor(review.name)}</span>
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
