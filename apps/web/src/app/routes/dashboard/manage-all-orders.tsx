import { ManageAllOrdersPage } from '@/features/admin-orders/components/manage-all-orders-page';
import { dashboardAccess } from '@/lib/access';
import { Authorization } from '@/lib/auth';

/** /dashbord/manageAllorders: staff and admins. */
export function ManageAllOrdersRoute() {
  return (
    <Authorization allow={dashboardAccess.manageAllOrders}>
      <ManageAllOrdersPage />
    </Authorization>
  );
}
