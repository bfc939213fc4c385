import type { Order } from '@shop/shared';
import { Link } from 'react-router';
import { useCancelOrder } from '@/api/orders/cancel-order';
import { useMyOrders } from '@/api/orders/get-my-orders';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
import { ordersCopy as copy } from '../copy';
import { OrdersTable } from './orders-table';

/** /dashbord/myorders: the signed-in customer's orders, to pay or cancel. */
export function MyOrdersPage({ email }: { email: string }) {
  const orders = useMyOrders(email);
  const cancelOrder = useCancelOrder();
  // A refusal says the shop's reason, e.g. the order was paid meanwhile.
  const cancellation = useConfirmedAction({
    action: (order: Order) => cancelOrder.mutateAsync(order._id),
    key: (order) => order._id,
    done: copy.deleted,
    failed: copy.failed,
  });
  const confirming = cancellation.confirming;

  return (
    <div className="flex flex-col gap-6">
      <title>{copy.documentTitle}</title>
      <h1 className="text-3xl font-bold">{copy.heading}</h1>
      {orders.isPending ? (
        <PageLoader label={copy.loading} />
      ) : orders.isError ? (
        <ErrorPanel message={copy.loadFailed} retryLabel={copy.retry} onRetry={() => void orders.refetch()} isRetrying={orders.isRefetching} />
      ) : orders.data.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-box border border-base-300 bg-base-100 p-10 text-center">
          <p>{copy.empty}</p>
          <Link to={paths.allProducts.getHref()} className="btn btn-primary">
            {copy.browse}
          </Link>
        </div>
      ) : (
        <OrdersTable orders={orders.data} onCancel={cancellation.ask} cancellingId={cancellation.busyKey} />
      )}
      <ConfirmDialog
        {...cancellation.dialog}
        heading={copy.confirm.heading}
        text={confirming ? copy.confirm.text(confirming.quantity, confirming.toolName) : ''}
        confirmLabel={copy.confirm.confirm}
        cancelLabel={copy.confirm.keep}
      />
    </div>
  );
}
