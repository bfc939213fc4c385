import { ManageVehiclesPage } from '@/features/admin-vehicles/components/manage-vehicles-page';
import { dashboardAccess } from '@/lib/access';
import { Authorization } from '@/lib/auth';

/** /dashbord/manageVehicles: staff and admins. */
export function ManageVehiclesRoute() {
  return (
    <Authorization allow={dashboardAccess.manageVehicles}>
      <ManageVehiclesPage />
    </Authorization>
  );
}
