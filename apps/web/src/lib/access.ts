import type { adminAnswerSchema } from '@shop/shared';
import type { z } from 'zod';
import { useAdminStatus } from '@/api/users/get-admin-status';
import type { paths } from '@/config/paths';
import { useAuth } from './session';

/** Who the signed-in account is to the dashboard (SPEC-3 section 7). */
export type Viewer = 'customer' | 'staff' | 'admin';

/**
 * Who may open a page: 'everyone' signed in; 'user' a buyer's own pages (customers, and staff,
 * who buy too); 'staff' the shop's counter work (staff and admins); 'admin' admins alone.
 */
export type PageAccess = 'everyone' | 'user' | 'staff' | 'admin';

export type DashboardPage = Exclude<keyof typeof paths.dashboard, 'root'>;

/**
 * The one rule for every dashboard page: its route's guard and the side menu both read it, so a
 * page a viewer may not open is never offered to them. Staff get Manage All Orders, Messages,
 * Returns, Manage Products with Update Product, and Vehicles with their service kits.
 */
export const dashboardAccess = {
  profile: 'everyone',
  payment: 'everyone',
  myOrders: 'user',
  myAddresses: 'user',
  addReview: 'user',
  manageAllOrders: 'staff',
  messages: 'staff',
  returns: 'staff',
  manageProducts: 'staff',
  updateProduct: 'staff',
  manageVehicles: 'staff',
  makeAdmin: 'admin',
  addProducts: 'admin',
  manageReviews: 'admin',
  manageCategories: 'admin',
  importProducts: 'admin',
  sales: 'admin',
  discounts: 'admin',
  taxes: 'admin',
  shipping: 'admin',
  settings: 'admin',
  activity: 'admin',
} as const satisfies Record<DashboardPage, PageAccess>;

const OPENS: Record<PageAccess, readonly Viewer[]> = {
  everyone: ['customer', 'staff', 'admin'],
  user: ['customer', 'staff'],
  staff: ['staff', 'admin'],
  admin: ['admin'],
};

/** Whether a viewer may open a page of this access; nobody while the viewer is not known yet. */
export const mayOpen = (viewer: Viewer | undefined, access: PageAccess) => viewer !== undefined && OPENS[access].includes(viewer);

/** The viewer GET /admin/{email} describes. */
export const viewerOf = (answer: z.infer<typeof adminAnswerSchema>): Viewer => (answer.admin ? 'admin' : answer.staff ? 'staff' : 'customer');

/** The signed-in account as a viewer; undefined until both the session and its role are known. */
export function useViewer(): Viewer | undefined {
  const { user } = useAuth();
  const adminStatus = useAdminStatus(user?.email ?? null);
  return user && adminStatus.data ? viewerOf(adminStatus.data) : undefined;
}
