import type { Review } from '@shop/shared';
import { useState } from 'react';
import { useProductReviews } from '@/api/reviews/get-product-reviews';
import { useSettings } from '@/api/settings/get-settings';
import { Avatar } from '@/components/ui/avatar';
import { ErrorPanel } from '@/components/ui/error-panel';
import { Stars } from '@/components/ui/stars';
import { capitalizeFirst } from '@/utils/format';
import { partCopy } from '../copy';
import { PhotoDialog } from './photo-dialog';

const copy = partCopy.reviews;

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * A review's day, e.g. '23 Nov 2026', in the shop's time zone: the server's page and every
 * browser, wherever it is, show the same day. In UTC until the shop's zone is known.
 */
function shopDay(isoTimestamp: string, timeZone = 'UTC'): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone });
    } catch {
      // A zone this browser does not know.
      return shopDay(isoTimestamp);
    }
    dayFormats.set(timeZone, format);
  }
  return format.format(new Date(isoTimestamp));
}

/** The part's reviews (SPEC-2 section 2): average and count, then the reviews newest first, more on demand. */
export function PartReviews({ productId }: { productId: string }) {
  const reviews = useProductReviews(productId);
  const timeZone = useSettings().data?.timeZone;
  const pages = reviews.data?.pages ?? [];
  const first = pages[0];
  return (
    <section aria-labelledby="part-reviews" className="flex flex-col gap-4 border-t border-base-300 pt-6">
      <h2 id="part-reviews" className="text-2xl font-bold">
        {copy.heading}
      </h2>
      {reviews.status === 'error' && !first ? (
        <ErrorPanel message={copy.loadFailed} retryLabel={copy.retry} onRetry={() => void reviews.refetch()} isRetrying={reviews.isRefetching} />
      ) : !first ? (
        <div className="skeleton h-24 w-full" aria-hidden="true" />
      ) : first.total === 0 ? (
        <div className="flex flex-col gap-1">
          <p className="text-lg font-medium">{copy.none}</p>
          <p className="text-sm text-base-content/70">{copy.howTo}</p>
        </div>
      ) : (
        <>
          <p className="flex flex-wrap items-center gap-2 text-lg" data-testid="part-rating">
            <Stars value={first.average} className="size-6" />
            <span className="font-semibold">{copy.average(first.average)}</span>
            <span className="text-base-content/70">{copy.count(first.total)}</span>
          </p>
          <ul className="flex flex-col gap-4">
            {pages.flatMap((page) => page.reviews).map((review) => (
              <li key={review._id}>
                <PartReview review={review} timeZone={timeZone} />
              </li>
            ))}
          </ul>
          {reviews.hasNextPage && (
            <button type="button" className="btn btn-outline self-start" disabled={reviews.isFetchingNextPage} onClick={() => void reviews.fetchNextPage()}>
              {reviews.isFetchingNextPage && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {copy.more}
            </button>
          )}
        </>
      )}
    </section>
  );
}

function PartReview({ review, timeZone }: { review: Review; timeZone: string | undefined }) {
  const [enlarged, setEnlarged] = useState(false);
  return (
    <article className="flex gap-4 rounded-box border border-base-300 p-4">
      {review.img ? (
        <button type="button" className="size-12 shrink-0 cursor-zoom-in rounded-full" aria-label={copy.enlargePhoto(review.name)} onClick={() => setEnlarged(true)}>
          <Avatar src={review.img} name={review.name} size={48} />
        </button>
      ) : (
        // No photo to enlarge (a deleted account's review keeps none): the reviewer's initial.
        <Avatar src={null} name={review.name} size={48} />
      )}
      {enlarged && <PhotoDialog photos={[review.img]} start={0} alt={copy.photoTitle(review.name)} title={() => copy.photoTitle(review.name)} onClose={() => setEnlarged(false)} />}
      <div className="flex min-w-0 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-semibold capitalize wrap-anywhere">{review.name}</span>
          <span className="flex items-center gap-1" aria-label={copy.rated(review.ratings)} role="img">
            <Stars value={Number(review.ratings)} className="size-4" />
          </span>
          {review.verified && <span className="badge badge-success badge-sm">{copy.verified}</span>}
          {review.createdAt && (
            <time dateTime={review.createdAt} className="text-sm text-base-content/70">
              {shopDay(review.createdAt, timeZone)}
            </time>
          )}
        </p>
        <p className="wrap-anywhere">{capitalizeFirst(review.review)}</p>
      </div>
    </article>
  );
}
