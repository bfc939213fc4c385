import type { Order } from '@shop/shared';
import { orderColumns } from '@/components/order-columns';
import { useOrderDetails } from '@/components/order-details';
import { BusyButton } from '@/components/ui/busy-button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { adminOrdersCopy as copy } from '../copy';

interface AllOrdersTableProps {
  orders: Order[];
  /** Asks to start shipping a paid order; the page confirms before anything happens. */
  onShift: (order: Order) => void;
  /** Asks to refund a paid order not yet shipped; the page confirms first. */
  onRefund: (order: Order) => void;
  /** Asks to refund every unshipped line of the order's checkout; the page confirms first. */
  onRefundCheckout: (order: Order) => void;
  /** The order being shipped or refunded right now, if any. */
  busyId?: string | null;
}

/** SPEC's admin table of every order: 'Shifting' for paid orders, 'Deliverd' once shipped, 'Refund' until then. */
export function AllOrdersTable({ orders, onShift, onRefund, onRefundCheckout, busyId = null }: AllOrdersTableProps) {
  const { columns } = copy;
  const details = useOrderDetails(copy.state, 'admin');
  const tableColumns: DataTableColumn<Order>[] = [
    { header: columns.customer, className: '@4xl:max-w-48', cell: (order) => order.name },
    { header: columns.email, cell: (order) => order.email },
    ...orderColumns(copy, 'admin', '@4xl:max-w-56'),
    {
      header: columns.action,
      optional: true,
      cell: (order) => {
        if (!order.paid || order.status === 'refunded') return null;
        return (
          <div className="flex flex-wrap gap-2">
            <BusyButton
              className="btn-primary"
              busy={busyId === order._id}
              // SPEC section 4: only paid orders can start shipping, and only once.
              disabled={order.shift}
              onClick={() => onShift(order)}
            >
              {copy.shifting}
              <span className="sr-only"> {copy.shiftingFor(order.toolName, order.name)}</span>
            </BusyButton>
            {/* A parcel on its way is no longer refunded from here. */}
            {!order.shift && (
              <BusyButton className="btn-outline" busy={busyId === order._id} onClick={() => onRefund(order)}>
                {copy.refund}
                <span className="sr-only"> {copy.refundFor(order.toolName, order.name)}</span>
              </BusyButton>
            )}
            {!order.shift && order.checkoutId && (
              <BusyButton className="btn-ghost" busy={busyId === order._id} onClick={() => onRefundCheckout(order)}>
                {copy.refundCheckout}
                <span className="sr-only"> {copy.refundCheckoutFor(order.name)}</span>
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
        rowHeader={details.rowHeader}
        columns={tableColumns}
        rows={orders}
        rowKey={(order) => order._id}
        busyKey={busyId}
        rowTestId="admin-order-row"
        fitsFrom="4xl"
      />
      {details.dialog}
    </>
  );
}
