import { ManageDiscountsPage } from '@/features/admin-discounts/components/manage-discounts-page';
import { Authorization } from '@/lib/auth';

/** /dashbord/discounts: admins only. */
export function DiscountsRoute() {
  return (
    <Authorization allow="admin">
      <ManageDiscountsPage />
    </Authorization>
  );
}
