import { SalesPage } from '@/features/admin-sales/components/sales-page';
import { dashboardAccess } from '@/lib/access';
import { Authorization } from '@/lib/auth';

/** /dashbord/sales: admins only. */
export function SalesRoute() {
  return (
    <Authorization allow={dashboardAccess.sales}>
      <SalesPage />
    </Authorization>
  );
}
