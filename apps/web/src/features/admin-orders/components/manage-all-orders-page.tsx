import type { Order, ShipmentInput } from '@shop/shared';
import { useRef } from 'react';
import { useAllOrders } from '@/api/orders/get-all-orders';
import { useRefundOrder } from '@/api/orders/refund-order';
import { useShipOrder } from '@/api/orders/ship-order';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryView } from '@/components/ui/query-view';
import { TableSearch } from '@/components/ui/table-search';
import { formatPrice } from '@/lib/format';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
import { useSearchParam } from '@/lib/use-search-param';
import { adminOrdersCopy as copy } from '../copy';
import { AllOrdersTable } from './all-orders-table';
import { ShipmentFields } from './shipment-fields';

const SHIPMENT_FORM = 'shipment-form';

/** /dashbord/manageAllorders: every order (or those the search finds), shipping for the paid ones, and refunds. */
export function ManageAllOrdersPage() {
  const [q, setQ] = useSearchParam();
  const orders = useAllOrders(q);
  const shipOrder = useShipOrder();
  const refundOrder = useRefundOrder();
  // The carrier and tracking number the shipping question's form gave, read when it is confirmed.
  const shipment = useRef<ShipmentInput>({});
  // A refusal says the shop's reason, e.g. another admin started shipping it first.
  const shipping = useConfirmedAction({
    action: (order: Order) => shipOrder.mutateAsync({ orderId: order._id, shipment: shipment.current }),
    key: (order) => order._id,
    done: copy.shifted,
    failed: copy.failed,
    question: { ...copy.confirm, text: (order) => copy.confirm.text(order.quantity, order.toolName, order.name) },
  });
  // A refusal says why: refunded or shipped by another admin first, or the provider's reason.
  const refunding = useConfirmedAction({
    action: (order: Order) => refundOrder.mutateAsync(order._id),
    key: (order) => order._id,
    done: copy.refunded,
    failed: copy.failed,
    question: { ...copy.confirmRefund, text: (order) => copy.confirmRefund.text(formatPrice(order.total), order.quantity, order.toolName, order.name) },
  });

  return (
    <div className="flex flex-col gap-6">
      <title>{copy.documentTitle}</title>
      <h1 className="text-3xl font-bold">{copy.heading}</h1>
      <TableSearch label={copy.search} placeholder={copy.searchPlaceholder} value={q} onSearch={setQ} />
      <QueryView query={orders} copy={copy}>
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState text={q ? copy.noneFound(q) : copy.empty} />
          ) : (
            <AllOrdersTable orders={rows} onShift={shipping.ask} onRefund={refunding.ask} busyId={shipping.busyKey ?? refunding.busyKey} />
          )
        }
      </QueryView>
      <ConfirmDialog {...shipping.dialog} formId={SHIPMENT_FORM}>
        {/* A fresh form for each order asked about. */}
        {shipping.confirming && (
          <ShipmentFields
            key={shipping.confirming._id}
            id={SHIPMENT_FORM}
            onValid={(values) => {
              shipment.current = values;
              shipping.dialog.onConfirm();
            }}
          />
        )}
      </ConfirmDialog>
      <ConfirmDialog {...refunding.dialog} />
    </div>
  );
}
