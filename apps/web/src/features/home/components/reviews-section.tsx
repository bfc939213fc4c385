import { useLatestReviews } from '@/api/reviews/get-latest-reviews';
import { ErrorPanel } from '@/components/ui/error-panel';
import { homeCopy } from '../copy';
import { HOME_SECTION_IDS } from '../section-ids';
import { ReviewList } from './review-list';

const copy = homeCopy.reviews;

export function ReviewsSection() {
  const reviews = useLatestReviews();
  return (
    <section id={HOME_SECTION_IDS.reviews} aria-labelledby="reviews-heading" className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
      <h2 id="reviews-heading" className="text-center text-3xl font-bold sm:text-4xl">
        {copy.heading}
      </h2>
      <div className="mt-10 flex min-h-80 flex-col justify-center">
        {reviews.isPending ? (
          <div className="flex justify-center">
            <span className="loading loading-spinner loading-lg text-primary" role="status" aria-label={copy.loading} />
          </div>
        ) : reviews.isError ? (
          <ErrorPanel
            message={copy.loadError}
            retryLabel={copy.reload}
            onRetry={() => void reviews.refetch()}
            isRetrying={reviews.isRefetching}
          />
        ) : (
          <ReviewList reviews={reviews.data} />
        )}
      </div>
    </section>
  );
}
