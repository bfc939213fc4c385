import { ManageCategoriesPage } from '@/features/admin-categories/components/manage-categories-page';
import { dashboardAccess } from '@/lib/access';
import { Authorization } from '@/lib/auth';

/** /dashbord/manageCategories: admins only. */
export function ManageCategoriesRoute() {
  return (
    <Authorization allow={dashboardAccess.manageCategories}>
      <ManageCategoriesPage />
    </Authorization>
  );
}
