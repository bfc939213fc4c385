import { MyOrdersPage } from '@/features/orders/components/my-orders-page';
import { dashboardAccess } from '@/lib/access';
import { Authorization } from '@/lib/auth';
import { useAuth } from '@/lib/session';

/** /dashbord/myorders: customers and staff (their own). */
export function MyOrdersRoute() {
  const { user } = useAuth();
  return <Authorization allow={dashboardAccess.myOrders}>{user && <MyOrdersPage email={user.email} />}</Authorization>;
}
