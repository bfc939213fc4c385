import { ActivityPage } from '@/features/admin-activity/components/activity-page';
import { dashboardAccess } from '@/lib/access';
import { Authorization } from '@/lib/auth';

/** /dashbord/activity: admins only. */
export function ActivityRoute() {
  return (
    <Authorization allow={dashboardAccess.activity}>
      <ActivityPage />
    </Authorization>
  );
}
