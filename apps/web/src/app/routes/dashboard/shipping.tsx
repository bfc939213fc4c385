import { ManageShippingPage } from '@/features/admin-shipping/components/manage-shipping-page';
import { dashboardAccess } from '@/lib/access';
import { Authorization } from '@/lib/auth';

/** /dashbord/shipping: admins only. */
export function ShippingRoute() {
  return (
    <Authorization allow={dashboardAccess.shipping}>
      <ManageShippingPage />
    </Authorization>
  );
}
