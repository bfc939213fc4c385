import { SettingsPage } from '@/features/admin-settings/components/settings-page';
import { dashboardAccess } from '@/lib/access';
import { Authorization } from '@/lib/auth';

/** /dashbord/settings: admins only. */
export function SettingsRoute() {
  return (
    <Authorization allow={dashboardAccess.settings}>
      <SettingsPage />
    </Authorization>
  );
}
