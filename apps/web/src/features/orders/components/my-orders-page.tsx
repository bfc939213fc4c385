import type { Order } from '@shop/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCancelOrder } from '@/api/orders/cancel-order';
import { useMyOrders } from '@/api/orders/get-my-orders';
import { useCreateReturn } from '@/api/returns/create-return';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryView } from '@/components/ui/query-view';
import { paths } from '@/config/paths';
import { useConfirmedAction } from '@/hooks/use-confirmed-action';
import { toastedSave } from '@/lib/toasted-save';
import { ordersCopy as copy } from '../copy';
import { OrdersTable } from './orders-table';
import { ReturnDialog, type ReturnValues } from './return-dialog';

/** /dashbord/myorders: the signed-in customer's orders, to pay or cancel, and shipped parts to return. */
export function MyOrdersPage({ email }: { email: string }) {
  const orders = useMyOrders(email);
  const cancelOrder = useCancelOrder();
  const createReturn = useCreateReturn();
  const [returning, setReturning] = useState<Order | null>(null);
  const requestReturn = (line: Order, input: ReturnValues) =>
    toastedSave({ done: copy.returnDialog.sent, failed: copy.returnDialog.failed }, async () => {
      await createReturn.mutateAsync({ orderId: line._id, input });
      return true;
    });
  // A refusal says the shop's reason, e.g. the order was paid meanwhile.
  const cancellation = useConfirmedAction({
    action: (order: Order) => cancelOrder.mutateAsync(order._id),
    key: (order) => order._id,
    done: copy.deleted,
    failed: copy.failed,
    question: {
      ...copy.confirm,
      text: (order) => {
        const together = (orders.data ?? []).filter((line) => line.purchaseId === order.purchaseId).length;
        return together > 1 ? copy.confirm.checkoutText(together) : copy.confirm.text(order.quantity, order.toolName);
      },
    },
  });

  return (
    <div className="flex flex-col gap-6">
      <title>{copy.documentTitle}</title>
      <h1 className="text-3xl font-bold">{copy.heading}</h1>
      <QueryView query={orders} copy={copy}>
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState
              text={copy.empty}
              action={
                <Link to={paths.allProducts.getHref()} className="btn btn-primary">
                  {copy.browse}
                </Link>
              }
            />
          ) : (
            <OrdersTable orders={rows} onCancel={cancellation.ask} cancellingId={cancellation.busyKey} onReturn={setReturning} />
          )
        }
      </QueryView>
      <ConfirmDialog {...cancellation.dialog} />
      <ReturnDialog line={returning} onSave={requestReturn} onClose={() => setReturning(null)} />
    </div>
  );
}
