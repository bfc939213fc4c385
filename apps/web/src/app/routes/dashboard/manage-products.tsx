import { ManageProductsPage } from '@/features/admin-products/components/manage-products-page';
import { dashboardAccess } from '@/lib/access';
import { Authorization } from '@/lib/auth';

/** /dashbord/manageProducts: staff and admins. */
export function ManageProductsRoute() {
  return (
    <Authorization allow={dashboardAccess.manageProducts}>
      <ManageProductsPage />
    </Authorization>
  );
}
