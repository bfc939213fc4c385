import { HOME_REVIEWS, type Review } from '@shop/shared';
import { Avatar } from '@/components/ui/avatar';
import { Stars } from '@/components/ui/stars';
import { capitalizeFirst } from '@/utils/format';
import { homeCopy } from '../copy';

const copy = homeCopy.reviews;
const MAX_STARS = 5;

/** The server lists reviews oldest first; the home page shows the newest first. */
export const newestFirst = (reviews: readonly Review[], limit: number = HOME_REVIEWS): Review[] =>
  [...reviews].reverse().slice(0, limit);

/** Ratings are free text; a whole or decimal number from 1 to 5 also gets stars. */
const starCount = (ratings: string): number | null => {
  const value = Number(ratings.trim());
  return ratings.trim() !== '' && Number.isFinite(value) && value >= 1 && value <= MAX_STARS ? Math.round(value) : null;
};

interface ReviewListProps {
  /** Oldest first, as the API answers. */
  reviews: readonly Review[];
}

export function ReviewList({ reviews }: ReviewListProps) {
  if (reviews.length === 0) return <p className="text-center">{copy.empty}</p>;
  return (
    <ul className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      {newestFirst(reviews).map((review) => (
        <li key={review._id}>
          <ReviewCard review={review} />
        </li>
      ))}
    </ul>
  );
}

function ReviewCard({ review }: { review: Review }) {
  const stars = starCount(review.ratings);
  return (
    <figure className="card h-full border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body items-center gap-4 text-center">
        <div className="avatar">
          <div className="w-20 rounded-full ring-2 ring-base-300 ring-offset-2 ring-offset-base-100">
            <Avatar src={review.img} name={review.name} size={80} alt={review.name} />
          </div>
        </div>
        <blockquote className="max-w-full wrap-anywhere">{capitalizeFirst(review.review)}</blockquote>
        <figcaption className="mt-auto flex flex-col items-center gap-1">
          <span className="max-w-full text-lg font-semibold capitalize wrap-anywhere" data-testid="review-name">
            {review.name}
          </span>
          <span className="flex items-center gap-2">
            {stars !== null && <Stars value={stars} />}
            <span>{copy.ratings(review.ratings)}</span>
          </span>
        </figcaption>
      </div>
    </figure>
  );
}
