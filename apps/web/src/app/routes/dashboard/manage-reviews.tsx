import { ManageReviewsPage } from '@/features/admin-reviews/components/manage-reviews-page';
import { dashboardAccess } from '@/lib/access';
import { Authorization } from '@/lib/auth';

/** /dashbord/manageReview: admins only. */
export function ManageReviewsRoute() {
  return (
    <Authorization allow={dashboardAccess.manageReviews}>
      <ManageReviewsPage />
    </Authorization>
  );
}
