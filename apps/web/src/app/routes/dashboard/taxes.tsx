import { TaxesPage } from '@/features/admin-settings/components/taxes-page';
import { dashboardAccess } from '@/lib/access';
import { Authorization } from '@/lib/auth';

/** /dashbord/taxes: admins only. */
export function TaxesRoute() {
  return (
    <Authorization allow={dashboardAccess.taxes}>
      <TaxesPage />
    </Authorization>
  );
}
