import type { Order } from '@shop/shared';
import { useAllOrders } from '@/api/orders/get-all-orders';
import { useShipOrder } from '@/api/orders/ship-order';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageLoader } from '@/components/ui/page-loader';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
import { adminOrdersCopy as copy } from '../copy';
import { AllOrdersTable } from './all-orders-table';

/** /dashbord/manageAllorders: every order, and shipping for the paid ones. */
export function ManageAllOrdersPage() {
  const orders = useAllOrders();
  const shipOrder = useShipOrder();
  // A refusal says the shop's reason, e.g. another admin started shipping it first.
  const shipping = useConfirmedAction({
    action: (order: Order) => shipOrder.mutateAsync(order._id),
    key: (order) => order._id,
    done: copy.shifted,
    failed: copy.failed,
  });
  const confirming = shipping.confirming;

  return (
    <div className="flex flex-col gap-6">
      <title>{copy.documentTitle}</title>
      <h1 className="text-3xl font-bold">{copy.heading}</h1>
      {orders.isPending ? (
        <PageLoader label={copy.loading} />
      ) : orders.isError ? (
        <ErrorPanel message={copy.loadFailed} retryLabel={copy.retry} onRetry={() => void orders.refetch()} isRetrying={orders.isRefetching} />
      ) : orders.data.length === 0 ? (
        <p className="rounded-box border border-base-300 bg-base-100 p-10 text-center">{copy.empty}</p>
      ) : (
        <AllOrdersTable orders={orders.data} onShift={shipping.ask} shiftingId={shipping.busyKey} />
      )}
      <ConfirmDialog
        {...shipping.dialog}
        heading={copy.confirm.heading}
        text={confirming ? copy.confirm.text(confirming.quantity, confirming.toolName, confirming.name) : ''}
        confirmLabel={copy.confirm.confirm}
        cancelLabel={copy.confirm.cancel}
      />
    </div>
  );
}
