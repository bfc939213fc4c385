import { ManageCategoriesPage } from '@/features/admin-categories/components/manage-categories-page';
import { Authorization } from '@/lib/auth';

/** /dashbord/manageCategories: admins only. */
export function ManageCategoriesRoute() {
  return (
    <Authorization allow="admin">
      <ManageCategoriesPage />
    </Authorization>
  );
}
