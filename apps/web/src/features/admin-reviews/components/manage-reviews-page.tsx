import type { Review } from '@shop/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageLoader } from '@/components/ui/page-loader';
import { Pager } from '@/components/ui/pager';
import { isApiError } from '@/lib/api-client';
import { pageSearchParams, parsePageParam } from '@/lib/page-param';
import { toast } from '@/lib/toast';
import { useDeleteReview } from '../api/delete-review';
import { REVIEW_PAGE_SIZE, useReviewPage } from '../api/get-review-page';
import { adminReviewsCopy as copy } from '../copy';
import { ReviewsTable } from './reviews-table';

/** The admin's list of reviews, newest first, a page at a time, each with Delete. */
export function ManageReviewsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get('page'));
  const reviews = useReviewPage(page);
  // Whether older reviews exist is known by asking for them; that also makes 'Older' instant.
  const older = useReviewPage(page + 1, { enabled: reviews.data?.length === REVIEW_PAGE_SIZE && !reviews.isPlaceholderData });
  const hasOlder = reviews.data?.length === REVIEW_PAGE_SIZE && (older.data?.length ?? 0) > 0;
  const deleteReview = useDeleteReview();
  const [confirming, setConfirming] = useState<Review | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);

  const changePage = (next: number) => setSearchParams(pageSearchParams(next));

  const remove = async (review: Review) => {
    setConfirming(null);
    setDeletingId(review._id);
    try {
      const { deletedCount } = await deleteReview.mutateAsync(review._id);
      if (deletedCount > 0) toast.success(copy.deleted);
      else toast.error(copy.deleteFailed);
    } catch (error) {
      toast.error(isApiError(error) ? error.message : copy.deleteFailed);
    } finally {
      setDeletingId(null);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <title>{copy.documentTitle}</title>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-3xl font-bold">{copy.heading}</h1>
        <p className="text-base-content/80">{copy.intro}</p>
      </div>
      {reviews.isPending ? (
        <PageLoader label={copy.loading} />
      ) : reviews.isError ? (
        <ErrorPanel message={copy.loadFailed} retryLabel={copy.retry} onRetry={() => void reviews.refetch()} isRetrying={reviews.isRefetching} />
      ) : (
        <>
          {reviews.data.length === 0 ? (
            <p className="rounded-box border border-base-300 bg-base-100 p-10 text-center">{page === 0 ? copy.empty : copy.pageEmpty}</p>
          ) : (
            <ReviewsTable
              reviews={reviews.data}
              firstIndex={page * REVIEW_PAGE_SIZE + 1}
              onDelete={setConfirming}
              deletingId={deletingId}
            />
          )}
          <Pager page={page} hasNext={hasOlder} onPageChange={changePage} labels={copy.pager} disabled={reviews.isPlaceholderData} />
        </>
      )}
      <ConfirmDialog
        open={confirming !== null}
        heading={copy.confirm.heading}
        text={confirming ? copy.confirm.text(confirming.name) : ''}
        confirmLabel={copy.confirm.confirm}
        cancelLabel={copy.confirm.cancel}
        onConfirm={() => {
          if (confirming) void remove(confirming);
        }}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
