import { ManageVehiclesPage } from '@/features/admin-vehicles/components/manage-vehicles-page';
import { Authorization } from '@/lib/auth';

/** /dashbord/manageVehicles: admins only. */
export function ManageVehiclesRoute() {
  return (
    <Authorization allow="admin">
      <ManageVehiclesPage />
    </Authorization>
  );
}
