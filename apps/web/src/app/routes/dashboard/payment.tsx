import { useParams } from 'react-router';
import { useAdminStatus } from '@/api/users/get-admin-status';
import { paths } from '@/config/paths';
import { PaymentPage } from '@/features/payment/components/payment-page';
import { useAuth } from '@/lib/session';

/** /dashbord/payment/{orderid}: inside the dashboard's signed-in guard; the order's owner or an admin. */
export function PaymentRoute() {
  const { orderid = '' } = useParams();
  const { user } = useAuth();
  const adminStatus = useAdminStatus(user?.email ?? null);
  // My Orders is a customers' page: an admin following that link would be signed out.
  const ordersHref = adminStatus.data?.admin === false ? paths.dashboard.myOrders.getHref() : undefined;
  return <PaymentPage key={orderid} orderId={orderid} ordersHref={ordersHref} viewerName={user?.name} />;
}
