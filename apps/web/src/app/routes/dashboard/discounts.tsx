import { ManageDiscountsPage } from '@/features/admin-discounts/components/manage-discounts-page';
import { dashboardAccess } from '@/lib/access';
import { Authorization } from '@/lib/auth';

/** /dashbord/discounts: admins only. */
export function DiscountsRoute() {
  return (
    <Authorization allow={dashboardAccess.discounts}>
      <ManageDiscountsPage />
    </Authorization>
  );
}
