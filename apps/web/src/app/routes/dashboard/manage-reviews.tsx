import { ManageReviewsPage } from '@/features/admin-reviews/components/manage-reviews-page';
import { Authorization } from '@/lib/auth';

/** /dashbord/manageReview: admins only. */
export function ManageReviewsRoute() {
  return (
    <Authorization allow="admin">
      <ManageReviewsPage />
    </Authorization>
  );
}
