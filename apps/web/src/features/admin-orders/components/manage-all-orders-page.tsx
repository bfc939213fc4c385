import type { Order } from '@shop/shared';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageLoader } from '@/components/ui/page-loader';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAllOrders } from '../api/get-all-orders';
import { useShipOrder } from '../api/ship-order';
import { adminOrdersCopy as copy } from '../copy';
import { AllOrdersTable } from './all-orders-table';

/** /dashbord/manageAllorders: every order, and shipping for the paid ones. */
export function ManageAllOrdersPage() {
  const orders = useAllOrders();
  const shipOrder = useShipOrder();
  const [confirming, setConfirming] = useState<Order | null>(null);
  const [shiftingId, setShiftingId] = useState<string | null>(null);

  const ship = async (order: Order) => {
    setConfirming(null);
    setShiftingId(order._id);
    try {
      await shipOrder.mutateAsync(order._id);
      toast.success(copy.shifted);
    } catch (error) {
      // The shop's reason, e.g. another admin started shipping it first.
      toast.error(isApiError(error) ? error.message : copy.failed);
    } finally {
      setShiftingId(null);
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
        <p className="rounded-box border border-base-300 bg-base-100 p-10 text-center">{copy.empty}</p>
      ) : (
        <AllOrdersTable orders={orders.data} onShift={setConfirming} shiftingId={shiftingId} />
      )}
      <ConfirmDialog
        open={confirming !== null}
        heading={copy.confirm.heading}
        text={confirming ? copy.confirm.text(confirming.quantity, confirming.toolName, confirming.name) : ''}
        confirmLabel={copy.confirm.confirm}
        cancelLabel={copy.confirm.cancel}
        onConfirm={() => confirming && void ship(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
