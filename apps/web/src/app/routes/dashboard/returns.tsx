import { ManageReturnsPage } from '@/features/admin-returns/components/manage-returns-page';
import { Authorization } from '@/lib/auth';

/** /dashbord/returns: admins only. */
export function ManageReturnsRoute() {
  return (
    <Authorization allow="admin">
      <ManageReturnsPage />
    </Authorization>
  );
}
