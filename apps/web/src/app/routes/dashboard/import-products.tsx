import { ImportProductsPage } from '@/features/admin-import/components/import-products-page';
import { dashboardAccess } from '@/lib/access';
import { Authorization } from '@/lib/auth';

/** /dashbord/importProducts: admins only. */
export function ImportProductsRoute() {
  return (
    <Authorization allow={dashboardAccess.importProducts}>
      <ImportProductsPage />
    </Authorization>
  );
}
