import type { Order } from '@shop/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCancelOrder } from '../api/cancel-order';
import { useMyOrders } from '../api/get-my-orders';
import { ordersCopy as copy } from '../copy';
import { OrdersTable } from './orders-table';

/** /dashbord/myorders: the signed-in customer's orders, to pay or cancel. */
export function MyOrdersPage({ email }: { email: string }) {
  const orders = useMyOrders(email);
  const cancelOrder = useCancelOrder();
  const [confirming, setConfirming] = useState<Order | null>(null);
  const [cancellingId, setCancellingId] = useState<string | null>(null);

  const cancel = async (order: Order) => {
    setConfirming(null);
    setCancellingId(order._id);
    try {
      await cancelOrder.mutateAsync(order._id);
      toast.success(copy.deleted);
    } catch (error) {
      // The shop's reason, e.g. the order was paid meanwhile.
      toast.error(isApiError(error) ? error.message : copy.failed);
    } finally {
      setCancellingId(null);
    }
  };

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
        <OrdersTable orders={orders.data} onCancel={setConfirming} cancellingId={cancellingId} />
      )}
      <ConfirmDialog
        open={confirming !== null}
        heading={copy.confirm.heading}
        text={confirming ? copy.confirm.text(confirming.quantity, confirming.toolName) : ''}
        confirmLabel={copy.confirm.confirm}
        cancelLabel={copy.confirm.keep}
        onConfirm={() => confirming && void cancel(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
