import { AllUsersPage } from '@/features/admin-users/components/all-users-page';
import { Authorization } from '@/lib/auth';
import { useAuth } from '@/lib/session';

/** /dashbord/makeAdmin: admins only. */
export function MakeAdminRoute() {
  const { user } = useAuth();
  return <Authorization allow="admin">{user && <AllUsersPage currentEmail={user.email} />}</Authorization>;
}
