import { ManageReturnsPage } from '@/features/admin-returns/components/manage-returns-page';
import { dashboardAccess } from '@/lib/access';
import { Authorization } from '@/lib/auth';

/** /dashbord/returns: staff and admins. */
export function ManageReturnsRoute() {
  return (
    <Authorization allow={dashboardAccess.returns}>
      <ManageReturnsPage />
    </Authorization>
  );
}
