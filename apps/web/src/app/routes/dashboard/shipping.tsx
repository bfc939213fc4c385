import { ManageShippingPage } from '@/features/admin-shipping/components/manage-shipping-page';
import { Authorization } from '@/lib/auth';

/** /dashbord/shipping: admins only. */
export function ShippingRoute() {
  return (
    <Authorization allow="admin">
      <ManageShippingPage />
    </Authorization>
  );
}
