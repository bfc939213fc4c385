import { SalesPage } from '@/features/admin-sales/components/sales-page';
import { Authorization } from '@/lib/auth';

/** /dashbord/sales: admins only. */
export function SalesRoute() {
  return (
    <Authorization allow="admin">
      <SalesPage />
    </Authorization>
  );
}
