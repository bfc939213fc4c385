import { ManageProductsPage } from '@/features/admin-products/components/manage-products-page';
import { Authorization } from '@/lib/auth';

/** /dashbord/manageProducts: admins only. */
export function ManageProductsRoute() {
  return (
    <Authorization allow="admin">
      <ManageProductsPage />
    </Authorization>
  );
}
