import { AddReviewPage } from '@/features/reviews/components/add-review-page';
import { Authorization } from '@/lib/auth';

/** /dashbord/addreview: customers only. */
export function AddReviewRoute() {
  return (
    <Authorization allow="user">
      <AddReviewPage />
    </Authorization>
  );
}
