import type { Order } from '@shop/shared';
import { orderColumns } from '@/components/order-columns';
import { type PurchaseDetails, useOrderDetails } from '@/components/order-details';
import { BusyButton } from '@/components/ui/busy-button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { adminOrdersCopy as copy } from '../copy';

/** The lines of a purchase that are paid and not yet shipped or refunded: one parcel's worth. */
export const shippableLines = (purchase: PurchaseDetails): Order[] => purchase.lines.filter((line) => line.status === 'paid');

interface AllOrdersTableProps {
  orders: Order[];
  /** Asks to start shipping one paid line; the page confirms before anything happens. */
  onShift: (order: Order) => void;
  /** Asks to refund a paid line not yet shipped; the page confirms first. Without it (staff) no refund is offered. */
  onRefund?: ((order: Order) => void) | undefined;
  /** Asks to ship every paid, unshipped line of the purchase as one parcel; the page confirms first. */
  onShipAll: (purchase: PurchaseDetails) => void;
  /** Asks to refund every paid, unshipped line of the purchase (a checkout); the page confirms first. Without it no refund is offered. */
  onRefundCheckout?: ((purchase: PurchaseDetails) => void) | undefined;
  /** The order (or purchase) being shipped or refunded right now, if any. */
  busyId?: string | null;
}

/**
 * SPEC's admin table of every order, a line of a purchase per row, one line tall where it is a
 * table: 'Shifting' ships that line alone, 'Refund' refunds it; the number opens its purchase,
 * with every line, 'Ship all' (one parcel) and the refund of the whole checkout.
 */
export function AllOrdersTable({ orders, onShift, onRefund, onShipAll, onRefundCheckout, busyId = null }: AllOrdersTableProps) {
  const { columns } = copy;
  const details = useOrderDetails(copy.state, 'admin', {
    actions: (purchase) => {
      const shippable = shippableLines(purchase);
      const checkout = purchase.lines.length > 1;
      return (
        <>
          {shippable.length > 1 && (
            <BusyButton className="btn-primary btn-md" busy={busyId === purchase._id} onClick={() => onShipAll(purchase)}>
              {copy.shipAll(shippable.length)}
            </BusyButton>
          )}
          {onRefundCheckout && checkout && shippable.length > 0 && (
            <BusyButton className="btn-outline btn-md" busy={busyId === purchase._id} onClick={() => onRefundCheckout(purchase)}>
              {copy.refundCheckout}
              <span className="sr-only"> {copy.refundCheckoutFor(purchase.customerName)}</span>
            </BusyButton>
          )}
        </>
      );
    },
  });
  const tableColumns: DataTableColumn<Order>[] = [
    ...orderColumns(copy),
    {
      header: columns.action,
      className: '@xl:px-2',
      optional: true,
      cell: (order) => {
        if (order.status !== 'paid' && order.status !== 'shipped') return null;
        return (
          <div className="flex gap-2">
            <BusyButton
              className="btn-primary btn-xs"
              busy={busyId === order._id}
              // SPEC section 4: only paid orders can start shipping, and only once.
              disabled={order.shift}
              onClick={() => onShift(order)}
            >
              {copy.shifting}
              <span className="sr-only"> {copy.shiftingFor(order.toolName, order.name)}</span>
            </BusyButton>
            {/* A parcel on its way is no longer refunded from here. */}
            {onRefund && !order.shift && (
              <BusyButton className="btn-outline btn-xs" busy={busyId === order._id} onClick={() => onRefund(order)}>
                {copy.refund}
                <span className="sr-only"> {copy.refundFor(order.toolName, order.name)}</span>
              </BusyButton>
            )}
          </div>
        );
      },
    },
  ];
  return (
    <>
      <DataTable
        label={copy.tableLabel}
        indexHeader={columns.order}
        rowHeader={(order) => details.rowHeader(order)}
        columns={tableColumns}
        rows={orders}
        rowKey={(order) => order._id}
        busyKey={busyId}
        rowTestId="admin-order-row"
        fitsFrom="xl"
      />
      {details.dialog}
    </>
  );
}
