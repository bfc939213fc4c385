import { AddProductPage } from '@/features/admin-products/components/add-product-page';
import { dashboardAccess } from '@/lib/access';
import { Authorization } from '@/lib/auth';

/** /dashbord/addproducts: admins only. */
export function AddProductRoute() {
  return (
    <Authorization allow={dashboardAccess.addProducts}>
      <AddProductPage />
    </Authorization>
  );
}
