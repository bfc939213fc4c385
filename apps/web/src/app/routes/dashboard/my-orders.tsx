import { MyOrdersPage } from '@/features/orders/components/my-orders-page';
import { Authorization } from '@/lib/auth';
import { useAuth } from '@/lib/session';

/** /dashbord/myorders: customers only. */
export function MyOrdersRoute() {
  const { user } = useAuth();
  return <Authorization allow="user">{user && <MyOrdersPage email={user.email} />}</Authorization>;
}
