import { ImportProductsPage } from '@/features/admin-import/components/import-products-page';
import { Authorization } from '@/lib/auth';

/** /dashbord/importProducts: admins only. */
export function ImportProductsRoute() {
  return (
    <Authorization allow="admin">
      <ImportProductsPage />
    </Authorization>
  );
}
