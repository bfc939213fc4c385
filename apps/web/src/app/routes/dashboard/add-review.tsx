import { AddReviewPage } from '@/features/reviews/components/add-review-page';
import { dashboardAccess } from '@/lib/access';
import { Authorization } from '@/lib/auth';

/** /dashbord/addreview: customers and staff (their own). */
export function AddReviewRoute() {
  return (
    <Authorization allow={dashboardAccess.addReview}>
      <AddReviewPage />
    </Authorization>
  );
}
