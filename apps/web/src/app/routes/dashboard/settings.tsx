import { SettingsPage } from '@/features/admin-settings/components/settings-page';
import { Authorization } from '@/lib/auth';

/** /dashbord/settings: admins only. */
export function SettingsRoute() {
  return (
    <Authorization allow="admin">
      <SettingsPage />
    </Authorization>
  );
}
