import { AllUsersPage } from '@/features/admin-users/components/all-users-page';
import { dashboardAccess } from '@/lib/access';
import { Authorization } from '@/lib/auth';
import { useAuth } from '@/lib/session';

/** /dashbord/makeAdmin: admins only. */
export function MakeAdminRoute() {
  const { user } = useAuth();
  return <Authorization allow={dashboardAccess.makeAdmin}>{user && <AllUsersPage currentEmail={user.email} />}</Authorization>;
}
