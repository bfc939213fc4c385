import { ManageAllOrdersPage } from '@/features/admin-orders/components/manage-all-orders-page';
import { Authorization } from '@/lib/auth';

/** /dashbord/manageAllorders: admins only. */
export function ManageAllOrdersRoute() {
  return (
    <Authorization allow="admin">
      <ManageAllOrdersPage />
    </Authorization>
  );
}
