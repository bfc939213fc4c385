import { TaxesPage } from '@/features/admin-settings/components/taxes-page';
import { Authorization } from '@/lib/auth';

/** /dashbord/taxes: admins only. */
export function TaxesRoute() {
  return (
    <Authorization allow="admin">
      <TaxesPage />
    </Authorization>
  );
}
