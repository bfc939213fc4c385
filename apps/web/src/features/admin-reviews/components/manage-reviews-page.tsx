import type { Review } from '@shop/shared';
import { useDeleteReview } from '@/api/reviews/delete-review';
import { useReviewPage } from '@/api/reviews/get-review-page';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { QueryView } from '@/components/ui/query-view';
import { TableSearch } from '@/components/ui/table-search';
import { parsePageParam, withPage } from '@/utils/page-param';
import { useConfirmedDelete } from '@/hooks/use-confirmed-action';
import { useSearchParam } from '@/hooks/use-search-param';
import { adminReviewsCopy as copy } from '../copy';
import { ReviewsTable } from './reviews-table';

const REVIEW_PAGE_SIZE = 20;

/** The admin's list of reviews, newest first, a page at a time, each with Delete. */
export function ManageReviewsPage() {
  const [q, setQ, [searchParams, changeParams]] = useSearchParam();
  const page = parsePageParam(searchParams.get('page'));
  const reviews = useReviewPage({ page, size: REVIEW_PAGE_SIZE, q });
  // Whether older reviews exist is known by asking for them; that also makes 'Older' instant.
  const older = useReviewPage(
    { page: page + 1, size: REVIEW_PAGE_SIZE, q },
    { enabled: reviews.data?.length === REVIEW_PAGE_SIZE && !reviews.isPlaceholderData },
  );
  const hasOlder = reviews.data?.length === REVIEW_PAGE_SIZE && (older.data?.length ?? 0) > 0;
  const deleteReview = useDeleteReview();
  const deletion = useConfirmedDelete<Review>((id) => deleteReview.mutateAsync(id), copy);

  const changePage = (next: number) => changeParams((current) => withPage(current, next));

  return (
    <div className="flex flex-col gap-6">
      <title>{copy.documentTitle}</title>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-3xl font-bold">{copy.heading}</h1>
        <p className="text-base-content/80">{copy.intro}</p>
      </div>
      <TableSearch label={copy.search} placeholder={copy.searchPlaceholder} value={q} onSearch={setQ} />
      <QueryView query={reviews} copy={copy}>
        {(rows) => (
          <>
            {rows.length === 0 ? (
              <EmptyState text={q && page === 0 ? copy.noneFound(q) : page === 0 ? copy.empty : copy.pageEmpty} />
            ) : (
              <ReviewsTable reviews={rows} firstIndex={page * REVIEW_PAGE_SIZE + 1} onDelete={deletion.ask} deletingId={deletion.busyKey} />
            )}
            <Pager page={page} hasNext={hasOlder} onPageChange={changePage} labels={copy.pager} disabled={reviews.isPlaceholderData} />
          </>
        )}
      </QueryView>
      <ConfirmDialog {...deletion.dialog} />
    </div>
  );
}
