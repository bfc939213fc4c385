import { AddProductPage } from '@/features/admin-products/components/add-product-page';
import { Authorization } from '@/lib/auth';

/** /dashbord/addproducts: admins only. */
export function AddProductRoute() {
  return (
    <Authorization allow="admin">
      <AddProductPage />
    </Authorization>
  );
}
