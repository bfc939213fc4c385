import { ProfilePage } from '@/features/dashboard/components/profile-page';
import { useAuth } from '@/lib/session';

/** /dashbord and /dashbord/myprofile, inside the signed-in guard. */
export function ProfileRoute() {
  const { user } = useAuth();
  return user ? <ProfilePage email={user.email} /> : null;
}
