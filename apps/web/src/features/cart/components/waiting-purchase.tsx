import { formatHoldTime, type Order, purchaseMessages } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { getMyOrdersQueryOptions } from '@/api/orders/get-my-orders';
import { paths } from '@/config/paths';
import { cartCopy as copy } from '../copy';

/**
 * The customer's newest purchase still waiting for payment: its first line (the one its payment
 * page opens with), or null. Read fresh whenever the cart page shows, as it may have been paid
 * or placed in another tab.
 */
export function useWaitingPurchase(email: string | null): { isLoading: boolean; order: Order | null } {
  const orders = useQuery({ ...getMyOrdersQueryOptions(email ?? ''), enabled: email !== null, staleTime: 0 });
  if (email === null) return { isLoading: false, order: null };
  // Not read: the page says the cart is empty, as it is.
  if (orders.isError) return { isLoading: false, order: null };
  if (!orders.data) return { isLoading: true, order: null };
  const newest = orders.data.find((order) => order.status === 'waiting');
  const lines = newest ? orders.data.filter((order) => order.purchaseId === newest.purchaseId) : [];
  const first = lines.reduce<Order | null>((lowest, line) => (lowest === null || line.number < lowest.number ? line : lowest), null);
  return { isLoading: false, order: first };
}

/** In place of the empty cart: the purchase waiting for payment, with the way to pay it. */
export function WaitingPurchase({ order }: { order: Order }) {
  return (
    <section aria-labelledby="waiting-purchase" className="flex flex-col items-center gap-4 rounded-box border border-amber-300 bg-amber-50 p-10 text-center">
      <h2 id="waiting-purchase" className="text-xl font-bold">
        {copy.waiting(order.purchaseNumber)}
      </h2>
      {order.holdUntil && <p>{purchaseMessages.holdUntil(formatHoldTime(order.holdUntil))}</p>}
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={paths.dashboard.payment.getHref(order._id)} className="btn btn-primary">
          {copy.payNow}
        </Link>
        <Link to={paths.allProducts.getHref()} className="btn btn-outline">
          {copy.browse}
        </Link>
      </div>
    </section>
  );
}
